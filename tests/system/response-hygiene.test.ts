import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request, signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';

// Every log line of every part of the system, as written.
const logLines: string[] = [];
let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem({
    logLevel: 'info',
    logDestination: { write: (line: string) => void logLines.push(line) },
  });
});

afterAll(() => system.destroy());

function mailedInvitationToken(dataDir: string, to: string): string | undefined {
  const mailbox = join(dataDir, 'mailbox');
  for (const file of readdirSync(mailbox, { withFileTypes: true })) {
    const raw = readFileSync(join(mailbox, file.name), 'utf8').replace(/=\r?\n/g, '');
    if (raw.includes(`To: ${to}`)) return /crm_inv_[0-9A-Za-z_]+/.exec(raw)?.[0];
  }
  return undefined;
}

describe('secrets never reach a log line', () => {
  it('redacts password-change and invitation link tokens, session tokens and API keys in every process', async () => {
    const person = await signUpWithWorkspace(system.url, 'Hygiene');
    const link = await request(system.url, 'POST', '/me/password', { token: person.token });
    expect(link.status).toBe(200);
    const resetPath = new URL(link.body.url as string).pathname;
    const resetToken = resetPath.split('/').pop()!;
    expect(resetToken).toMatch(/^crm_pwd_/);
    expect((await request(system.url.replace('/v1', ''), 'GET', resetPath)).status).toBe(200);
    // A wrong token is logged by the service as a failure too; the unknown query parameters make
    // it a 400 (the operation declares none), logged with their secret-named values cut out.
    const refused = await request(
      system.url,
      'GET',
      `/public/password-resets/${resetToken}x?signature=abcdef123456&token=zzz`,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("unknown query parameter 'signature'");

    const invitee = `invitee.${Date.now()}@example.com`;
    const roles = await request(system.url, 'GET', '/roles', { token: person.token });
    const roleId = (roles.body.data as Array<{ id: string }>)[0].id;
    const invited = await request(system.url, 'POST', '/invitations', {
      token: person.token,
      body: { email: invitee, role_id: roleId },
    });
    expect(invited.status).toBe(201);
    const invitationToken = await waitFor(async () => mailedInvitationToken(system.dataDir, invitee));
    expect((await request(system.url, 'GET', `/public/invitations/${invitationToken}`)).status).toBe(200);

    const key = await request(system.url, 'POST', '/api-keys', {
      token: person.token,
      body: { name: 'Logged', kind: 'integration' },
    });
    expect(key.status).toBe(201);
    expect((await request(system.url, 'GET', '/me', { token: key.body.key as string })).status).toBe(200);

    // The request log line of the link's path is there, with the token cut out of it.
    const log = logLines.join('');
    expect(log).toContain('"path":"/v1/public/password-resets/crm_pwd_[redacted]"');
    expect(log).toContain('"path":"/v1/public/invitations/crm_inv_[redacted]"');
    for (const secret of [resetToken, invitationToken, person.token, key.body.key as string, 'abcdef123456']) {
      expect(log).not.toContain(secret);
    }
    // Nothing that looks like one of our secrets is left anywhere.
    expect(log).not.toMatch(/crm_(s|ak|pwd|inv)_[0-9A-Za-z]{8,}/);
  });
});

describe('every answer', () => {
  it('is not stored by caches nor content-sniffed, errors included', async () => {
    const person = await signUpWithWorkspace(system.url, 'Headers');
    const answers = [
      await request(system.url, 'POST', '/auth/sign-in', { body: { email: person.email, password: person.password } }),
      await request(system.url, 'GET', '/me', { token: person.token }),
      await request(system.url, 'GET', '/me'),
      await request(system.url, 'GET', '/no-such-thing'),
      await request(system.url, 'POST', '/api-keys', { token: person.token, rawBody: '{not json' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 404, 400]);
    for (const answer of answers) {
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers an oversized header with the JSON error body', async () => {
    const response = await fetch(`${system.url}/me`, { headers: { 'x-padding': 'a'.repeat(20 * 1024) } });
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ error: { code: 'headers_too_large', message: expect.any(String) } });
  });
});
