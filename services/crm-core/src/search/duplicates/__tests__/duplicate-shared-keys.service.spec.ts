import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { acrossWorkspaces } from '@crm/kit';
import { PERMISSIONS } from '@crm/protos';
import { appliedUpgradeModel, applyDataUpgrades } from '@crm/service-host';
import { startServiceForTest, tenantClaims, waitUntil, type ServiceHarness } from '@crm/testing';
import { crmCoreService } from '../../../crm-core-service';
import { duplicateKeyModel, RETIRED_DUPLICATE_COLLECTIONS } from '../duplicate-counts.model';
import { sharedDuplicateKeysUpgrade } from '../duplicate-keys-upgrade';

// What crm-core keeps to list likely duplicates: a row for each key two or more live records
// share, none for a key one record has, counted again from the records whenever one of them
// changes. (The groups through the gateway: tests/crm-core/duplicates.test.ts.)
let crm: ServiceHarness;
beforeAll(async () => {
  crm = await startServiceForTest(crmCoreService);
});
afterAll(async () => crm.stop());

const connection = () => crm.service.context.connection;

function owner() {
  const workspaceId = randomUUID();
  return { workspaceId, claims: tenantClaims({ workspace_id: workspaceId, permissions: [...PERMISSIONS] }) };
}

type Owner = ReturnType<typeof owner>;

async function createCompany(who: Owner, body: Record<string, unknown>): Promise<string> {
  const answer = await crm.call(who.claims, 'POST', '/companies', { body });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

const stored = (who: Owner) =>
  acrossWorkspaces('a test reading the shared duplicate keys', async () =>
    (
      await duplicateKeyModel(connection())
        .find({ workspace_id: who.workspaceId }, { _id: 0, object: 1, reason: 1, value: 1, count: 1, members: 1 })
        .lean()
        .exec()
    ).map((row) => ({ ...row, members: [...row.members].sort() })),
  );

const groups = async (who: Owner) =>
  (
    (await crm.call(who.claims, 'GET', '/duplicates?object=company')).body.data as Array<{
      value: string;
      size: number;
    }>
  ).map((group) => `${group.value}:${group.size}`);

// The rows follow the records' events (the list checks each against the records, so it may show
// the new groups before a stale row is gone): waits until the rows are these.
const rowsBecome = (who: Owner, expected: ReadonlyArray<Record<string, unknown>>, what: string) =>
  waitUntil(
    () => stored(who),
    (rows) => isDeepStrictEqual(rows, expected),
    what,
  );

describe('the shared duplicate keys', () => {
  it('hold one row per key two or more live records share, and follow records that leave it', async () => {
    const who = owner();
    const first = await createCompany(who, { name: 'Acme Ltd', domain: 'acme.example' });
    const second = await createCompany(who, { name: 'ACME', domain: 'acme-other.example' });
    await createCompany(who, { name: 'Zeta Holdings', domain: 'zeta.example' });
    // Six keys among three companies; one of them is shared.
    await rowsBecome(
      who,
      [{ object: 'company', reason: 'same_name', value: 'acme', count: 2, members: [first, second].sort() }],
      'the name both Acme companies have',
    );
    expect(await groups(who)).toEqual(['acme:2']);

    // A third joins by domain; the second leaves the name by a rename.
    const third = await createCompany(who, { name: 'Apex', domain: 'acme.example' });
    expect((await crm.call(who.claims, 'PATCH', `/companies/${second}`, { body: { name: 'Borealis' } })).status).toBe(
      200,
    );
    await rowsBecome(
      who,
      [{ object: 'company', reason: 'same_domain', value: 'acme.example', count: 2, members: [first, third].sort() }],
      'the domain shared, the name no longer',
    );
    expect(await groups(who)).toEqual(['acme.example:2']);

    // The recycle bin leaves nothing shared.
    expect((await crm.call(who.claims, 'DELETE', `/companies/${third}`)).status).toBe(204);
    await rowsBecome(who, [], 'no shared key once the third is in the recycle bin');
    expect(await groups(who)).toEqual([]);
  });

  it('are counted from the records once by the upgrade, which drops the counts of every key kept before', async () => {
    const who = owner();
    const ids = [
      await createCompany(who, { name: 'Northwind', domain: 'northwind.example' }),
      await createCompany(who, { name: 'Northwind Ltd', domain: 'nw.example' }),
      await createCompany(who, { name: 'Southwind', domain: 'northwind.example' }),
    ];
    const expected = [
      { object: 'company', reason: 'same_name', value: 'northwind', count: 2, members: [ids[0], ids[1]].sort() },
      {
        object: 'company',
        reason: 'same_domain',
        value: 'northwind.example',
        count: 2,
        members: [ids[0], ids[2]].sort(),
      },
    ];
    const byValue = (rows: Awaited<ReturnType<typeof stored>>) =>
      [...rows].sort((a, b) => (a.value < b.value ? -1 : 1));
    await waitUntil(
      () => stored(who),
      (rows) => rows.length === 2,
      'both shared keys',
    );
    // As an earlier version left the store: a count for every key, each record's keys, no shared keys.
    await acrossWorkspaces('a test storing duplicates as an earlier version did', async () => {
      for (const retired of RETIRED_DUPLICATE_COLLECTIONS)
        await connection()
          .collection(retired)
          .insertOne({ _id: `old-${retired}` as never, count: 1 });
      await duplicateKeyModel(connection()).deleteMany({ workspace_id: who.workspaceId }).exec();
    });

    await appliedUpgradeModel(connection()).deleteOne({ _id: sharedDuplicateKeysUpgrade.name }).exec();
    await applyDataUpgrades(crm.service.context, [sharedDuplicateKeysUpgrade]);
    expect(byValue(await stored(who))).toEqual(expected);
    const collections = (await connection().listCollections()).map((found) => found.name);
    expect(collections.filter((name) => (RETIRED_DUPLICATE_COLLECTIONS as readonly string[]).includes(name))).toEqual(
      [],
    );
    expect(await groups(who)).toEqual(['northwind.example:2', 'northwind:2']);

    // Run again (replicas starting together), it writes the same rows.
    await sharedDuplicateKeysUpgrade.run(crm.service.context);
    expect(byValue(await stored(who))).toEqual(expected);
  });
});
