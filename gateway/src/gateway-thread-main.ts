import { createLogger, serveThread, threadData } from '@crm/kit';
import { startGateway, type RunningGateway } from './gateway';
import type { GatewayThreadData } from './gateway-thread';

// The gateway's thread (see startGatewayThread): starts it, reports its port, stops it on request.
const { data, logDestination } = threadData<GatewayThreadData>();
const logger = createLogger('gateway', data.logLevel, logDestination);
let gateway: RunningGateway | undefined;

serveThread({
  start: async () => {
    gateway = await startGateway({ ...data.options, logger });
    return { port: gateway.port };
  },
  commands: { stop: async () => gateway?.stop() },
  onStartFailure: (error) => logger.error({ err: error }, 'gateway failed to start'),
});
