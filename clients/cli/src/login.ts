import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { Crm, CrmError } from '@crm/sdk';
import { credentialsFile, readCredentials, removeCredentials, writeCredentials } from './config';
import { baseUrl, client, USER_AGENT, UsageError, type GlobalOptions } from './context';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

// Asks on the terminal; the answer is not echoed when hidden (passwords).
async function ask(question: string, hidden = false): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, next) {
      if (!muted) process.stdout.write(chunk);
      next();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const answer = prompt.question(question);
    muted = hidden;
    return (await answer).trim();
  } finally {
    muted = false;
    if (hidden) process.stdout.write('\n');
    prompt.close();
  }
}

export interface LoginOptions extends GlobalOptions {
  withToken: boolean;
  email?: string;
}

// Signs in with an API key (--with-token, read from stdin) or an email and password, checks the
// token with GET /me, and saves it (0600) for the next commands.
export async function login(options: LoginOptions): Promise<number> {
  const url = baseUrl(options);
  let token: string;
  if (options.withToken) {
    token = await readStdin();
    if (!token) throw new UsageError('No token on standard input. Pipe it in: `crm login --with-token < key.txt`.');
  } else {
    if (!process.stdin.isTTY && !options.email)
      throw new UsageError(
        'No terminal to ask on. Pipe an API key in with `crm login --with-token`, or set CRM_TOKEN.',
      );
    const email = options.email ?? (await ask('Email: '));
    const password = process.stdin.isTTY ? await ask('Password: ', true) : await readStdin();
    if (!email || !password) throw new UsageError('Both an email and a password are needed.');
    const anonymous = new Crm({ baseUrl: url, userAgent: USER_AGENT });
    try {
      ({ token } = await anonymous.post('/auth/sign-in', { body: { email, password } }));
    } catch (error) {
      if (error instanceof CrmError && error.status === 401) throw new UsageError('Wrong email or password.');
      throw error;
    }
  }
  const crm = new Crm({ baseUrl: url, token, userAgent: USER_AGENT });
  const me = await crm.get('/me').catch((error: unknown) => {
    if (error instanceof CrmError && error.status === 401)
      throw new UsageError(
        `${url} does not accept this token (401). Check it, and the address (--base-url or CRM_BASE_URL).`,
      );
    throw error;
  });
  const file = writeCredentials({ base_url: url, token });
  process.stdout.write(
    `Signed in to ${me.workspace?.name ?? 'no workspace yet'} as ${me.user.email} at ${url}.\nToken saved to ${file} (readable by you only).\n`,
  );
  return 0;
}

export function logout(): number {
  const removed = removeCredentials();
  process.stdout.write(removed ? `Signed out: ${credentialsFile()} removed.\n` : 'Not signed in: nothing to remove.\n');
  return 0;
}

export async function whoami(options: GlobalOptions): Promise<number> {
  const crm = client(options);
  const me = await crm.get('/me');
  const source = process.env.CRM_TOKEN ? 'CRM_TOKEN' : readCredentials() ? credentialsFile() : 'unknown';
  process.stdout.write(
    [
      `${me.user.name} <${me.user.email}> (${me.actor_type})`,
      `Workspace: ${me.workspace ? `${me.workspace.name} (${me.workspace.slug}, ${me.workspace.plan} plan)` : 'none yet'}`,
      `API: ${baseUrl(options)}`,
      `Token from: ${source}`,
      `Permissions: ${me.permissions.join(', ') || 'none'}`,
    ].join('\n') + '\n',
  );
  return 0;
}
