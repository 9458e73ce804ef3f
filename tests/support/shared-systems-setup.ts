import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { SHARED_SYSTEMS_ENV, type SharedSystemAddress } from './shared-system-address';

// Global setup of the system tests' jest project: one test system per jest worker, each an OS
// process of its own (so two workers' systems use two cores, as their own systems would), for the
// test files that need nothing but a running system and workspaces of their own
// (`sharedTestSystem()`). A file that shares one skips starting, warming up and stopping a system:
// about 4 s of CPU each. Their addresses reach the workers through the environment.
const KEY = Symbol.for('crm.shared-test-systems');
const START_TIMEOUT_MS = 120_000;

function startOne(): Promise<{ child: ChildProcess; address: SharedSystemAddress }> {
  const child = fork(join(__dirname, 'shared-system-main.ts'), [], {
    execArgv: ['--enable-source-maps', '-r', join(__dirname, 'source-loader.cjs')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`a shared test system did not start in ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.once('message', (address) => {
      clearTimeout(timer);
      resolve({ child, address: address as SharedSystemAddress });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`a shared test system exited before it started (${signal ?? `exit ${code}`})`));
    });
  });
}

export default async function setUpSharedSystems(globalConfig: { maxWorkers: number }): Promise<void> {
  const started = await Promise.allSettled(Array.from({ length: Math.max(1, globalConfig.maxWorkers) }, startOne));
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  // Kept before a failure is thrown: the teardown stops those that did start.
  (globalThis as { [KEY]?: ChildProcess[] })[KEY] = running.map(({ child }) => child);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  process.env[SHARED_SYSTEMS_ENV] = JSON.stringify(running.map(({ address }) => address));
}

// Each system stops and removes its data; one that does not within 10 s is killed.
export async function tearDownSharedSystems(): Promise<void> {
  const holder = globalThis as { [KEY]?: ChildProcess[] };
  const children = holder[KEY] ?? [];
  delete holder[KEY];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.send('stop');
        }),
    ),
  );
}
