import {
  createLogger,
  exitOnStartFailure,
  int,
  loadConfig,
  pem,
  requireValue,
  serviceTokenSecret,
  str,
  url,
} from '@crm/kit';
import { startService, type RunningService, type ServiceDefinition } from './service-host';

// Environment of a service running as its own process (a container).
export const SERVICE_ENV = {
  HTTP_PORT: int({ default: 8080, min: 0, max: 65535 }),
  GRPC_PORT: int({ default: 50051, min: 0, max: 65535 }),
  HOST: str({ default: '0.0.0.0' }),
  DATA_DIR: str({ default: './.data' }),
  MONGO_URL: url({ protocols: ['mongodb', 'mongodb+srv'], secret: true }),
  AMQP_URL: url({ protocols: ['amqp', 'amqps'], secret: true }),
  EVENT_EXCHANGE: str({ default: 'crm.events' }),
  INTERNAL_JWT_PUBLIC_KEY: pem(),
  // Shared by the gateway and the services: signs and verifies every gRPC call between them.
  SERVICE_TOKEN_SECRET: serviceTokenSecret(),
};

function peerVariable(peer: string): string {
  return `${peer.toUpperCase().replace(/-/g, '_')}_GRPC_ADDR`;
}

// Process entry of one service: validated config, start, SIGTERM handling. Fails fast
// naming the variable that is wrong.
export async function runServiceMain<R>(
  definition: ServiceDefinition<R>,
  peers: string[] = [],
): Promise<RunningService<R>> {
  const logger = createLogger(definition.name);
  try {
    const config = loadConfig(SERVICE_ENV);
    const peerAddresses: Record<string, string> = {};
    for (const peer of peers) {
      peerAddresses[peer] = requireValue(process.env[peerVariable(peer)], peerVariable(peer));
    }
    const running = await startService(definition, {
      httpPort: config.HTTP_PORT,
      grpcPort: config.GRPC_PORT,
      host: config.HOST,
      dataDir: config.DATA_DIR,
      mongoUrl: config.MONGO_URL,
      amqpUrl: config.AMQP_URL,
      eventExchange: config.EVENT_EXCHANGE,
      internalPublicKey: requireValue(config.INTERNAL_JWT_PUBLIC_KEY, 'INTERNAL_JWT_PUBLIC_KEY'),
      serviceTokenSecret: requireValue(config.SERVICE_TOKEN_SECRET, 'SERVICE_TOKEN_SECRET'),
      peers: peerAddresses,
      logger,
    });
    running.context.lifecycle.handleSignals();
    return running;
  } catch (error) {
    return exitOnStartFailure(logger, error);
  }
}
