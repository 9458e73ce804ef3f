import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from '../support/system';

// `npm start` (the built all-in-one entry) reads the gateway's variables as the gateway's own
// entry does.
const root = join(__dirname, '..', '..');
let child: ChildProcess | undefined;
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'crm-all-in-one-'));
});

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function startAllInOne(env: Record<string, string>): Promise<string> {
  child = spawn(process.execPath, [join(root, 'deploy/all-in-one/dist/main.js')], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'error', PASSWORD_SCRYPT_LOG2_N: '10', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = child;
  return new Promise((resolve, reject) => {
    createInterface({ input: started.stdout! }).on('line', (line) => {
      const listening = /^CRM API listening at (\S+)$/.exec(line);
      if (listening) resolve(listening[1]);
    });
    started.once('exit', (code) => reject(new Error(`npm start exited with ${code}`)));
  });
}

describe('npm start', () => {
  it('honours RATE_LIMIT_PER_MINUTE and PUBLIC_RATE_LIMIT_PER_MINUTE', async () => {
    const base = await startAllInOne({ RATE_LIMIT_PER_MINUTE: '3', PUBLIC_RATE_LIMIT_PER_MINUTE: '2' });
    const signUp = await request(base, 'POST', '/auth/sign-up', {
      body: { email: 'limits@example.com', password: 'correct horse battery', name: 'Limits' },
    });
    expect(signUp.status).toBe(201);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await request(base, 'GET', '/me', { token: signUp.body.token })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    // The sign-up above was the first of the address's 2 attempts without a token.
    const signIn = () => request(base, 'POST', '/auth/sign-in', { body: { email: 'limits@example.com', password: 'wrong password' } });
    expect((await signIn()).status).toBe(401);
    expect((await signIn()).status).toBe(429);
  });
});
