import { startContainerBackends, type ContainerBackends } from './containers';

// Global setup of the container suite's jest project (which runs only when a container engine
// answered, jest.config.js): starts the containers once for its test files; their addresses reach
// the workers through the environment.
const KEY = Symbol.for('crm.container-backends');

export default async function setUpContainers(): Promise<void> {
  const backends = await startContainerBackends();
  Object.assign(process.env, backends.env);
  (globalThis as { [KEY]?: ContainerBackends })[KEY] = backends;
}

export async function tearDownContainers(): Promise<void> {
  const holder = globalThis as { [KEY]?: ContainerBackends };
  await holder[KEY]?.stop();
  delete holder[KEY];
}
