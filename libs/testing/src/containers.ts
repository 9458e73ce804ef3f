import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { MongoDBContainer } from '@testcontainers/mongodb';
import { RabbitMQContainer } from '@testcontainers/rabbitmq';
import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';

// The container suite: the store, search index and bus transport contracts, run against real
// MongoDB (a replica set), Meilisearch and RabbitMQ in containers when a container engine
// answers. The suite's jest project starts them once (containers-setup.ts) and hands their
// addresses to its test files in these variables; without an engine it says so in one line.

export const CONTAINER_ENV = {
  engine: 'CRM_CONTAINER_ENGINE',
  mongoUrl: 'CRM_CONTAINER_MONGO_URL',
  amqpUrl: 'CRM_CONTAINER_AMQP_URL',
  meiliUrl: 'CRM_CONTAINER_MEILI_URL',
  meiliKey: 'CRM_CONTAINER_MEILI_KEY',
} as const;

export const IMAGES = {
  mongo: 'mongo:8.0',
  rabbitmq: 'rabbitmq:4.1-management-alpine',
  meilisearch: 'getmeili/meilisearch:v1.16',
} as const;

export type EngineProbe =
  { readonly available: true; readonly engine: string } | { readonly available: false; readonly reason: string };

// Whether a container engine answers within `timeoutMs`: the one at `dockerHost` (a Docker
// API address, unix:///path or tcp://host:port), or else the one testcontainers finds (DOCKER_HOST,
// ~/.testcontainers.properties, the usual sockets). A docker CLI without a daemon is no engine.
export async function probeContainerEngine(
  options: { dockerHost?: string; timeoutMs?: number } = {},
): Promise<EngineProbe> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const engine = options.dockerHost === undefined ? discovered() : ping(options.dockerHost);
    return { available: true, engine: await Promise.race([engine, timeout]) };
  } catch (error) {
    return { available: false, reason: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

async function discovered(): Promise<string> {
  const client = await getContainerRuntimeClient();
  return client.info.containerRuntime.host;
}

// GET /_ping of the Docker API (Podman answers it too).
function ping(dockerHost: string): Promise<string> {
  const address = new URL(dockerHost);
  const target =
    address.protocol === 'unix:'
      ? { socketPath: address.pathname }
      : { host: address.hostname, port: Number(address.port || 2375) };
  return new Promise((resolve, reject) => {
    const asked = request({ ...target, path: '/_ping', method: 'GET' }, (answer) => {
      answer.resume();
      if (answer.statusCode === 200) resolve(dockerHost);
      else reject(new Error(`${dockerHost} answered ${answer.statusCode ?? 'nothing'} to /_ping`));
    });
    asked.on('error', reject);
    asked.end();
  });
}

// The one line the suite prints when it does not run.
export function skipLine(probe: Extract<EngineProbe, { available: false }>): string {
  return `Container suite skipped: no container engine answered (${probe.reason}); the store, search index and bus contracts ran on the embedded implementations only.`;
}

export interface ContainerBackends {
  // The variables the suite's test files read (CONTAINER_ENV).
  readonly env: Record<string, string>;
  stop(): Promise<void>;
}

// MongoDB as a single-member replica set (transactions need one), RabbitMQ, and Meilisearch
// with a master key; started together.
export async function startContainerBackends(): Promise<ContainerBackends> {
  const meiliKey = randomBytes(16).toString('hex');
  const started = await Promise.allSettled([
    new MongoDBContainer(IMAGES.mongo).start(),
    new RabbitMQContainer(IMAGES.rabbitmq).start(),
    new GenericContainer(IMAGES.meilisearch)
      .withEnvironment({ MEILI_MASTER_KEY: meiliKey, MEILI_NO_ANALYTICS: 'true' })
      .withExposedPorts(7700)
      .withWaitStrategy(Wait.forHttp('/health', 7700))
      .start(),
  ]);
  const containers = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value as StartedTestContainer] : [],
  );
  const stop = async () => {
    await Promise.allSettled(containers.map((container) => container.stop()));
  };
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const [mongo, rabbit, meili] = started.map((result) => (result as PromiseFulfilledResult<unknown>).value) as [
    Awaited<ReturnType<MongoDBContainer['start']>>,
    Awaited<ReturnType<RabbitMQContainer['start']>>,
    StartedTestContainer,
  ];
  return {
    env: {
      [CONTAINER_ENV.engine]: 'running',
      [CONTAINER_ENV.mongoUrl]: `${mongo.getConnectionString()}?directConnection=true`,
      [CONTAINER_ENV.amqpUrl]: rabbit.getAmqpUrl(),
      [CONTAINER_ENV.meiliUrl]: `http://${meili.getHost()}:${meili.getMappedPort(7700)}`,
      [CONTAINER_ENV.meiliKey]: meiliKey,
    },
    stop,
  };
}

// In a test file of the suite: whether the containers run. Its contract then reads its usual
// variable (MONGO_URL, AMQP_URL, MEILI_URL and MEILI_KEY), pointed at the container.
export function useContainers(
  variables: Partial<Record<'MONGO_URL' | 'AMQP_URL' | 'MEILI_URL' | 'MEILI_KEY', keyof typeof CONTAINER_ENV>>,
): boolean {
  if (process.env[CONTAINER_ENV.engine] !== 'running') return false;
  for (const [variable, source] of Object.entries(variables))
    process.env[variable] = process.env[CONTAINER_ENV[source]];
  return true;
}
