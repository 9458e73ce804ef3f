import { randomUUID } from 'node:crypto';
import { makeEventOf } from '@crm/bus';
import { memberAdded, memberUpdated, userUpdated } from '@crm/protos';
import { startServiceForTest, type ServiceHarness } from '@crm/testing';
import { crmCoreService } from '../../../crm-core-service';
import { memberNameModel } from '../member-name.model';
import { memberNames, memberNamesHandler } from '../members';

// crm-core's copy of members converges on the newest state whatever order identity's events
// arrive in, and however often.
let crm: ServiceHarness;
beforeAll(async () => {
  crm = await startServiceForTest(crmCoreService);
});
afterAll(async () => crm.stop());

const actor = { type: 'user' as const, id: randomUUID(), label: 'Admin' };

function membership(
  workspaceId: string,
  userId: string,
  memberId: string,
  name: string,
  status: string,
  version: number,
) {
  const state = {
    member_id: memberId,
    user_id: userId,
    name,
    email: 'bea@example.com',
    role_id: randomUUID(),
    role: 'Sales',
    status,
    version,
  };
  return version === 1
    ? makeEventOf(memberAdded, { workspace_id: workspaceId, actor, data: state })
    : makeEventOf(memberUpdated, {
        workspace_id: workspaceId,
        actor,
        data: {
          ...state,
          previous_role_id: state.role_id,
          previous_role: 'Sales',
          previous_status: 'active',
          role_changed: false,
          status_changed: true,
        },
      });
}

const renamed = (userId: string, name: string, version: number) =>
  makeEventOf(userUpdated, {
    workspace_id: null,
    actor,
    data: { user_id: userId, email: 'bea@example.com', name, email_notifications: true, fields: ['name'], version },
  });

const stored = (workspaceId: string, memberId: string) =>
  memberNameModel(crm.service.context.connection).findOne({ workspace_id: workspaceId, _id: memberId }).lean().exec();

describe('member names', () => {
  it('keep the newest status and name, in every workspace of the person, whatever the order', async () => {
    const handle = memberNamesHandler(crm.service.context);
    const [first, second, userId, memberA, memberB] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];

    await handle(membership(first, userId, memberA, 'Bea', 'disabled', 2));
    await handle(membership(first, userId, memberA, 'Bea', 'active', 1));
    await handle(membership(first, userId, memberA, 'Bea', 'active', 1));
    await handle(membership(second, userId, memberB, 'Bea', 'active', 1));
    expect(await stored(first, memberA)).toMatchObject({ status: 'disabled', member_version: 2, name: 'Bea' });

    await handle(renamed(userId, 'Bea Berg', 3));
    await handle(renamed(userId, 'Bea Old', 2));
    // A membership event's name comes without the person's version: it never undoes a rename.
    await handle(membership(first, userId, memberA, 'Bea Older', 'active', 3));
    expect(await stored(first, memberA)).toMatchObject({
      status: 'active',
      member_version: 3,
      name: 'Bea Berg',
      name_version: 3,
    });
    expect((await memberNames(crm.service.context, first, [userId])).get(userId)).toBe('Bea Berg');
    expect((await memberNames(crm.service.context, second, [userId])).get(userId)).toBe('Bea Berg');
    expect((await memberNames(crm.service.context, randomUUID(), [userId])).size).toBe(0);
  });
});
