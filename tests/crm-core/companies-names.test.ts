import { request, signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';
import { companiesApi, createCampaign, idsOf, type CompanyBody } from './companies-support';
import { addMemberTo } from './references-support';

// What a company points at is named when it is read, so a rename shows on the next read of every
// company (a member's name arrives by identity's events: shortly after); and two workspaces
// never see each other's companies through any company operation.
const system = sharedTestSystem();
const base = system.url;

describe('names of what companies point at', () => {
  it('follow a rename of the stage, the lead source and the owner on every company', async () => {
    const owner = await signUpWithWorkspace(base, 'Ren');
    const api = companiesApi(base, owner);
    const bea = await addMemberTo(system, owner, 'Bea');
    const stage = (await api.companyStages())[1];
    const source = (await api.sources())[2];
    const campaign = await createCampaign(base, owner, 'Autumn push');
    const made: CompanyBody[] = [];
    for (let index = 0; index < 30; index += 1) {
      made.push(
        await api.create({
          name: `Named ${index}`,
          stage_id: stage.id,
          source_id: source.id,
          owner_id: index % 2 === 0 ? bea.userId : owner.user.id,
          campaign_id: campaign,
        }),
      );
    }
    expect(made[0]).toMatchObject({
      stage_name: stage.name,
      source_name: source.name,
      owner_name: 'Bea',
      campaign_name: 'Autumn push',
    });

    expect((await api.call('PATCH', `/pipeline-stages/${stage.id}`, { name: 'Renamed stage' })).status).toBe(200);
    expect((await api.call('PATCH', `/lead-sources/${source.id}`, { name: 'Renamed source' })).status).toBe(200);
    expect(
      (await request(base, 'PATCH', '/me', { token: bea.token, body: { first_name: 'Beatrix', last_name: 'Kiddo' } }))
        .status,
    ).toBe(204);

    // Catalogue names on the very next read, of one company and of every page of the list.
    expect(await api.get(made[0].id)).toMatchObject({ stage_name: 'Renamed stage', source_name: 'Renamed source' });
    const listed = await api.all({ limit: '7' });
    expect(listed).toHaveLength(30);
    for (const company of listed)
      expect(company).toMatchObject({
        stage_name: 'Renamed stage',
        source_name: 'Renamed source',
        campaign_name: 'Autumn push',
      });
    // The member's name, shortly after (identity's event).
    await waitFor(
      async () => (await api.get(made[0].id)).owner_name === 'Beatrix Kiddo',
      "Bea's new name on her companies",
    );
    for (const company of await api.all({ limit: '50', sort: 'name_asc' })) {
      expect({ id: company.id, owner_name: company.owner_name }).toEqual({
        id: company.id,
        owner_name: company.owner_id === bea.userId ? 'Beatrix Kiddo' : 'Ren',
      });
    }
  });
});

describe('companies of two workspaces', () => {
  it('never mix: every id-bearing operation answers 404 to the other workspace and lists, counts and bulk never cross', async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const ben = await signUpWithWorkspace(base, 'Ben');
    const anns = companiesApi(base, ann);
    const bens = companiesApi(base, ben);
    const hers = await anns.create({ name: 'Shared Name Ltd', account_number: 'AC-1', custom: { tier: 'gold' } });
    const binned = await anns.create({ name: 'Shared Name Binned' });
    expect((await anns.call('DELETE', `/companies/${binned.id}`)).status).toBe(204);
    const his = await bens.create({ name: 'Shared Name Ltd', account_number: 'AC-1', custom: { tier: 'gold' } });
    const before = { hers: await anns.get(hers.id), binned: await anns.get(binned.id) };

    for (const id of [hers.id, binned.id]) {
      const answers = [
        await bens.call('GET', `/companies/${id}`),
        await bens.call('PATCH', `/companies/${id}`, { name: 'Stolen' }),
        await bens.call('DELETE', `/companies/${id}`),
        await bens.call('POST', `/companies/${id}/merge`, { source_ids: [his.id] }),
      ];
      for (const answer of answers)
        expect({ status: answer.status, body: answer.body }).toEqual({
          status: 404,
          body: { error: { code: 'not_found', message: 'company not found' } },
        });
    }
    // Her companies as sources of his merge: refused like unknown ids, nothing moves.
    const merge = await bens.call('POST', `/companies/${his.id}/merge`, { source_ids: [hers.id] });
    expect(merge.body.error).toEqual({
      code: 'validation_failed',
      message: `source_ids: ${hers.id} is not a company of this workspace outside the recycle bin`,
    });
    for (const action of ['delete', 'restore', 'reassign']) {
      const body = action === 'reassign' ? { owner_id: null } : {};
      expect((await bens.bulk({ ids: [hers.id, binned.id], action, ...body })).body).toEqual({ updated: 0 });
    }
    const stage = (await bens.companyStages()).find((item) => item.kind === 'account')!;
    expect((await bens.bulk({ ids: [hers.id], action: 'move_stage', stage_id: stage.id })).body).toEqual({
      updated: 0,
    });
    expect({ hers: await anns.get(hers.id), binned: await anns.get(binned.id) }).toEqual(before);

    const queries: Array<Record<string, string>> = [
      {},
      { q: 'shared' },
      { q: 'ac-1' },
      { custom: '{"tier":"gold"}' },
      { deleted: 'true' },
      { offset: '0' },
      { sort: 'name_asc' },
    ];
    for (const query of queries) {
      expect({ query, ids: idsOf(await bens.all(query)) }).toEqual({ query, ids: 'deleted' in query ? [] : [his.id] });
      expect({ query, ids: idsOf(await anns.all(query)) }).toEqual({
        query,
        ids: 'deleted' in query ? [binned.id] : [hers.id],
      });
    }
    expect(await bens.counts()).toEqual({ all: 1, leads: 1, accounts: 0, mine: 0, unassigned: 1, deleted: 0 });
    expect(await anns.counts()).toEqual({ all: 1, leads: 1, accounts: 0, mine: 0, unassigned: 1, deleted: 1 });
  });
});
