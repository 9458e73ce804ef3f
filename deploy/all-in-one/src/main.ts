import { GATEWAY_SETTINGS, gatewayTuning } from '@crm/gateway';
import { bool, createLogger, exitOnStartFailure, int, loadConfig, str, url } from '@crm/kit';
import { setFlagsFromString } from 'node:v8';
import { DEFAULT_SERVICES_THREAD_NICE } from './parts';
import { startSystem } from './system';

const logger = createLogger('crm');

async function main(): Promise<void> {
  const config = loadConfig({
    PORT: int({ default: 8080, min: 0, max: 65535 }),
    HOST: str({ default: '127.0.0.1' }),
    DATA_DIR: str({ default: './.data' }),
    MONGO_URL: url({ protocols: ['mongodb', 'mongodb+srv'], secret: true }),
    AMQP_URL: url({ protocols: ['amqp', 'amqps'], secret: true }),
    SERVICES_THREAD: bool({
      default: true,
      description:
        'true (the default) runs marketing, reports and webhooks on a second thread, so a catch-up after an import uses the second core (59-76 s instead of 91-96 s at 100,000 rows on 2 cores); false keeps every service on one thread, for about 160 MB less memory and faster reads while a catch-up runs',
    }),
    SERVICES_THREAD_NICE: int({
      default: DEFAULT_SERVICES_THREAD_NICE,
      min: 0,
      max: 19,
      description:
        'how many steps (nice) behind the threads that answer requests the OS schedules the services thread (Linux): while a catch-up keeps both cores busy, requests run first; 0 schedules all threads alike',
    }),
    HEAP_GROWTH_PERCENT: int({
      default: 50,
      min: 0,
      max: 300,
      description:
        "how far each thread's JavaScript heap may grow past what its last full collection kept before the next one; 0 leaves it to V8, which lets a heap grow up to fourfold (about 150 MB more at 100,000 imported rows, 255 MB more at 20,000)",
    }),
    // The gateway's own variables, as its separate entry reads them.
    ...GATEWAY_SETTINGS,
  });
  // Before any thread starts, so every thread's heap grows the same way: the embedded store keeps
  // a few hundred megabytes of small objects alive, and V8's own growth rule leaves that much again
  // as garbage between full collections.
  if (config.HEAP_GROWTH_PERCENT > 0) setFlagsFromString(`--heap-growing-percent=${config.HEAP_GROWTH_PERCENT}`);
  const system = await startSystem({
    port: config.PORT,
    host: config.HOST,
    dataDir: config.DATA_DIR,
    mongoUrl: config.MONGO_URL,
    amqpUrl: config.AMQP_URL,
    ...gatewayTuning(config),
    gatewayThread: true,
    servicesThread: config.SERVICES_THREAD,
    servicesThreadNice: config.SERVICES_THREAD_NICE,
    // Links sent by mail point at this gateway unless the operator names the public address.
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL || `http://${config.HOST}:${config.PORT}` },
  });
  logger.info({ url: system.url, parts: system.partUrls }, 'CRM API ready');
  process.stdout.write(`CRM API listening at ${system.url}\n`);
  // Each part's own address (its /metrics, /readyz and /openapi.json), for operators, as the
  // launcher of one process per service prints its services'.
  for (const [name, url] of Object.entries(system.partUrls)) process.stdout.write(`  ${name} at ${url}\n`);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    void system.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => exitOnStartFailure(logger, error));
