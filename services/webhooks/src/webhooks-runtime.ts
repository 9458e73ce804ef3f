import { join } from 'node:path';
import { keyBesideData } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { loadWebhooksConfig, type WebhooksConfig } from './webhooks-config';
import { SecretBox } from './shared/secret-box';

export interface WebhooksRuntime {
  context: ServiceContext;
  config: WebhooksConfig;
  secrets: SecretBox;
}

// Built once per start by the host (webhooks-service.ts): the settings are read and checked first,
// so a bad value stops the service naming the variable.
export function webhooksRuntime(context: ServiceContext): WebhooksRuntime {
  const config = loadWebhooksConfig(context.env);
  const key = keyBesideData(config.secretKey, context.dataDir, join('webhooks', 'secret.key'));
  if (config.allowInsecureUrls)
    context.logger.warn('WEBHOOKS_ALLOW_INSECURE_URLS is on: endpoints may use http and loopback addresses');
  return { context, config, secrets: new SecretBox(key) };
}
