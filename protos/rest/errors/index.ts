import { BILLING_ERRORS } from './billing-errors';
import { CRM_CORE_ERRORS } from './crm-core-errors';
import { DOCUMENTS_ERRORS } from './documents-errors';
import { IDENTITY_ERRORS } from './identity-errors';
import { MARKETING_ERRORS } from './marketing-errors';
import { REPORTS_ERRORS } from './reports-errors';
import { WEBHOOKS_ERRORS } from './webhooks-errors';

// The error codes of each service's contract (protos/rest/errors/<service>-errors.ts), beyond the
// generic ones of libs/kit (validation_failed, not_found, conflict, ...): a client sees them in the
// OpenAPI document's enum of error.code and in docs/errors.md (tests keep the three equal).
export { BILLING_ERRORS, CRM_CORE_ERRORS, DOCUMENTS_ERRORS, IDENTITY_ERRORS, MARKETING_ERRORS, REPORTS_ERRORS };
export { WEBHOOKS_ERRORS };

export const SERVICE_ERRORS = {
  ...IDENTITY_ERRORS,
  ...CRM_CORE_ERRORS,
  ...BILLING_ERRORS,
  ...DOCUMENTS_ERRORS,
  ...MARKETING_ERRORS,
  ...REPORTS_ERRORS,
  ...WEBHOOKS_ERRORS,
} as const;

export type ServiceErrorCode = keyof typeof SERVICE_ERRORS;
// The codes a service answers with 409, a rule of its own broken.
export type ServiceConflictCode = {
  [Code in ServiceErrorCode]: (typeof SERVICE_ERRORS)[Code] extends 409 ? Code : never;
}[ServiceErrorCode];

export const SERVICE_CONFLICT_CODES: readonly string[] = Object.entries(SERVICE_ERRORS)
  .filter(([, status]) => status === 409)
  .map(([code]) => code);

// The order the OpenAPI document lists error.code in, generic and service codes together (the
// status table of docs/errors.md, then its 409 codes). It is published, so it stays: a new code goes
// at the end of its part. libs/kit's tests keep it equal to the generic codes and the services'.
export const PUBLISHED_ERROR_CODE_ORDER = [
  'validation_failed',
  'calendar_not_connected',
  'calendar_state_invalid',
  'calendar_access_denied',
  'unauthenticated',
  'forbidden',
  'plan_required',
  'signup_disabled',
  'email_unverified',
  'not_found',
  'method_not_allowed',
  'request_timeout',
  'precondition_failed',
  'idempotency_key_reused',
  'payload_too_large',
  'file_too_large',
  'unsupported_media_type',
  'headers_too_large',
  'rate_limited',
  'internal',
  'unavailable',
  'conflict',
  'email_taken',
  'email_already_verified',
  'last_owner',
  'role_name_taken',
  'role_is_system',
  'role_in_use',
  'already_member',
  'invitation_pending',
  'invitation_not_pending',
  'invitation_email_mismatch',
  'name_taken',
  'pipeline_is_default',
  'pipeline_in_use',
  'stage_in_use',
  'stage_required',
  'lead_source_in_use',
  'already_subscribed',
  'no_billing_account',
  'duplicate_group_changed',
  'storage_quota_exceeded',
  'upload_incomplete',
  'document_not_ready',
  'web_form_disabled',
  'report_field_unavailable',
  'contact_erased',
  'seat_limit_reached',
  'record_limit_reached',
  'request_in_progress',
  'idempotency_answer_erased',
  'webhook_limit_reached',
  'webhook_disabled',
] as const;
