import { randomUUID } from 'node:crypto';
import { memberModel, type MemberRecord } from '../../members/member.model';
import { roleModel, type RoleRecord } from '../../roles/role.model';
import {
  ISO_TIMESTAMP,
  UUID_V7,
  claimsFrom,
  createApiKey,
  createOwner,
  signUpVerifiedPerson,
  startIdentity,
  type IdentityHarness,
  type Answer,
  type Owner,
} from '../../__tests__/identity-harness';
import { linkIn, mailTo } from '@crm/testing';
import { invitationModel, type InvitationRecord } from '../invitation.model';
import { invitationTokenModel } from '../invitation-token.model';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVITATION_PATH = '/v1/public/invitations/';

describe('invitations', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  const connection = () => identity.service.context.connection;
  const dataDir = () => identity.service.context.dataDir;
  const buildEmail = () => `invitee-${randomUUID().slice(0, 8)}@example.test`;

  async function roleIdOf(workspaceId: string, name: string): Promise<string> {
    const role = await roleModel(connection()).findOne({ workspace_id: workspaceId, name }).lean<RoleRecord>().exec();
    if (!role) throw new Error(`no role ${name}`);
    return role._id;
  }

  interface Sent {
    id: string;
    email: string;
    // The link as mailed, and its token (the last path segment), as a person would copy it.
    link: string;
    token: string;
    record: Record<string, unknown>;
  }

  // Invites through the API and reads the acceptance link from the mail the invitee received.
  async function invite(inviter: Owner, overrides: { email?: string; role?: string } = {}): Promise<Sent> {
    const email = overrides.email ?? buildEmail();
    const answer = await identity.api(inviter.token, 'POST', '/invitations', {
      email,
      role_id: await roleIdOf(inviter.workspaceId, overrides.role ?? 'Sales'),
    });
    if (answer.status !== 201) throw new Error(`invitation failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    const mails = mailTo(dataDir(), email.toLowerCase());
    const link = linkIn(mails[mails.length - 1], INVITATION_PATH);
    return { id: answer.body.id, email: email.toLowerCase(), link, token: link.split('/').pop()!, record: answer.body };
  }

  // A path for the harness (relative to /v1), from a link as mailed.
  const pathOf = (link: string) => new URL(link).pathname.replace(/^\/v1/, '');

  // A person who joined the owner's workspace with the given role, through an invitation.
  async function memberOf(owner: Owner, role: string): Promise<Owner> {
    const sent = await invite(owner, { role });
    const person = await signUpVerifiedPerson(identity, { email: sent.email });
    const accepted = await identity.api(person.token, 'POST', '/invitations/accept', { token: sent.token });
    if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
    return { ...person, workspaceId: owner.workspaceId, slug: owner.slug };
  }

  async function expire(invitationId: string, workspaceId: string): Promise<void> {
    await invitationModel(connection()).updateOne(
      { _id: invitationId, workspace_id: workspaceId },
      { $set: { expires_at: new Date(Date.now() - 1000).toISOString() } },
    );
  }

  describe('POST /invitations', () => {
    it('answers the Invitation, mails the acceptance link and stores only a digest of its token', async () => {
      const owner = await createOwner(identity, 'Invite Co');
      const email = `New.Person-${randomUUID().slice(0, 6)}@Example.TEST`;
      const before = Date.now();
      const answer = await identity.api(owner.token, 'POST', '/invitations', {
        email: `  ${email} `,
        role_id: await roleIdOf(owner.workspaceId, 'Sales'),
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        id: expect.stringMatching(UUID_V7),
        email: email.toLowerCase(),
        role: 'Sales',
        status: 'pending',
        created_at: expect.stringMatching(ISO_TIMESTAMP),
      });

      const mails = mailTo(dataDir(), email.toLowerCase());
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('You are invited to Invite Co');
      expect(mails[0].text).toContain(`${owner.name} invited you to join the workspace "Invite Co" as Sales.`);
      const link = linkIn(mails[0], INVITATION_PATH);
      const { publicUrl } = identity.service.runtime.config;
      expect(link).toMatch(new RegExp(`^${publicUrl}/v1/public/invitations/crm_inv_[0-9A-Za-z]{43}$`));

      const shown = await identity.publicApi('GET', pathOf(link));
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual({
        workspace_name: 'Invite Co',
        email: email.toLowerCase(),
        role: 'Sales',
        expires_at: expect.stringMatching(ISO_TIMESTAMP),
      });
      const lifetime = Date.parse(shown.body.expires_at) - before;
      expect(lifetime).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
      expect(lifetime).toBeLessThanOrEqual(7 * DAY_MS + 5000);

      const token = link.split('/').pop()!;
      const stored = [
        await invitationModel(connection()).find({ workspace_id: owner.workspaceId }).lean().exec(),
        await invitationTokenModel(connection()).find({ invitation_id: answer.body.id }).lean().exec(),
      ];
      expect(stored[1]).toHaveLength(1);
      expect(JSON.stringify(stored)).not.toContain(token);

      const events = await identity.events({ 'event.data.invitation_id': answer.body.id });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'identity.invitation.created',
        workspace_id: owner.workspaceId,
        actor: { type: 'user', id: owner.userId },
        data: {
          invitation_id: answer.body.id,
          email: email.toLowerCase(),
          role_id: await roleIdOf(owner.workspaceId, 'Sales'),
          role: 'Sales',
          invited_by: owner.userId,
          expires_at: shown.body.expires_at,
        },
      });
      expect(JSON.stringify(events)).not.toContain(token);
    });

    it.each([
      ['an unknown field', { message: 'hi' }, "unknown field 'message'"],
      ['a missing email', { email: undefined }, 'email is required'],
      ['an email that is not one', { email: 'not-an-email' }, 'email must be a valid email'],
      [
        'an email over 254 characters',
        { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.test` },
        'email',
      ],
      ['a missing role_id', { role_id: undefined }, 'role_id is required'],
      ['a role_id that is not a uuid', { role_id: 'Sales' }, 'role_id must be a valid uuid'],
      [
        'an unknown role_id',
        { role_id: '01890a5d-ac96-774b-bcce-b302099a8057' },
        'role_id must be a role of this workspace',
      ],
    ])('refuses %s with 400 naming the field, and invites nobody', async (_label, overrides, message) => {
      const owner = await createOwner(identity);
      const body = { email: buildEmail(), role_id: await roleIdOf(owner.workspaceId, 'Sales'), ...overrides };
      const answer = await identity.api(owner.token, 'POST', '/invitations', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(answer.body.error.message).toContain(message);
      expect((await identity.api(owner.token, 'GET', '/invitations')).body.data).toEqual([]);
    });

    it('refuses a role of another workspace as an unknown role_id', async () => {
      const owner = await createOwner(identity);
      const other = await createOwner(identity);
      const answer = await identity.api(owner.token, 'POST', '/invitations', {
        email: buildEmail(),
        role_id: await roleIdOf(other.workspaceId, 'Sales'),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe('role_id must be a role of this workspace');
    });

    it('refuses an email that already belongs to a member, active or disabled', async () => {
      const owner = await createOwner(identity);
      const self = await identity.api(owner.token, 'POST', '/invitations', {
        email: owner.email.toUpperCase(),
        role_id: await roleIdOf(owner.workspaceId, 'Sales'),
      });
      expect(self.status).toBe(409);
      expect(self.body.error.code).toBe('already_member');

      const member = await memberOf(owner, 'Sales');
      await memberModel(connection()).updateOne(
        { workspace_id: owner.workspaceId, user_id: member.userId },
        { $set: { status: 'disabled' } },
      );
      const disabled = await identity.api(owner.token, 'POST', '/invitations', {
        email: member.email,
        role_id: await roleIdOf(owner.workspaceId, 'Sales'),
      });
      expect(disabled.status).toBe(409);
      expect(disabled.body.error).toEqual({
        code: 'already_member',
        message: 'this email belongs to a disabled member of the workspace; enable them with PATCH /members/{id}',
      });
    });

    it('refuses a second pending invitation for one email until the first is revoked or expired', async () => {
      const owner = await createOwner(identity);
      const first = await invite(owner);
      const again = await identity.api(owner.token, 'POST', '/invitations', {
        email: first.email.toUpperCase(),
        role_id: await roleIdOf(owner.workspaceId, 'Read only'),
      });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('invitation_pending');
      expect(mailTo(dataDir(), first.email)).toHaveLength(1);

      expect((await identity.api(owner.token, 'DELETE', `/invitations/${first.id}`)).status).toBe(204);
      const second = await invite(owner, { email: first.email, role: 'Read only' });
      await expire(second.id, owner.workspaceId);
      const third = await invite(owner, { email: first.email });
      const list = await identity.api(owner.token, 'GET', '/invitations');
      expect(list.body.data.map((invitation: { id: string }) => invitation.id)).toEqual([third.id]);
      // The same email may be invited by another workspace meanwhile.
      const other = await createOwner(identity);
      await expect(invite(other, { email: first.email })).resolves.toMatchObject({ email: first.email });
    });

    it('lets only an Owner invite someone as Owner', async () => {
      const owner = await createOwner(identity);
      const admin = await memberOf(owner, 'Admin');
      const byAdmin = await identity.api(admin.token, 'POST', '/invitations', {
        email: buildEmail(),
        role_id: await roleIdOf(owner.workspaceId, 'Owner'),
      });
      expect(byAdmin.status).toBe(403);
      expect(byAdmin.body.error).toEqual({ code: 'forbidden', message: 'only an Owner can invite someone as Owner' });
      await expect(invite(admin, { role: 'Admin' })).resolves.toMatchObject({ record: { role: 'Admin' } });
      await expect(invite(owner, { role: 'Owner' })).resolves.toMatchObject({ record: { role: 'Owner' } });
    });

    it('is for admins with users:manage only', async () => {
      const owner = await createOwner(identity);
      const sales = await memberOf(owner, 'Sales');
      const { key } = await createApiKey(identity, owner, { role: 'Agent (read & write)' });
      const body = { email: buildEmail(), role_id: await roleIdOf(owner.workspaceId, 'Sales') };
      for (const token of [sales.token, key]) {
        expect((await identity.api(token, 'POST', '/invitations', body)).status).toBe(403);
        expect((await identity.api(token, 'GET', '/invitations')).status).toBe(403);
      }
      expect(mailTo(dataDir(), body.email)).toEqual([]);
    });
  });

  describe('GET /invitations', () => {
    it('lists the pending invitations of the workspace only, newest first', async () => {
      const owner = await createOwner(identity);
      const other = await createOwner(identity);
      const accepted = await invite(owner);
      const joiner = await signUpVerifiedPerson(identity, { email: accepted.email });
      await identity.api(joiner.token, 'POST', '/invitations/accept', { token: accepted.token });
      const revoked = await invite(owner);
      await identity.api(owner.token, 'DELETE', `/invitations/${revoked.id}`);
      const expired = await invite(owner);
      await expire(expired.id, owner.workspaceId);
      const older = await invite(owner, { role: 'Read only' });
      const newer = await invite(owner);
      await invite(other);

      const list = await identity.api(owner.token, 'GET', '/invitations');
      expect(list.status).toBe(200);
      expect(list.body).toEqual({ data: [newer.record, older.record] });
      expect(list.body.data[1]).toMatchObject({ role: 'Read only', status: 'pending' });
    });
  });

  describe('DELETE /invitations/{id}', () => {
    it('revokes a pending invitation: its link stops working, a second revoke answers 204 again', async () => {
      const owner = await createOwner(identity);
      const sent = await invite(owner);
      expect((await identity.api(owner.token, 'DELETE', `/invitations/${sent.id}`)).status).toBe(204);

      expect((await identity.api(owner.token, 'GET', '/invitations')).body.data).toEqual([]);
      expect((await identity.publicApi('GET', pathOf(sent.link))).status).toBe(404);
      const person = await signUpVerifiedPerson(identity, { email: sent.email });
      expect((await identity.api(person.token, 'POST', '/invitations/accept', { token: sent.token })).status).toBe(404);
      expect((await identity.api(owner.token, 'DELETE', `/invitations/${sent.id}`)).status).toBe(204);

      const events = await identity.events({ 'event.data.invitation_id': sent.id });
      expect(events.map((event) => event.type)).toEqual(['identity.invitation.created', 'identity.invitation.revoked']);
      expect(events[1]).toMatchObject({
        workspace_id: owner.workspaceId,
        actor: { type: 'user', id: owner.userId },
        data: {
          invitation_id: sent.id,
          email: sent.email,
          role: 'Sales',
          invited_by: owner.userId,
          revoked_at: expect.stringMatching(ISO_TIMESTAMP),
        },
      });
    });

    it('answers 409 invitation_not_pending for an accepted invitation, and 204 for an expired one', async () => {
      const owner = await createOwner(identity);
      const sent = await invite(owner);
      const person = await signUpVerifiedPerson(identity, { email: sent.email });
      await identity.api(person.token, 'POST', '/invitations/accept', { token: sent.token });
      const answer = await identity.api(owner.token, 'DELETE', `/invitations/${sent.id}`);
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('invitation_not_pending');

      const lapsed = await invite(owner);
      await expire(lapsed.id, owner.workspaceId);
      expect((await identity.api(owner.token, 'DELETE', `/invitations/${lapsed.id}`)).status).toBe(204);
      const events = await identity.events({ 'event.data.invitation_id': lapsed.id });
      expect(events.map((event) => event.type)).toEqual(['identity.invitation.created']);
    });

    it("answers 404 for an unknown or another workspace's id and 400 for a malformed one, and leaves theirs pending", async () => {
      const owner = await createOwner(identity);
      const other = await createOwner(identity);
      const theirs = await invite(other);
      for (const id of ['01890a5d-ac96-774b-bcce-b302099a8057', theirs.id]) {
        const answer = await identity.api(owner.token, 'DELETE', `/invitations/${id}`);
        expect(answer.status).toBe(404);
        expect(answer.body.error.code).toBe('not_found');
      }
      expect(await identity.api(owner.token, 'DELETE', '/invitations/not-a-uuid')).toEqual({
        status: 400,
        body: { error: { code: 'validation_failed', message: 'id must be a valid uuid' } },
      });
      expect((await identity.api(other.token, 'GET', '/invitations')).body.data).toEqual([theirs.record]);
      expect((await identity.publicApi('GET', pathOf(theirs.link))).status).toBe(200);
    });

    it('is refused to members without users:manage and to agent keys, even with admin rights', async () => {
      const owner = await createOwner(identity);
      const sent = await invite(owner);
      const sales = await memberOf(owner, 'Sales');
      expect((await identity.api(sales.token, 'DELETE', `/invitations/${sent.id}`)).status).toBe(403);
      const { key } = await createApiKey(identity, owner, { kind: 'agent' });
      const agentClaims = {
        ...claimsFrom(await identity.authenticate(key)),
        is_admin: true,
        permissions: ['users:manage', 'settings:manage'],
      };
      expect((await identity.withClaims(agentClaims, 'DELETE', `/invitations/${sent.id}`)).status).toBe(403);
      expect((await identity.publicApi('GET', pathOf(sent.link))).status).toBe(200);
    });
  });

  describe('GET /public/invitations/{token}', () => {
    it('answers the same 404 for unknown, malformed, used, revoked and expired tokens', async () => {
      const owner = await createOwner(identity);
      const used = await invite(owner);
      const person = await signUpVerifiedPerson(identity, { email: used.email });
      await identity.api(person.token, 'POST', '/invitations/accept', { token: used.token });
      const revoked = await invite(owner);
      await identity.api(owner.token, 'DELETE', `/invitations/${revoked.id}`);
      const expired = await invite(owner);
      await expire(expired.id, owner.workspaceId);

      const answers: Answer[] = [];
      for (const token of [
        `crm_inv_${'A'.repeat(43)}`,
        'nonsense',
        `${used.token}x`,
        used.token,
        revoked.token,
        expired.token,
      ]) {
        answers.push(await identity.publicApi('GET', `/public/invitations/${token}`));
      }
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual(answers[0].body);
      }
      expect(answers[0].body.error.code).toBe('not_found');
    });
  });

  describe('POST /invitations/accept', () => {
    it('joins a signed-in person without a workspace, moves their session there and uses the link up', async () => {
      const owner = await createOwner(identity, 'Joinable');
      const sent = await invite(owner);
      const person = await signUpVerifiedPerson(identity, { email: sent.email });

      const answer = await identity.api(person.token, 'POST', '/invitations/accept', { token: sent.token });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        workspace_id: owner.workspaceId,
        organization_id: owner.workspaceId,
        role: 'Sales',
      });

      const me = await identity.api(person.token, 'GET', '/me');
      expect(me.body.workspace).toMatchObject({ id: owner.workspaceId, name: 'Joinable' });
      expect(me.body.permissions).toEqual(expect.arrayContaining(['companies:write', 'tasks:write']));
      expect(me.body.permissions).not.toContain('users:manage');
      const member = await memberModel(connection())
        .findOne({ workspace_id: owner.workspaceId, user_id: person.userId })
        .lean<MemberRecord>()
        .exec();
      expect(member).toMatchObject({ status: 'active', role_id: await roleIdOf(owner.workspaceId, 'Sales') });
      // Signing in later starts in the joined workspace.
      const signedIn = await identity.publicApi('POST', '/auth/sign-in', {
        email: person.email,
        password: person.password,
      });
      expect((await identity.authenticate(signedIn.body.token)).workspace_id).toBe(owner.workspaceId);

      const second = await identity.api(person.token, 'POST', '/invitations/accept', { token: sent.token });
      expect(second.status).toBe(404);
      expect((await identity.publicApi('GET', pathOf(sent.link))).status).toBe(404);
      expect(await invitationTokenModel(connection()).countDocuments({ invitation_id: sent.id })).toBe(0);

      const events = await identity.events({
        'event.workspace_id': owner.workspaceId,
        'event.data.user_id': person.userId,
      });
      expect(events.map((event) => event.type)).toEqual([
        'identity.member.added',
        'identity.invitation.accepted',
        'identity.session.switched',
        // The later sign-in, which started in the joined workspace.
        'identity.session.started',
      ]);
      expect(events[0].data).toEqual({
        member_id: member!._id,
        user_id: person.userId,
        name: person.name,
        email: person.email,
        role_id: member!.role_id,
        role: 'Sales',
        status: 'active',
        version: 1,
      });
      expect(events[1]).toMatchObject({
        actor: { type: 'user', id: person.userId },
        data: {
          invitation_id: sent.id,
          email: sent.email,
          role: 'Sales',
          user_id: person.userId,
          member_id: member!._id,
          invited_by: owner.userId,
          via: 'sign_in',
        },
      });
      expect(events[2].data).toMatchObject({ from_workspace_id: null, to_workspace_id: owner.workspaceId });
    });

    it('moves a person who has a workspace of their own, and keeps that one', async () => {
      const owner = await createOwner(identity);
      const sent = await invite(owner, { role: 'Read only' });
      const other = await createOwner(identity);
      // The invitee runs their own workspace already.
      const invitee = await signUpVerifiedPerson(identity, { email: sent.email });
      const own = await identity.api(invitee.token, 'POST', '/onboarding', { workspace_name: 'Own Ltd' });
      const answer = await identity.api(invitee.token, 'POST', '/invitations/accept', { token: sent.token });
      expect(answer.body).toEqual({
        workspace_id: owner.workspaceId,
        organization_id: owner.workspaceId,
        role: 'Read only',
      });
      const workspaces = await identity.api(invitee.token, 'GET', '/onboarding/workspaces');
      expect(workspaces.body.data.map((workspace: { organization_id: string }) => workspace.organization_id)).toEqual([
        own.body.organization_id,
        owner.workspaceId,
      ]);
      expect(
        workspaces.body.data.map((workspace: { organization_id: string }) => workspace.organization_id),
      ).not.toContain(other.workspaceId);
    });

    it('refuses a person whose email is not the invited one, and leaves the invitation pending', async () => {
      const owner = await createOwner(identity);
      const sent = await invite(owner);
      const stranger = await signUpVerifiedPerson(identity);
      const answer = await identity.api(stranger.token, 'POST', '/invitations/accept', { token: sent.token });
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('invitation_email_mismatch');
      expect((await identity.authenticate(stranger.token)).workspace_id).toBeUndefined();
      expect((await identity.publicApi('GET', pathOf(sent.link))).status).toBe(200);
    });

    it('refuses a person who became a member meanwhile', async () => {
      const owner = await createOwner(identity);
      const sent = await invite(owner);
      const person = await signUpVerifiedPerson(identity, { email: sent.email });
      // Joined by another way since the invitation was sent.
      await memberModel(connection()).create({
        _id: randomUUID(),
        workspace_id: owner.workspaceId,
        user_id: person.userId,
        role_id: await roleIdOf(owner.workspaceId, 'Read only'),
        status: 'active',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      });
      const answer = await identity.api(person.token, 'POST', '/invitations/accept', { token: sent.token });
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('already_member');
      expect((await identity.publicApi('GET', pathOf(sent.link))).status).toBe(200);
    });

    it('answers 404 for an expired or unknown token and joins nobody', async () => {
      const owner = await createOwner(identity);
      const sent = await invite(owner);
      await expire(sent.id, owner.workspaceId);
      const person = await signUpVerifiedPerson(identity, { email: sent.email });
      for (const token of [sent.token, `crm_inv_${'B'.repeat(43)}`, 'x']) {
        const answer = await identity.api(person.token, 'POST', '/invitations/accept', { token });
        expect(answer.status).toBe(404);
        expect(answer.body.error.code).toBe('not_found');
      }
      expect(
        await memberModel(connection()).countDocuments({ workspace_id: owner.workspaceId, user_id: person.userId }),
      ).toBe(0);
    });

    it.each([
      ['a missing token', {}, 'token is required'],
      ['an unknown field', { token: 'x', role: 'Owner' }, "unknown field 'role'"],
      ['a token that is not a string', { token: 42 }, 'token must be string'],
    ])('refuses %s with 400 naming the field', async (_label, body, message) => {
      const person = await signUpVerifiedPerson(identity);
      const answer = await identity.api(person.token, 'POST', '/invitations/accept', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ code: 'validation_failed', message });
    });

    it('is refused to API keys', async () => {
      const owner = await createOwner(identity);
      const sent = await invite(owner);
      const { key } = await createApiKey(identity, owner);
      const answer = await identity.api(key, 'POST', '/invitations/accept', { token: sent.token });
      expect(answer.status).toBe(403);
      expect((await identity.publicApi('GET', pathOf(sent.link))).status).toBe(200);
    });
  });

  describe('POST /auth/sign-up with invitation_token', () => {
    it('creates the account, joins the workspace and starts the session there, in one go', async () => {
      const owner = await createOwner(identity, 'Signup Ltd');
      const sent = await invite(owner);
      const answer = await identity.publicApi('POST', '/auth/sign-up', {
        email: sent.email.toUpperCase(),
        password: 'a long enough password',
        name: 'Invited Person',
        invitation_token: sent.token,
      });
      expect(answer.status).toBe(201);
      const userId = answer.body.user.id;
      const claims = await identity.authenticate(answer.body.token);
      expect(claims).toMatchObject({ workspace_id: owner.workspaceId, role: 'Sales' });
      expect((await identity.api(answer.body.token, 'GET', '/me')).body.workspace.name).toBe('Signup Ltd');

      const again = await identity.publicApi('POST', '/auth/sign-up', {
        email: buildEmail(),
        password: 'a long enough password',
        name: 'Second Use',
        invitation_token: sent.token,
      });
      expect(again.status).toBe(404);
      expect((await identity.publicApi('GET', pathOf(sent.link))).status).toBe(404);

      const types = (await identity.events({ 'event.data.user_id': userId })).map((event) => [
        event.type,
        event.workspace_id,
      ]);
      expect(types).toEqual([
        ['identity.user.signed_up', null],
        ['identity.member.added', owner.workspaceId],
        ['identity.invitation.accepted', owner.workspaceId],
        ['identity.session.started', owner.workspaceId],
      ]);
      const [accepted] = await identity.events({
        'event.type': 'identity.invitation.accepted',
        'event.data.user_id': userId,
      });
      expect(accepted.data).toMatchObject({
        invitation_id: sent.id,
        invited_by: owner.userId,
        via: 'sign_up',
        role: 'Sales',
      });
    });

    it('refuses another email than the invited one, and creates no account', async () => {
      const owner = await createOwner(identity);
      const sent = await invite(owner);
      const email = buildEmail();
      const answer = await identity.publicApi('POST', '/auth/sign-up', {
        email,
        password: 'a long enough password',
        name: 'Wrong Person',
        invitation_token: sent.token,
      });
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('invitation_email_mismatch');
      const signIn = await identity.publicApi('POST', '/auth/sign-in', { email, password: 'a long enough password' });
      expect(signIn.status).toBe(401);
      expect((await identity.publicApi('GET', pathOf(sent.link))).status).toBe(200);
    });

    it('answers 404 for an unknown token and 400 for one that is not a string, creating no account', async () => {
      const email = buildEmail();
      const base = { email, password: 'a long enough password', name: 'Nobody' };
      const unknown = await identity.publicApi('POST', '/auth/sign-up', {
        ...base,
        invitation_token: `crm_inv_${'C'.repeat(43)}`,
      });
      expect(unknown.status).toBe(404);
      const wrongType = await identity.publicApi('POST', '/auth/sign-up', { ...base, invitation_token: 7 });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.error.message).toBe('invitation_token must be string');
      expect((await identity.publicApi('POST', '/auth/sign-in', { email, password: base.password })).status).toBe(401);
    });

    it('lets an invited person sign up where self-service sign-up is switched off', async () => {
      const owner = await createOwner(identity);
      const sent = await invite(owner);
      const { config } = identity.service.runtime;
      config.signupEnabled = false;
      try {
        const closed = await identity.publicApi('POST', '/auth/sign-up', {
          email: buildEmail(),
          password: 'a long enough password',
          name: 'Walk In',
        });
        expect(closed.status).toBe(403);
        expect(closed.body.error.code).toBe('signup_disabled');
        const invited = await identity.publicApi('POST', '/auth/sign-up', {
          email: sent.email,
          password: 'a long enough password',
          name: 'Invited',
          invitation_token: sent.token,
        });
        expect(invited.status).toBe(201);
      } finally {
        config.signupEnabled = true;
      }
    });
  });

  describe('tenancy', () => {
    it("never shows or touches another workspace's invitations", async () => {
      const mine = await createOwner(identity);
      const theirs = await createOwner(identity);
      const myInvitation = await invite(mine);
      const theirInvitation = await invite(theirs);

      expect((await identity.api(mine.token, 'GET', '/invitations')).body.data).toEqual([myInvitation.record]);
      expect((await identity.api(theirs.token, 'GET', '/invitations')).body.data).toEqual([theirInvitation.record]);
      const answer = await identity.api(mine.token, 'DELETE', `/invitations/${theirInvitation.id}`);
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain(theirInvitation.email);
      const stored = await invitationModel(connection())
        .findOne({ _id: theirInvitation.id, workspace_id: theirs.workspaceId })
        .lean<InvitationRecord>()
        .exec();
      expect(stored?.status).toBe('pending');
    });
  });
});

describe('invitations when mail cannot be sent', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    // Nothing listens on port 1: every send fails.
    identity = await startIdentity({ SMTP_URL: 'smtp://127.0.0.1:1' });
  });

  afterAll(async () => {
    await identity.stop();
  });

  it('answers 503 and keeps no invitation', async () => {
    const owner: Owner = await createOwner(identity);
    const role = await roleModel(identity.service.context.connection)
      .findOne({ workspace_id: owner.workspaceId, name: 'Sales' })
      .lean<RoleRecord>()
      .exec();
    const email = `unmailable-${randomUUID().slice(0, 8)}@example.test`;
    const answer = await identity.api(owner.token, 'POST', '/invitations', { email, role_id: role!._id });
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe('unavailable');
    expect((await identity.api(owner.token, 'GET', '/invitations')).body.data).toEqual([]);
    expect(
      await identity.events({ 'event.type': 'identity.invitation.created', 'event.workspace_id': owner.workspaceId }),
    ).toEqual([]);
  });
});
