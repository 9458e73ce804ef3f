import { randomBytes } from 'node:crypto';
import { MongoDBContainer } from '@testcontainers/mongodb';
import { RabbitMQContainer } from '@testcontainers/rabbitmq';
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';

// The container suite: the store, search index and bus transport contracts, run against real
// MongoDB (a replica set), Meilisearch and RabbitMQ in containers when a container engine
// answers. The jest configuration leaves the suite out, saying so in one line, when none does;
// otherwise its project starts them once (containers-setup.ts) and hands their addresses to its
// test files in these variables.

export const CONTAINER_ENV = {
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

export { probeContainerEngine, skipLine, type EngineProbe } from './container-engine';

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
  const containers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
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
      [CONTAINER_ENV.mongoUrl]: `${mongo.getConnectionString()}?directConnection=true`,
      [CONTAINER_ENV.amqpUrl]: rabbit.getAmqpUrl(),
      [CONTAINER_ENV.meiliUrl]: `http://${meili.getHost()}:${meili.getMappedPort(7700)}`,
      [CONTAINER_ENV.meiliKey]: meiliKey,
    },
    stop,
  };
}

// In a test file of the suite: its contract then reads its usual variables (MONGO_URL, AMQP_URL,
// MEILI_URL and MEILI_KEY), pointed at the containers the suite's setup started.
export function useContainers(
  variables: Partial<Record<'MONGO_URL' | 'AMQP_URL' | 'MEILI_URL' | 'MEILI_KEY', keyof typeof CONTAINER_ENV>>,
): void {
  for (const [variable, source] of Object.entries(variables)) {
    const value = process.env[CONTAINER_ENV[source]];
    if (value === undefined)
      throw new Error(`${CONTAINER_ENV[source]} is not set: the container suite's setup did not run`);
    process.env[variable] = value;
  }
}
