import { createLogger, exitOnStartFailure, int, loadConfig, requireValue, str, url } from '@crm/kit';
import { SERVICE_NAMES } from '@crm/protos';
import { startServiceProcesses } from './service-processes';

// `npm run start:processes`: the distributed system on one host, one process per service and the
// gateway, their events through RabbitMQ (AMQP_URL). Each process's log lines are passed on as
// they come. SIGTERM or SIGINT stops them all, the gateway first.
const logger = createLogger('processes');

async function main(): Promise<void> {
  const config = loadConfig({
    PORT: int({ default: 8080, min: 0, max: 65535 }),
    HOST: str({ default: '127.0.0.1' }),
    DATA_DIR: str({ default: './.data' }),
    AMQP_URL: url({ protocols: ['amqp', 'amqps'], secret: true }),
  });
  // Processes apart share events through a broker only: without one, no projection would move.
  requireValue(config.AMQP_URL, 'AMQP_URL');
  const { HOST: _host, PORT: _port, ...inherited } = process.env;
  const system = await startServiceProcesses({
    env: { ...inherited, DATA_DIR: config.DATA_DIR },
    serviceEnv: {
      gateway: { HOST: config.HOST },
      // The simulated provider takes no money; a Stripe key in the environment names Stripe.
      billing: process.env.STRIPE_SECRET_KEY ? {} : { PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER ?? 'simulated' },
    },
    port: config.PORT,
    // Node's options of this process reach every one it starts (`node --cpu-prof …` profiles all).
    nodeArgs: process.execArgv,
    forward: (line, stream) => (stream === 'stdout' ? process.stdout : process.stderr).write(`${line}\n`),
  });
  const services = Object.fromEntries(SERVICE_NAMES.map((name) => [name, system.services[name].url]));
  logger.info({ url: system.url, services, pids: system.all.map((one) => one.child.pid) }, 'CRM API ready');
  process.stdout.write(`CRM API listening at ${system.url}\n`);
  // Each process's own address (its /metrics, /readyz and /openapi.json), for operators.
  process.stdout.write(`  gateway at ${new URL(system.url).origin}\n`);
  for (const name of SERVICE_NAMES) process.stdout.write(`  ${name} at ${system.services[name].url}\n`);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    void system.stop().then((codes) => process.exit(codes.every((code) => code === 0) ? 0 : 1));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // A process that ends on its own takes the system with it: a half system would mislead.
  for (const one of system.all) {
    void one.exit.then((code) => {
      if (stopping) return;
      logger.error({ pid: one.child.pid, code }, 'a process of the system exited: stopping the others');
      stop('SIGTERM');
    });
  }
}

main().catch((error: unknown) => exitOnStartFailure(logger, error));
