import { parentPort, workerData } from 'node:worker_threads';
import { createLogger } from '@crm/kit';
import { startGateway, type RunningGateway } from './gateway';
import type { GatewayThreadData, GatewayThreadMessage } from './gateway-thread';

// The gateway's thread (see startGatewayThread): starts it, reports its port, stops it on request.
const port = parentPort!;
const data = workerData as GatewayThreadData;
const send = (message: GatewayThreadMessage) => port.postMessage(message);

const logger = createLogger(
  'gateway',
  data.logLevel,
  data.relayLogs ? { write: (line: string) => send({ kind: 'log', line }) } : undefined,
);

let gateway: RunningGateway | undefined;
port.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  void (gateway?.stop() ?? Promise.resolve()).finally(() => send({ kind: 'stopped' }));
});

startGateway({ ...data.options, logger }).then(
  (started) => {
    gateway = started;
    send({ kind: 'started', port: started.port });
  },
  (error: unknown) => {
    logger.error({ err: error }, 'gateway failed to start');
    send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  },
);
