import { bool, ConfigError, int, loadConfig, str } from '@crm/kit';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// The webhooks service's settings, read from its environment once at start. The defaults are the
// production ones; tests shorten the backoff and timeouts and allow loopback receivers.
export const WEBHOOKS_ENV = {
  WEBHOOKS_SECRET_KEY: str({
    secret: true,
    description:
      "32 bytes, base64: encrypts the endpoints' signing secrets at rest (AES-256-GCM). Unset: a key is made once and kept in DATA_DIR (embedded defaults only; set it wherever the data lives elsewhere)",
  }),
  WEBHOOKS_ALLOW_INSECURE_URLS: bool({
    default: false,
    description:
      'true: endpoints may use http:// and loopback addresses (tests, a receiver on the same machine). Never in production: https only, public addresses only',
  }),
  WEBHOOKS_MAX_ENDPOINTS: int({ default: 20, min: 1, max: 1000, description: 'webhook endpoints per workspace' }),
  WEBHOOKS_TIMEOUT_MS: int({
    default: 10_000,
    min: 10,
    max: 60_000,
    description: 'how long one delivery attempt may take, connection to answer',
  }),
  WEBHOOKS_RETRY_BASE_MS: int({
    default: 30_000,
    min: 1,
    description: 'delay before the second attempt; doubles per attempt, with jitter',
  }),
  WEBHOOKS_RETRY_MAX_MS: int({ default: 6 * 60 * MINUTE, min: 1, description: 'longest delay between two attempts' }),
  WEBHOOKS_RETRY_WINDOW_MS: int({
    default: 3 * DAY,
    min: 1,
    description:
      'how long a delivery is retried before it fails for good; an endpoint that fails throughout is disabled',
  }),
  WEBHOOKS_CONCURRENCY: int({
    default: 32,
    min: 1,
    max: 1000,
    description: 'delivery attempts in flight per replica, all endpoints together',
  }),
  WEBHOOKS_WORKSPACE_CONCURRENCY: int({
    default: 8,
    min: 1,
    max: 1000,
    description:
      "delivery attempts in flight per replica for one workspace's endpoints together (at most WEBHOOKS_CONCURRENCY): the slots left are other workspaces'",
  }),
  WEBHOOKS_ENDPOINT_CONCURRENCY: int({
    default: 4,
    min: 1,
    max: 100,
    description: 'delivery attempts in flight per replica to one endpoint',
  }),
  WEBHOOKS_FEED_RETENTION_DAYS: int({
    default: 30,
    min: 1,
    max: 365,
    description: 'how long events stay in GET /v1/events and deliveries in their lists',
  }),
};

export interface WebhooksConfig {
  secretKey: Buffer | undefined;
  allowInsecureUrls: boolean;
  maxEndpoints: number;
  timeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  retryWindowMs: number;
  concurrency: number;
  workspaceConcurrency: number;
  endpointConcurrency: number;
  retentionMs: number;
}

export function loadWebhooksConfig(env: NodeJS.ProcessEnv): WebhooksConfig {
  const config = loadConfig(WEBHOOKS_ENV, env);
  let secretKey: Buffer | undefined;
  if (config.WEBHOOKS_SECRET_KEY) {
    secretKey = Buffer.from(config.WEBHOOKS_SECRET_KEY.trim(), 'base64');
    if (secretKey.length !== 32) throw new ConfigError('WEBHOOKS_SECRET_KEY must be 32 bytes in base64');
  } else if (env.NODE_ENV === 'production') {
    // A key made inside a container would be lost with it, and every secret with the key.
    throw new ConfigError('WEBHOOKS_SECRET_KEY is required in production (32 bytes in base64)');
  }
  return {
    secretKey,
    allowInsecureUrls: config.WEBHOOKS_ALLOW_INSECURE_URLS,
    maxEndpoints: config.WEBHOOKS_MAX_ENDPOINTS,
    timeoutMs: config.WEBHOOKS_TIMEOUT_MS,
    retryBaseMs: config.WEBHOOKS_RETRY_BASE_MS,
    retryMaxMs: config.WEBHOOKS_RETRY_MAX_MS,
    retryWindowMs: config.WEBHOOKS_RETRY_WINDOW_MS,
    concurrency: config.WEBHOOKS_CONCURRENCY,
    workspaceConcurrency: Math.min(config.WEBHOOKS_WORKSPACE_CONCURRENCY, config.WEBHOOKS_CONCURRENCY),
    endpointConcurrency: config.WEBHOOKS_ENDPOINT_CONCURRENCY,
    retentionMs: config.WEBHOOKS_FEED_RETENTION_DAYS * DAY,
  };
}
