import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProcess, type StartedProcess } from '@crm/processes';

export interface AllInOneProcess {
  started: StartedProcess;
  // The API base, `http://127.0.0.1:<port>/v1`.
  base: string;
}

// The system as `npm start` runs it, as an OS process of its own, started (and started again after
// it dies) on one data folder made for the test file; every process is killed and the folder
// removed after the file's tests.
export function allInOneOnOneDataFolder(prefix: string): {
  start(env?: Record<string, string>): Promise<AllInOneProcess>;
} {
  let dataDir: string;
  const running: StartedProcess[] = [];
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    for (const started of running) started.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    async start(env = {}) {
      const started = startProcess(
        'deploy/all-in-one/dist/main.js',
        { PORT: '0', DATA_DIR: dataDir, PASSWORD_SCRYPT_LOG2_N: '10', ...env },
        'CRM API ready',
      );
      running.push(started);
      const ready = await started.ready;
      return { started, base: String(ready.url) };
    },
  };
}
