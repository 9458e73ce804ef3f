import {
  CONTAINER_ENV,
  probeContainerEngine,
  skipLine,
  startContainerBackends,
  type ContainerBackends,
} from './containers';

// Global setup of the container suite's jest project: starts the containers once for its test
// files (their addresses reach the workers through the environment), or prints why not.
const KEY = Symbol.for('crm.container-backends');

export default async function setUpContainers(): Promise<void> {
  const probe = await probeContainerEngine();
  if (!probe.available) {
    process.env[CONTAINER_ENV.engine] = 'absent';
    console.log(`\n${skipLine(probe)}`);
    return;
  }
  const backends = await startContainerBackends();
  Object.assign(process.env, backends.env);
  (globalThis as { [KEY]?: ContainerBackends })[KEY] = backends;
}

export async function tearDownContainers(): Promise<void> {
  const holder = globalThis as { [KEY]?: ContainerBackends };
  await holder[KEY]?.stop();
  delete holder[KEY];
}
