import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request, signUpWithWorkspace, sharedTestSystem } from '../support/system';

// Inviting someone as a client meets it: an admin invites, the invited person follows the
// mailed link and signs up with it, and shows up among the inviter's members.
const system = sharedTestSystem();
const base = system.url;
// The gateway's address without /v1: mailed links carry the full path.
const origin = base.replace(/\/v1$/, '');

// The text of the mail sent to an address, from the local mailbox (`<dataDir>/mailbox`), with
// its quoted-printable soft line breaks and escapes undone, as a mail client shows it.
function mailTo(address: string): string[] {
  const dir = join(system.dataDir, 'mailbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .filter((raw) => new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw))
    .map((raw) => {
      const body = raw.slice(raw.indexOf('\n\n') + 2).replace(/=\r?\n/g, '');
      return Buffer.from(
        body.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    });
}

describe('invitations through the gateway', () => {
  it('lets an invited person sign up from the mailed link, once, and join the inviting workspace', async () => {
    const admin = await signUpWithWorkspace(base, 'Inviter');
    const roles = await request(base, 'GET', '/roles', { token: admin.token });
    expect(roles.status).toBe(200);
    const sales = roles.body.data.find((role: { name: string }) => role.name === 'Sales');

    const email = `invitee.${process.pid}.${Date.now()}@example.com`;
    const invited = await request(base, 'POST', '/invitations', {
      token: admin.token,
      body: { email, role_id: sales.id },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, role: 'Sales', status: 'pending' });
    expect((await request(base, 'GET', '/invitations', { token: admin.token })).body.data).toEqual([invited.body]);

    const mails = mailTo(email);
    expect(mails).toHaveLength(1);
    const link = mails[0].match(/https?:\/\/\S+\/v1\/public\/invitations\/\S+/)![0];
    const { pathname } = new URL(link);
    const token = pathname.split('/').pop()!;

    // The link needs no sign-in: it says what the invitation is.
    const shown = await request(origin, 'GET', pathname);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ workspace_name: "Inviter's workspace", email, role: 'Sales' });

    const signUp = await request(base, 'POST', '/auth/sign-up', {
      body: { email, password: 'correct horse battery staple', name: 'Ivy Invitee', invitation_token: token },
    });
    expect(signUp.status).toBe(201);
    const me = await request(base, 'GET', '/me', { token: signUp.body.token });
    expect(me.body.workspace.id).toBe(admin.workspaceId);

    const members = await request(base, 'GET', '/members', { token: admin.token });
    expect(members.status).toBe(200);
    expect(members.body.data).toContainEqual(
      expect.objectContaining({ name: 'Ivy Invitee', email, role: 'Sales', status: 'active' }),
    );
    expect((await request(base, 'GET', '/invitations', { token: admin.token })).body.data).toEqual([]);

    // Used up: the link, signing up again and accepting all answer 404.
    expect((await request(origin, 'GET', pathname)).status).toBe(404);
    const again = await request(base, 'POST', '/auth/sign-up', {
      body: {
        email: `second.${email}`,
        password: 'correct horse battery staple',
        name: 'Second',
        invitation_token: token,
      },
    });
    expect(again.status).toBe(404);
    const accept = await request(base, 'POST', '/invitations/accept', { token: signUp.body.token, body: { token } });
    expect(accept.status).toBe(404);
  });

  it('keeps the mailed link public and the acceptance behind a token', async () => {
    expect((await request(base, 'GET', '/public/invitations/crm_inv_unknown')).status).toBe(404);
    expect((await request(base, 'POST', '/invitations/accept', { body: { token: 'x' } })).status).toBe(401);
  });
});
