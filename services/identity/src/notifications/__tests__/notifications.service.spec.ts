import { linkIn, mailTo, waitUntil } from '@crm/testing';
import { makeEvent, type EventActor, type EventEnvelope } from '@crm/bus';
import { isoNow, newId } from '@crm/kit';
import { addMember } from '../../members/memberships';
import { roleModel, type RoleRecord } from '../../roles/role.model';
import { notificationHandler } from '../notification-consumer';
import { notificationModel } from '../notification.model';
import {
  EMAIL_VERIFICATION_PATH,
  ISO_TIMESTAMP,
  UUID_V7,
  createApiKey,
  createOwner,
  signUpPerson,
  signUpVerifiedPerson,
  startIdentity,
  type IdentityHarness,
  type Owner,
  type Person,
} from '../../__tests__/identity-harness';

interface Teammate extends Person {
  memberId: string;
  workspaceId: string;
}

describe('notifications', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  const notifications = (token: string, query = '') => identity.api(token, 'GET', `/notifications${query}`);
  const markRead = (token: string, body?: unknown) => identity.api(token, 'POST', '/notifications/read', body);
  // Delivered through the service's bus like any event; resolves once consumed (mail included).
  const deliver = (...events: EventEnvelope[]) => identity.service.context.bus.publish(events);

  async function roleNamed(workspaceId: string, name: string): Promise<RoleRecord> {
    const role = await roleModel(identity.service.context.connection)
      .findOne({ workspace_id: workspaceId, name })
      .lean<RoleRecord>()
      .exec();
    if (!role) throw new Error(`no role ${name}`);
    return role;
  }

  // A second member of the owner's workspace, signed in there.
  async function addTeammate(owner: Owner, roleName = 'Sales', person?: Person): Promise<Teammate> {
    const teammate = person ?? (await signUpPerson(identity));
    const role = await roleNamed(owner.workspaceId, roleName);
    const { connection } = identity.service.context;
    const member = await connection.transaction((session) =>
      addMember(connection, session, {
        workspaceId: owner.workspaceId,
        userId: teammate.userId,
        roleId: role._id,
        now: isoNow(),
      }),
    );
    await switchTo(teammate, owner.workspaceId);
    return { ...teammate, memberId: member._id, workspaceId: owner.workspaceId };
  }

  async function switchTo(person: Person, workspaceId: string): Promise<void> {
    const switched = await identity.api(person.token, 'POST', '/auth/switch-workspace', {
      organization_id: workspaceId,
    });
    if (switched.status !== 204) throw new Error(`switch failed: ${switched.status} ${JSON.stringify(switched.body)}`);
  }

  const actorOf = (person: Person): EventActor => ({ type: 'user', id: person.userId, label: person.name });

  // The event the invitations resource publishes when an invitee joins.
  function invitationAccepted(inviter: Owner | Teammate, joiner: Teammate, role = 'Sales'): EventEnvelope {
    return makeEvent({
      type: 'identity.invitation.accepted',
      workspace_id: joiner.workspaceId,
      actor: actorOf(joiner),
      data: {
        invitation_id: newId(),
        email: joiner.email,
        role_id: newId(),
        role,
        user_id: joiner.userId,
        member_id: joiner.memberId,
        invited_by: inviter.userId,
        via: 'sign_in',
      },
    });
  }

  // The event the members resource publishes on PATCH /members/{id}.
  function memberUpdated(
    by: Person,
    member: Teammate,
    change: { role: string; previous_role: string; status?: string; previous_status?: string },
  ): EventEnvelope {
    return makeEvent({
      type: 'identity.member.updated',
      workspace_id: member.workspaceId,
      actor: actorOf(by),
      data: {
        member_id: member.memberId,
        user_id: member.userId,
        name: member.name,
        email: member.email,
        role_id: newId(),
        previous_role_id: newId(),
        status: 'active',
        previous_status: 'active',
        ...change,
      },
    });
  }

  // Notification mail only: the verification link every new account is mailed is not one.
  const mailsTo = (email: string) =>
    mailTo(identity.service.context.dataDir, email).filter((mail) => !mail.text.includes(EMAIL_VERIFICATION_PATH));

  const publicUrl = () => identity.service.runtime.config.publicUrl;

  describe('from events', () => {
    it('tells the inviter that their invitation was accepted, and mails them', async () => {
      const owner = await createOwner(identity, 'Acme Ltd');
      const joiner = await addTeammate(owner);
      await deliver(invitationAccepted(owner, joiner));

      const list = await notifications(owner.token);
      expect(list.status).toBe(200);
      expect(list.body).toEqual({
        data: [
          {
            id: expect.stringMatching(UUID_V7),
            kind: 'invitation_accepted',
            title: `${joiner.email} accepted your invitation`,
            body: 'They joined Acme Ltd as Sales.',
            link: `${publicUrl()}/v1/members`,
            created_at: expect.stringMatching(ISO_TIMESTAMP),
            read_at: null,
          },
        ],
        unread: 1,
      });
      const mails = mailsTo(owner.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe(`${joiner.email} accepted your invitation`);
      expect(mails[0].text).toContain('They joined Acme Ltd as Sales.');
      // The joiner is not told about their own action.
      expect((await notifications(joiner.token)).body).toEqual({ data: [], unread: 0 });
    });

    it('tells a member their new role, not when only the status changed', async () => {
      const owner = await createOwner(identity, 'Roles Ltd');
      const member = await addTeammate(owner);
      await deliver(memberUpdated(owner, member, { role: 'Admin', previous_role: 'Sales' }));
      await deliver(
        memberUpdated(owner, member, {
          role: 'Admin',
          previous_role: 'Admin',
          status: 'active',
          previous_status: 'disabled',
        }),
      );

      const list = await notifications(member.token);
      expect(list.body.data).toEqual([
        expect.objectContaining({
          kind: 'role_changed',
          title: 'Your role is now Admin',
          body: `${owner.name} changed your role in Roles Ltd from Sales to Admin.`,
          link: `${publicUrl()}/v1/me`,
          read_at: null,
        }),
      ]);
      expect(list.body.unread).toBe(1);
      expect(mailsTo(member.email)).toHaveLength(1);
      expect((await notifications(owner.token)).body.data).toEqual([]);
    });

    it('says nothing to a member who changed their own role', async () => {
      const owner = await createOwner(identity);
      const admin = await addTeammate(owner, 'Admin');
      await deliver(memberUpdated(admin, admin, { role: 'Sales', previous_role: 'Admin' }));
      expect((await notifications(admin.token)).body).toEqual({ data: [], unread: 0 });
    });

    it('tells nobody who is no longer an active member', async () => {
      const owner = await createOwner(identity);
      const joiner = await addTeammate(owner);
      const departed = await signUpPerson(identity);
      await deliver(invitationAccepted({ ...joiner, userId: departed.userId }, joiner));
      const stored = await notificationModel(identity.service.context.connection)
        .countDocuments({ workspace_id: owner.workspaceId })
        .exec();
      expect(stored).toBe(0);
    });

    it('makes one notification and one mail for an event delivered twice, or twice at once', async () => {
      const owner = await createOwner(identity);
      const joiner = await addTeammate(owner);
      const event = invitationAccepted(owner, joiner);

      await deliver(event);
      await deliver(event);
      const handler = notificationHandler(identity.service.runtime);
      await Promise.all([handler(event), handler(event)]);

      expect((await notifications(owner.token)).body.data).toHaveLength(1);
      expect(mailsTo(owner.email)).toHaveLength(1);
    });

    it('mails nobody who turned email notifications off', async () => {
      const owner = await createOwner(identity);
      const member = await addTeammate(owner);
      expect((await identity.api(member.token, 'PATCH', '/me', { email_notifications: false })).status).toBe(204);
      await deliver(memberUpdated(owner, member, { role: 'Read only', previous_role: 'Sales' }));

      expect((await notifications(member.token)).body.data).toEqual([
        expect.objectContaining({ title: 'Your role is now Read only' }),
      ]);
      expect(mailsTo(member.email)).toEqual([]);
    });

    it('keeps the notification when its mail fails, and makes no second one on redelivery', async () => {
      const owner = await createOwner(identity);
      const joiner = await addTeammate(owner);
      const { mailer } = identity.service.runtime;
      const send = jest.spyOn(mailer, 'send').mockRejectedValueOnce(new Error('mail server down'));
      try {
        const event = invitationAccepted(owner, joiner);
        await deliver(event);
        await deliver(event);
        expect(send).toHaveBeenCalledTimes(1);
      } finally {
        send.mockRestore();
      }
      expect((await notifications(owner.token)).body).toMatchObject({
        data: [expect.objectContaining({ kind: 'invitation_accepted' })],
        unread: 1,
      });
      expect(mailsTo(owner.email)).toEqual([]);
    });
  });

  describe('end to end', () => {
    const titles = (answer: { body: { data: Array<{ title: string }> } }) => answer.body.data.map((item) => item.title);

    it('tells the inviter when their invitation is accepted through the API', async () => {
      const owner = await createOwner(identity, 'Invites Ltd');
      const email = `joiner-${newId()}@example.test`;
      const sales = await roleNamed(owner.workspaceId, 'Sales');
      const invited = await identity.api(owner.token, 'POST', '/invitations', { email, role_id: sales._id });
      expect(invited.status).toBe(201);
      const link = linkIn(mailsTo(email)[0], '/v1/public/invitations/');
      const joiner = await signUpVerifiedPerson(identity, { email });
      const accepted = await identity.api(joiner.token, 'POST', '/invitations/accept', {
        token: link.split('/').pop(),
      });
      expect(accepted.status).toBe(200);

      const list = await waitUntil(
        () => notifications(owner.token),
        (answer) => answer.body.unread === 1,
        'the notification',
      );
      expect(list.body.data).toEqual([
        expect.objectContaining({
          kind: 'invitation_accepted',
          title: `${email} accepted your invitation`,
          body: 'They joined Invites Ltd as Sales.',
        }),
      ]);
      await waitUntil(
        async () => mailsTo(owner.email),
        (mails) => mails.length === 1,
        'the mail to the inviter',
      );
    });

    it('tells a member when an admin gives them another role through the API', async () => {
      const owner = await createOwner(identity, 'Promotions Ltd');
      const member = await addTeammate(owner);
      const admin = await roleNamed(owner.workspaceId, 'Admin');
      expect(
        (await identity.api(owner.token, 'PATCH', `/members/${member.userId}`, { role_id: admin._id })).status,
      ).toBeLessThan(300);

      const list = await waitUntil(
        () => notifications(member.token),
        (answer) => answer.body.unread === 1,
        'the notification',
      );
      expect(titles(list)).toEqual(['Your role is now Admin']);
      expect(list.body.data[0].body).toBe(`${owner.name} changed your role in Promotions Ltd from Sales to Admin.`);
      const mails = await waitUntil(
        async () => mailsTo(member.email),
        (found) => found.length === 1,
        'the mail to the member',
      );
      expect(mails[0].subject).toBe('Your role is now Admin');

      // The same change in the audit log, by the owner.
      const log = await waitUntil(
        () => identity.api(owner.token, 'GET', '/audit-log'),
        (answer) => answer.body.data.some((entry: { summary: string }) => entry.summary.startsWith('Changed role')),
        'the role change in the audit log',
      );
      expect(log.body.data[0]).toMatchObject({
        source: 'admin',
        action: 'updated',
        object_type: 'member',
        object_id: member.userId,
        actor_type: 'user',
        actor: owner.name,
        summary: `Changed role of ${member.email} from Sales to Admin`,
      });
    });
  });

  describe('GET /notifications and POST /notifications/read', () => {
    // Three notifications for the member, oldest first: Sales -> Admin -> Read only -> Sales.
    async function memberWithThree() {
      const owner = await createOwner(identity);
      const member = await addTeammate(owner);
      const roles = [
        ['Admin', 'Sales'],
        ['Read only', 'Admin'],
        ['Sales', 'Read only'],
      ];
      for (const [role, previous] of roles)
        await deliver(memberUpdated(owner, member, { role, previous_role: previous }));
      const list = await notifications(member.token);
      expect(list.body.data.map((item: { title: string }) => item.title)).toEqual([
        'Your role is now Sales',
        'Your role is now Read only',
        'Your role is now Admin',
      ]);
      const ids: string[] = list.body.data.map((item: { id: string }) => item.id);
      return { owner, member, ids };
    }

    it('lists newest first, up to limit, with the unread count of all', async () => {
      const { member, ids } = await memberWithThree();
      const limited = await notifications(member.token, '?limit=2');
      expect(limited.body.data.map((item: { id: string }) => item.id)).toEqual(ids.slice(0, 2));
      expect(limited.body.unread).toBe(3);
      expect((await notifications(member.token, '?limit=100')).body.data).toHaveLength(3);
    });

    it('marks chosen notifications read, then all, and filters unread ones', async () => {
      const { member, ids } = await memberWithThree();

      const first = await markRead(member.token, { ids: [ids[1]] });
      expect(first).toEqual({ status: 200, body: { unread: 2 } });
      const list = await notifications(member.token);
      expect(list.body.unread).toBe(2);
      const readAt = list.body.data[1].read_at;
      expect(readAt).toMatch(ISO_TIMESTAMP);
      expect([list.body.data[0].read_at, list.body.data[2].read_at]).toEqual([null, null]);

      const unread = await notifications(member.token, '?unread=true');
      expect(unread.body.data.map((item: { id: string }) => item.id)).toEqual([ids[0], ids[2]]);
      expect((await notifications(member.token, '?unread=false')).body.data).toHaveLength(3);

      expect(await markRead(member.token, {})).toEqual({ status: 200, body: { unread: 0 } });
      const after = await notifications(member.token);
      expect(after.body.data.every((item: { read_at: string | null }) => item.read_at !== null)).toBe(true);
      // Marking again changes nothing: the first read time stays.
      expect(after.body.data[1].read_at).toBe(readAt);
      expect((await notifications(member.token, '?unread=true')).body).toEqual({ data: [], unread: 0 });
    });

    it('marks everything read when the body is left out', async () => {
      const { member } = await memberWithThree();
      expect(await markRead(member.token)).toEqual({ status: 200, body: { unread: 0 } });
    });

    it("never touches another member's notifications, even given their ids", async () => {
      const { owner, member, ids } = await memberWithThree();
      const joiner = await addTeammate(owner);
      await deliver(invitationAccepted(owner, joiner));

      expect(await markRead(owner.token, { ids })).toEqual({ status: 200, body: { unread: 1 } });
      expect((await notifications(member.token)).body.unread).toBe(3);
      expect(await markRead(owner.token)).toEqual({ status: 200, body: { unread: 0 } });
      expect((await notifications(member.token)).body.unread).toBe(3);
    });

    it("keeps each workspace's notifications to itself", async () => {
      const first = await createOwner(identity, 'First Ltd');
      const second = await createOwner(identity, 'Second Ltd');
      // The first owner also belongs to the second workspace (and is switched there).
      const inSecond = await addTeammate(second, 'Admin', first);
      const joiner = await addTeammate(second);
      await deliver(invitationAccepted(inSecond, joiner));

      const there = await notifications(first.token);
      expect(there.body.data.map((item: { title: string }) => item.title)).toEqual([
        `${joiner.email} accepted your invitation`,
      ]);
      const secondIds: string[] = there.body.data.map((item: { id: string }) => item.id);

      // In their own workspace: nothing listed, and the second's ids mark nothing.
      await switchTo(first, first.workspaceId);
      expect((await notifications(first.token)).body).toEqual({ data: [], unread: 0 });
      expect(await markRead(first.token, { ids: secondIds })).toEqual({ status: 200, body: { unread: 0 } });
      expect(await markRead(first.token)).toEqual({ status: 200, body: { unread: 0 } });
      await switchTo(first, second.workspaceId);
      expect((await notifications(first.token)).body).toMatchObject({
        data: [{ id: secondIds[0], read_at: null }],
        unread: 1,
      });
    });

    it('shows an API key the notifications of the member who created it', async () => {
      const owner = await createOwner(identity);
      const joiner = await addTeammate(owner);
      await deliver(invitationAccepted(owner, joiner));
      const { key } = await createApiKey(identity, owner);
      const list = await notifications(key);
      expect(list.status).toBe(200);
      expect(list.body.unread).toBe(1);
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['unread=maybe', 'unread'],
    ])('GET refuses %s with 400 naming the parameter', async (query, field) => {
      const owner = await createOwner(identity);
      const answer = await notifications(owner.token, `?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(answer.body.error.message).toContain(field);
    });

    it.each([
      ['an unknown field', { all: true }, "unknown field 'all'"],
      ['ids that are not an array', { ids: newId() }, 'ids must be array'],
      ['an id that is not a uuid', { ids: ['not-an-id'] }, 'ids.0'],
      ['more than 500 ids', { ids: Array.from({ length: 501 }, () => newId()) }, 'ids'],
      ['a body that is not an object', [newId()], 'body must be object'],
    ])('POST refuses %s with 400 naming the field, marking nothing', async (_label, body, message) => {
      const { member } = await memberWithThree();
      const answer = await markRead(member.token, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(answer.body.error.message).toContain(message);
      expect((await notifications(member.token)).body.unread).toBe(3);
    });

    it.each([
      ['null', 'null', 'application/json'],
      ['a form-encoded body', 'ids=1', 'application/x-www-form-urlencoded'],
      ['a text body', 'all', 'text/plain'],
    ])('POST refuses %s with 400, marking nothing', async (_label, rawBody, contentType) => {
      const { member } = await memberWithThree();
      const answer = await identity.sendRaw(member.token, 'POST', '/notifications/read', rawBody, contentType);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect((await notifications(member.token)).body.unread).toBe(3);
    });

    it('accepts up to 500 ids', async () => {
      const { member, ids } = await memberWithThree();
      const many = [...ids, ...Array.from({ length: 497 }, () => newId())];
      expect(await markRead(member.token, { ids: many })).toEqual({ status: 200, body: { unread: 0 } });
    });
  });
});
