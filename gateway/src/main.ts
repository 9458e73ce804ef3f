import {
  createLogger,
  exitOnStartFailure,
  int,
  Lifecycle,
  loadConfig,
  pem,
  requireValue,
  serviceTokenSecret,
  str,
  url,
} from '@crm/kit';
import { startGateway } from './gateway';
import { GATEWAY_MONGO_URL, GATEWAY_SETTINGS, gatewayTuning } from './gateway-settings';

const logger = createLogger('gateway');

async function main(): Promise<void> {
  const config = loadConfig({
    PORT: int({ default: 8080, min: 0, max: 65535 }),
    HOST: str({ default: '0.0.0.0' }),
    INTERNAL_JWT_PRIVATE_KEY: pem({ secret: true }),
    SERVICE_TOKEN_SECRET: serviceTokenSecret(),
    IDENTITY_GRPC_ADDR: str(),
    IDENTITY_URL: url({ protocols: ['http', 'https'] }),
    CRM_CORE_URL: url({ protocols: ['http', 'https'] }),
    MARKETING_URL: url({ protocols: ['http', 'https'] }),
    REPORTS_URL: url({ protocols: ['http', 'https'] }),
    DOCUMENTS_URL: url({ protocols: ['http', 'https'] }),
    BILLING_URL: url({ protocols: ['http', 'https'] }),
    WEBHOOKS_URL: url({ protocols: ['http', 'https'] }),
    MONGO_URL: GATEWAY_MONGO_URL,
    ...GATEWAY_SETTINGS,
  });
  const gateway = await startGateway({
    port: config.PORT,
    host: config.HOST,
    internalPrivateKey: requireValue(config.INTERNAL_JWT_PRIVATE_KEY, 'INTERNAL_JWT_PRIVATE_KEY'),
    serviceTokenSecret: requireValue(config.SERVICE_TOKEN_SECRET, 'SERVICE_TOKEN_SECRET'),
    identityGrpcAddress: requireValue(config.IDENTITY_GRPC_ADDR, 'IDENTITY_GRPC_ADDR'),
    serviceUrls: {
      identity: requireValue(config.IDENTITY_URL, 'IDENTITY_URL'),
      'crm-core': requireValue(config.CRM_CORE_URL, 'CRM_CORE_URL'),
      marketing: requireValue(config.MARKETING_URL, 'MARKETING_URL'),
      reports: requireValue(config.REPORTS_URL, 'REPORTS_URL'),
      documents: requireValue(config.DOCUMENTS_URL, 'DOCUMENTS_URL'),
      billing: requireValue(config.BILLING_URL, 'BILLING_URL'),
      webhooks: requireValue(config.WEBHOOKS_URL, 'WEBHOOKS_URL'),
    },
    ...gatewayTuning(config),
    logger,
  });
  const lifecycle = new Lifecycle(logger);
  lifecycle.add('http', () => gateway.stop());
  lifecycle.handleSignals();
}

main().catch((error: unknown) => exitOnStartFailure(logger, error));
