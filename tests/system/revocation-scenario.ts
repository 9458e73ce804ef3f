import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request, waitFor } from '../support/system';

// What a client sees when an admin revokes a key, disables a member or changes a role: the
// very next request of the person or key concerned already answers differently. Used in one
// process and with one process per service, so caches anywhere on the path are held to it.

function mailedInvitationToken(dataDir: string, to: string): string | undefined {
  // The mailbox sits in the service's data folder: DATA_DIR/identity or DATA_DIR itself.
  for (const mailbox of [join(dataDir, 'mailbox'), join(dataDir, 'identity', 'mailbox')]) {
    if (!existsSync(mailbox)) continue;
    for (const file of readdirSync(mailbox)) {
      const raw = readFileSync(join(mailbox, file), 'utf8').replace(/=\r?\n/g, '');
      if (raw.includes(`To: ${to}`)) return /crm_inv_[0-9A-Za-z_]+/.exec(raw)?.[0];
    }
  }
  return undefined;
}

async function ok<T = Record<string, any>>(answer: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const { status: actual, body } = await answer;
  if (actual !== status) throw new Error(`expected ${status}, got ${actual}: ${JSON.stringify(body)}`);
  return body;
}

export async function revocationScenario(base: string, dataDir: string, tag: string): Promise<void> {
  const password = 'correct horse battery staple';
  const ownerEmail = `owner.${tag}@example.com`;
  const owner = (
    await ok(request(base, 'POST', '/auth/sign-up', { body: { email: ownerEmail, password, name: 'Olga' } }), 201)
  ).token as string;
  await ok(request(base, 'POST', '/onboarding', { token: owner, body: { workspace_name: `Revocation ${tag}` } }), 201);
  const me = (token: string) => request(base, 'GET', '/me', { token });

  // Revoking a key: it worked twice (so any cache holds it), then the next request is refused.
  const key = await ok(
    request(base, 'POST', '/api-keys', { token: owner, body: { name: 'Soon revoked', kind: 'integration' } }),
    201,
  );
  expect((await me(key.key)).status).toBe(200);
  expect((await me(key.key)).status).toBe(200);
  await ok(request(base, 'DELETE', `/api-keys/${key.id}`, { token: owner }), 204);
  const revoked = await me(key.key);
  expect(revoked.status).toBe(401);
  expect(revoked.body.error.code).toBe('unauthenticated');

  // A member with a role of their own, joined through an invitation.
  const role = await ok(
    request(base, 'POST', '/roles', { token: owner, body: { name: 'Readers', permissions: ['companies:read'] } }),
    201,
  );
  const memberEmail = `member.${tag}@example.com`;
  await ok(
    request(base, 'POST', '/invitations', { token: owner, body: { email: memberEmail, role_id: role.id } }),
    201,
  );
  const invitation = await waitFor(async () => mailedInvitationToken(dataDir, memberEmail));
  const member = (
    await ok(
      request(base, 'POST', '/auth/sign-up', {
        body: { email: memberEmail, password, name: 'Mia', invitation_token: invitation },
      }),
      201,
    )
  ).token as string;
  const before = await me(member);
  expect(before.status).toBe(200);
  expect(before.body.permissions).toEqual(['companies:read']);
  expect((await me(member)).body.permissions).toEqual(['companies:read']);

  // A role change shows on the member's next request.
  await ok(
    request(base, 'PATCH', `/roles/${role.id}`, {
      token: owner,
      body: { permissions: ['companies:read', 'companies:write'] },
    }),
  );
  expect((await me(member)).body.permissions).toEqual(['companies:read', 'companies:write']);

  // So does moving the member to another role.
  const roles = await ok(request(base, 'GET', '/roles', { token: owner }));
  const readOnly = (roles.data as Array<{ id: string; name: string }>).find(
    (candidate) => candidate.name === 'Read only',
  )!;
  const members = await ok(request(base, 'GET', '/members', { token: owner }));
  const membership = (members.data as Array<{ id: string; email: string }>).find(
    (candidate) => candidate.email === memberEmail,
  )!;
  await ok(request(base, 'PATCH', `/members/${membership.id}`, { token: owner, body: { role_id: readOnly.id } }), 204);
  expect((await me(member)).body.permissions).toEqual(['companies:read', 'contacts:read', 'tasks:read']);

  // Disabling the member refuses their very next request.
  await ok(request(base, 'PATCH', `/members/${membership.id}`, { token: owner, body: { status: 'disabled' } }), 204);
  const disabled = await me(member);
  expect(disabled.status).toBe(401);
  expect((await me(owner)).status).toBe(200);
}
