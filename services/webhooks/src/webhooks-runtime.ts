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

const runtimes = new WeakMap<ServiceContext, WebhooksRuntime>();

// The service's settings are validated the first time its definition asks (at start), so a bad
// value stops it naming the variable.
export function runtimeOf(context: ServiceContext): WebhooksRuntime {
  const existing = runtimes.get(context);
  if (existing) return existing;
  const config = loadWebhooksConfig(context.env);
  const key = keyBesideData(config.secretKey, context.dataDir, join('webhooks', 'secret.key'));
  if (config.allowInsecureUrls)
    context.logger.warn('WEBHOOKS_ALLOW_INSECURE_URLS is on: endpoints may use http and loopback addresses');
  const runtime = { context, config, secrets: new SecretBox(key) };
  runtimes.set(context, runtime);
  return runtime;
}
