import { startTestSystem } from './system';

// One test system shared by the test files of a jest worker (shared-systems-setup.ts starts it
// with `node -r ./source-loader.cjs`): it says where it answers over the IPC channel, and stops
// and removes its data when told to or when that channel closes (jest ended).
//
// Many files sign up from one address within a minute, and some make thousands of requests with one
// token: rates are not limited here (the files that test the limits start systems of their own).
async function main(): Promise<void> {
  const system = await startTestSystem({
    rateLimits: { perTokenPerMinute: 100_000, publicPerMinute: 100_000 },
  });
  let stopping: Promise<void> | undefined;
  // Nothing is left to do once the system has stopped and its data is gone.
  const stop = () => {
    stopping ??= system.destroy().then(() => process.exit(0));
    return stopping;
  };
  process.on('message', (message) => {
    if (message === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  process.send!({ url: system.url, dataDir: system.dataDir });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
