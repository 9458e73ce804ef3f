import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request, type TestSystem } from '../support/system';

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

// How many CaptureLead calls (a web form's lead handed over by marketing) crm-core has refused
// with 409 (FAILED_PRECONDITION: at the record limit), read from crm-core's /metrics as an
// operator would.
export async function leadsRefusedByCrmCore(system: Pick<TestSystem, 'services'>): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${system.services['crm-core'].httpPort}/metrics`)).text();
  const line = text
    .split('\n')
    .find(
      (entry) =>
        entry.startsWith('crm_grpc_server_handled_total{') &&
        entry.includes('/CaptureLead"') &&
        entry.includes('code="FAILED_PRECONDITION"'),
    );
  return line === undefined ? 0 : Number(line.split(' ').pop());
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
