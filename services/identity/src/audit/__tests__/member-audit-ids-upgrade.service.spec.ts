import { waitUntil } from '@crm/testing';
import { acrossWorkspaces } from '@crm/kit';
import { appliedUpgradeModel, applyDataUpgrades } from '@crm/service-host';
import { createOwner, startIdentity, type IdentityHarness, type Owner } from '../../__tests__/identity-harness';
import { memberModel, type MemberRecord } from '../../members/member.model';
import { auditEntryModel } from '../audit-entry.model';
import { memberAuditIdsUpgrade } from '../member-audit-ids-upgrade';

// Audit entries about members written when they were named by the membership record's id answer,
// after the upgrade at start, with the person's id that GET /members shows.
describe('the upgrade of audit entries about members', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  const connection = () => identity.service.context.connection;
  const memberEntries = async (owner: Owner) =>
    (
      (await identity.api(owner.token, 'GET', '/audit-log?source=admin')).body.data as Array<{
        object_type: string;
        object_id: string;
      }>
    ).filter((entry) => entry.object_type === 'member');

  // As an earlier version stored it: the entry names the membership record.
  async function storedTheOldWay(owner: Owner): Promise<string> {
    await waitUntil(
      () => memberEntries(owner),
      (entries) => entries.length === 1,
      'the member entry of the onboarding',
    );
    return acrossWorkspaces('a test writing an entry as an earlier version did', async () => {
      const member = await memberModel(connection())
        .findOne({ workspace_id: owner.workspaceId, user_id: owner.userId })
        .lean<MemberRecord>()
        .exec();
      await auditEntryModel(connection())
        .updateMany({ workspace_id: owner.workspaceId, object_type: 'member' }, { $set: { object_id: member!._id } })
        .exec();
      return member!._id;
    });
  }

  it("gives older entries the person's id, once, in every workspace", async () => {
    const first = await createOwner(identity);
    const second = await createOwner(identity);
    const firstMembership = await storedTheOldWay(first);
    await storedTheOldWay(second);
    expect((await memberEntries(first)).map((entry) => entry.object_id)).toEqual([firstMembership]);

    // Already recorded as applied at this start: nothing runs again.
    await applyDataUpgrades(identity.service.context, [memberAuditIdsUpgrade]);
    expect((await memberEntries(first)).map((entry) => entry.object_id)).toEqual([firstMembership]);

    // A store from before the upgrade: it runs and is remembered.
    await appliedUpgradeModel(connection()).deleteOne({ _id: memberAuditIdsUpgrade.name }).exec();
    await applyDataUpgrades(identity.service.context, [memberAuditIdsUpgrade]);
    expect((await memberEntries(first)).map((entry) => entry.object_id)).toEqual([first.userId]);
    expect((await memberEntries(second)).map((entry) => entry.object_id)).toEqual([second.userId]);
    expect(await appliedUpgradeModel(connection()).findById(memberAuditIdsUpgrade.name).lean().exec()).toMatchObject({
      changed: 2,
    });

    // Run again (replicas starting together), it changes nothing.
    expect(await memberAuditIdsUpgrade.run(identity.service.context)).toBe(0);
    expect((await memberEntries(first)).map((entry) => entry.object_id)).toEqual([first.userId]);
  });
});
