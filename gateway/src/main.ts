import { createLogger, exitOnStartFailure, int, Lifecycle, loadConfig, pem, requireValue, str, url } from '@crm/kit';
import { DEFAULT_RATE_LIMITS, startGateway } from './gateway';

const logger = createLogger('gateway');

async function main(): Promise<void> {
  const config = loadConfig({
    PORT: int({ default: 8080, min: 0, max: 65535 }),
    HOST: str({ default: '0.0.0.0' }),
    INTERNAL_JWT_PRIVATE_KEY: pem({ secret: true }),
    IDENTITY_GRPC_ADDR: str(),
    IDENTITY_URL: url({ protocols: ['http', 'https'] }),
    CRM_CORE_URL: url({ protocols: ['http', 'https'] }),
    MARKETING_URL: url({ protocols: ['http', 'https'] }),
    REPORTS_URL: url({ protocols: ['http', 'https'] }),
    DOCUMENTS_URL: url({ protocols: ['http', 'https'] }),
    BILLING_URL: url({ protocols: ['http', 'https'] }),
    RATE_LIMIT_PER_MINUTE: int({ default: DEFAULT_RATE_LIMITS.perTokenPerMinute, min: 1 }),
    PUBLIC_RATE_LIMIT_PER_MINUTE: int({ default: DEFAULT_RATE_LIMITS.publicPerMinute, min: 1 }),
    // Hops of forwarding proxies to trust for the client address (e.g. 1 behind an ingress).
    TRUST_PROXY_HOPS: int({ default: 0, min: 0, max: 10 }),
  });
  const gateway = await startGateway({
    port: config.PORT,
    host: config.HOST,
    internalPrivateKey: requireValue(config.INTERNAL_JWT_PRIVATE_KEY, 'INTERNAL_JWT_PRIVATE_KEY'),
    identityGrpcAddress: requireValue(config.IDENTITY_GRPC_ADDR, 'IDENTITY_GRPC_ADDR'),
    serviceUrls: {
      identity: requireValue(config.IDENTITY_URL, 'IDENTITY_URL'),
      'crm-core': requireValue(config.CRM_CORE_URL, 'CRM_CORE_URL'),
      marketing: requireValue(config.MARKETING_URL, 'MARKETING_URL'),
      reports: requireValue(config.REPORTS_URL, 'REPORTS_URL'),
      documents: requireValue(config.DOCUMENTS_URL, 'DOCUMENTS_URL'),
      billing: requireValue(config.BILLING_URL, 'BILLING_URL'),
    },
    rateLimits: { perTokenPerMinute: config.RATE_LIMIT_PER_MINUTE, publicPerMinute: config.PUBLIC_RATE_LIMIT_PER_MINUTE },
    trustProxy: config.TRUST_PROXY_HOPS,
    logger,
  });
  const lifecycle = new Lifecycle(logger);
  lifecycle.add('http', () => gateway.stop());
  lifecycle.handleSignals();
}

main().catch((error: unknown) => exitOnStartFailure(logger, error));
