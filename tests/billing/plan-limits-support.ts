import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JobWorker, type JobHandler } from '@crm/bus';
import { request, type TestSystem } from '../support/system';

const DAY = 24 * 60 * 60 * 1000;

// The token of the newest invitation mailed to an address, from the system's local mailbox
// (`<dataDir>/mailbox`), with quoted-printable soft line breaks undone.
export function invitationTokenMailedTo(system: Pick<TestSystem, 'dataDir'>, address: string): string {
  const dir = join(system.dataDir, 'mailbox');
  const mails = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.eml'))
        .sort()
        .map((name) => readFileSync(join(dir, name), 'utf8'))
        .filter((raw) => raw.split(/\r?\n/).some((line) => line.toLowerCase() === `to: ${address.toLowerCase()}`))
    : [];
  const tokens = mails.flatMap((raw) =>
    [...raw.replace(/=\r?\n/g, '').matchAll(/\/public\/invitations\/(crm_inv_[\w-]+)/g)].map((match) => match[1]),
  );
  const token = tokens.at(-1);
  if (!token) throw new Error(`no invitation was mailed to ${address}`);
  return token;
}

// A job worker of one service whose clock runs `days` ahead, as a replica would see the future:
// due retries and purges run now instead of being waited for.
export function workerAt(
  system: TestSystem,
  service: 'crm-core' | 'marketing',
  handlers: Record<string, JobHandler>,
  days: number,
): JobWorker {
  const context = system.services[service].context;
  return new JobWorker({
    connection: context.connection,
    logger: context.logger,
    handlers,
    now: () => new Date(Date.now() + days * DAY),
  });
}

// The answer's status and error code, for comparing refusals at a glance.
export const outcome = (answer: { status: number; body: any }) => ({
  status: answer.status,
  code: answer.body?.error?.code as string | undefined,
});

// A person who signs up on their own (no workspace yet).
export async function signUpAlone(base: string, email: string, name: string): Promise<string> {
  const signUp = await request(base, 'POST', '/auth/sign-up', {
    body: { email, password: 'correct horse battery staple', name },
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${JSON.stringify(signUp.body)}`);
  return signUp.body.token as string;
}
