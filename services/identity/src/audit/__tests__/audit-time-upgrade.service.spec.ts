import { waitUntil } from '@crm/testing';
import { acrossWorkspaces } from '@crm/kit';
import { appliedUpgradeModel, applyDataUpgrades } from '@crm/service-host';
import { createOwner, startIdentity, type IdentityHarness, type Owner } from '../../__tests__/identity-harness';
import { auditEntryModel } from '../audit-entry.model';
import { auditTimeUpgrade } from '../audit-time-upgrade';

// Entries stored while events carried milliseconds answer, after the upgrade at start, with the
// microseconds entries have now.
describe('the upgrade of audit entry times', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  const connection = () => identity.service.context.connection;
  const times = async (owner: Owner) =>
    ((await identity.api(owner.token, 'GET', '/audit-log')).body.data as Array<{ at: string }>).map(
      (entry) => entry.at,
    );

  // As an earlier version stored them: milliseconds.
  async function storedTheOldWay(owner: Owner): Promise<string[]> {
    const stored = await waitUntil(
      () => times(owner),
      (entries) => entries.length > 0,
      "the onboarding's entries",
    );
    const old = stored.map((at) => new Date(Date.parse(at)).toISOString());
    await acrossWorkspaces('a test writing entries as an earlier version did', async () => {
      const entries = await auditEntryModel(connection()).find({ workspace_id: owner.workspaceId }).lean().exec();
      for (const entry of entries)
        await auditEntryModel(connection())
          .updateOne(
            { _id: entry._id, workspace_id: owner.workspaceId },
            { $set: { at: new Date(Date.parse(entry.at)).toISOString() } },
          )
          .exec();
    });
    return old;
  }

  it('gives older entries microseconds, once, in every workspace', async () => {
    const first = await createOwner(identity);
    const second = await createOwner(identity);
    const firstOld = await storedTheOldWay(first);
    const secondOld = await storedTheOldWay(second);
    expect(await times(first)).toEqual(firstOld);
    expect(firstOld[0]).toMatch(/\.\d{3}Z$/);

    await appliedUpgradeModel(connection()).deleteOne({ _id: auditTimeUpgrade.name }).exec();
    await applyDataUpgrades(identity.service.context, [auditTimeUpgrade]);
    const withZeros = (list: string[]) => list.map((at) => at.replace(/Z$/, '000Z'));
    expect(await times(first)).toEqual(withZeros(firstOld));
    expect(await times(second)).toEqual(withZeros(secondOld));
    expect(await appliedUpgradeModel(connection()).findById(auditTimeUpgrade.name).lean().exec()).toMatchObject({
      changed: firstOld.length + secondOld.length,
    });

    // Run again (replicas starting together), it changes nothing.
    expect(await auditTimeUpgrade.run(identity.service.context)).toBe(0);
  });
});
