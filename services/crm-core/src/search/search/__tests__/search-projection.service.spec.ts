import { acrossWorkspaces } from '@crm/kit';
import { startServiceForTest, waitUntil, type ServiceHarness } from '@crm/testing';
import type { CrmCoreRuntime } from '../../../crm-core-runtime';
import { crmCoreService } from '../../../crm-core-service';
import { createRecord, memberClaims, type MemberClaims } from '../../../records/__tests__/bin-support';
import { searchDocumentModel } from '../search-document.model';
import { readSearchEvent, syncRecords } from '../search-projection';

// What crm-core's search index holds as it follows the records' events: each workspace's records
// apart, and records leaving with the recycle bin, merges and purges (a purge run by a job worker
// whose clock is moved ahead, leaving a tombstone) and coming back when restored. GET /search re-reads its hits from
// the records, so only the index itself shows a record really left it. (The search through the
// gateway: tests/crm-core/search.test.ts.)
let crm: ServiceHarness<CrmCoreRuntime>;
beforeAll(async () => {
  crm = await startServiceForTest(crmCoreService);
});
afterAll(async () => crm.stop());

// The ids the index holds for a query, best first.
const indexed = async (claims: MemberClaims, q: string, limit = 20) =>
  (await crm.service.runtime.searchIndex.search(claims.workspace_id, q, limit)).map((match) => match.id);

// Until the index holds exactly these ids for the query, in any order.
const indexHolds = (claims: MemberClaims, q: string, expected: string[]) =>
  waitUntil(
    async () => (await indexed(claims, q)).sort(),
    (found) => JSON.stringify(found) === JSON.stringify([...expected].sort()),
    `the index to hold ${JSON.stringify(expected)} for "${q}"`,
  );

const searchIds = async (claims: MemberClaims, q: string) =>
  (
    (await crm.call(claims, 'GET', `/search?${new URLSearchParams({ q }).toString()}`)).body.data as Array<{
      id: string;
    }>
  ).map((hit) => hit.id);

describe('the search index', () => {
  it('holds each workspace’s records apart, even with the same names', async () => {
    const ann = memberClaims();
    const otto = memberClaims();
    const annCompany = await createRecord(crm, ann, '/companies', { name: 'Sharedname Holdings' });
    const ottoCompany = await createRecord(crm, otto, '/companies', { name: 'Sharedname Holdings' });
    const annContact = await createRecord(crm, ann, '/contacts', { first_name: 'Pat', last_name: 'Sharedname' });
    await indexHolds(ann, 'sharedname', [annCompany, annContact]);
    await indexHolds(otto, 'sharedname', [ottoCompany]);
  });

  it('holds more than the 20 hits a search answers', async () => {
    const claims = memberClaims();
    const ids: string[] = [];
    for (let index = 0; index < 23; index += 1)
      ids.push(await createRecord(crm, claims, '/companies', { name: `Lanternfish ${index}` }));
    await waitUntil(
      async () => (await indexed(claims, 'lanternfish', 50)).length,
      (count) => count === 23,
      'all 23 lanternfish companies indexed',
    );
    expect(await searchIds(claims, 'lanternfish')).toHaveLength(20);
  });

  it('lets records go with the recycle bin, merges and purges, and takes them back when restored', async () => {
    const claims = memberClaims();
    const company = await createRecord(crm, claims, '/companies', { name: 'Newbrook Mills' });
    await indexHolds(claims, 'newbrook', [company]);
    expect((await crm.call(claims, 'DELETE', `/companies/${company}`)).status).toBe(204);
    await indexHolds(claims, 'newbrook', []);
    expect(
      (await crm.call(claims, 'POST', '/companies/bulk', { body: { ids: [company], action: 'restore' } })).body,
    ).toEqual({ updated: 1 });
    await indexHolds(claims, 'newbrook', [company]);

    const contact = await createRecord(crm, claims, '/contacts', { first_name: 'Wren', last_name: 'Tallowby' });
    await indexHolds(claims, 'tallowby', [contact]);
    expect((await crm.call(claims, 'DELETE', `/contacts/${contact}`)).status).toBe(204);
    await indexHolds(claims, 'tallowby', []);
    expect((await crm.call(claims, 'POST', `/contacts/${contact}/restore`)).status).toBe(204);
    await indexHolds(claims, 'tallowby', [contact]);

    // Merged away: the source leaves, the survivor stays.
    const source = await createRecord(crm, claims, '/companies', { name: 'Duplicity Works' });
    const survivor = await createRecord(crm, claims, '/companies', { name: 'Duplicity Works Ltd' });
    await indexHolds(claims, 'duplicity', [source, survivor]);
    expect(
      (await crm.call(claims, 'POST', `/companies/${survivor}/merge`, { body: { source_ids: [source] } })).status,
    ).toBe(200);
    await indexHolds(claims, 'duplicity', [survivor]);

    // Purged after 30 days in the bin: out for good.
    const purged = await createRecord(crm, claims, '/contacts', { first_name: 'Gone', last_name: 'Forgoodby' });
    await indexHolds(claims, 'forgoodby', [purged]);
    expect((await crm.call(claims, 'DELETE', `/contacts/${purged}`)).status).toBe(204);
    await indexHolds(claims, 'forgoodby', []);
    await crm.jobsAt(31).runDue();
    expect((await crm.call(claims, 'GET', `/contacts/${purged}`)).status).toBe(404);
    // The projection keeps a tombstone in its place, without the values, so that no late event
    // of the contact brings it back; the index stays without it.
    const tombstone = await waitUntil(
      () =>
        acrossWorkspaces('a test reading the search projection', () =>
          searchDocumentModel(crm.service.context.connection)
            .findOne({ _id: purged, workspace_id: claims.workspace_id })
            .lean()
            .exec(),
        ),
      (document) => document?.deleted === true,
      'the purged contact a tombstone in the projection',
    );
    expect(tombstone).toEqual({
      _id: purged,
      workspace_id: claims.workspace_id,
      deleted: true,
      version: expect.any(Number),
    });
    expect(await indexed(claims, 'forgoodby')).toEqual([]);
  });
});

describe('copying stored states to the index', () => {
  it('copies the newer version a rebuild stored meanwhile, not the state the consumer stored', async () => {
    const claims = memberClaims();
    const company = await createRecord(crm, claims, '/companies', { name: 'Racing Original Ltd' });
    await indexHolds(claims, 'Racing', [company]);
    const { connection } = crm.service.context;
    // A company's state as the consumer reads it from an event.
    const stored = (version: number, name: string) =>
      readSearchEvent({
        type: 'crm.company.updated',
        workspace_id: claims.workspace_id,
        data: { company_id: company, version, name, deleted_at: null },
      })!;
    // The projection already holds version 3 (a rebuild's), while the consumer copies the version 2
    // it stored.
    await searchDocumentModel(connection)
      .replaceOne(
        { _id: company, workspace_id: claims.workspace_id },
        { ...stored(3, 'Racing Newer Ltd').state, _id: company, version: 3, deleted: false },
      )
      .exec();
    await syncRecords(connection, crm.service.runtime.searchIndex, claims.workspace_id, [
      stored(2, 'Racing Older Ltd'),
    ]);
    expect(await indexed(claims, 'Newer')).toEqual([company]);
    expect(await indexed(claims, 'Older')).toEqual([]);
    // A record the batch deleted leaves the index without a read.
    await syncRecords(connection, crm.service.runtime.searchIndex, claims.workspace_id, [
      { id: company, workspace_id: claims.workspace_id, version: 3, state: null },
    ]);
    expect(await indexed(claims, 'Racing')).toEqual([]);
  });
});
