export { Crm } from './crm';
export { CrmCalls, type CrmOptions, type Answer, type Change, type ModifyOptions } from './client';
export { CrmError, type CrmErrorFields } from './errors';
export { retryingFetch, serverDelayMs, type RetryOptions } from './retry';
export { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from './webhooks';
export type * from './types';
export { openApiDocument, requestSchema, resolveSchema, type OpenApiDocument, type OpenApiSchema } from './document';
