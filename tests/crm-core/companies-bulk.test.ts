import { signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';
import { companiesApi, companyAudit, expectRefusal, idsOf, type CompanyBody } from './companies-support';
import { addMemberTo } from './references-support';

// Bulk actions and the recycle bin as a client meets them: up to 200 ids, another workspace's
// ids and unknown ids never touched nor counted; DELETE and bulk delete move companies to the
// bin and bulk restore brings them back. (The purge 30 days later, run by job workers whose clock
// is moved: services/crm-core/src/records/__tests__/recycle-bin.service.spec.ts.)
const system = sharedTestSystem();
const base = system.url;

describe('bulk company actions', () => {
  it('move, reassign, delete and restore only this workspace’s companies, counting those changed', async () => {
    const owner = await signUpWithWorkspace(base, 'Bul');
    const stranger = await signUpWithWorkspace(base, 'Str');
    const api = companiesApi(base, owner);
    const theirs = companiesApi(base, stranger);
    const bea = await addMemberTo(system, owner, 'Bea');
    const stages = await api.companyStages();
    const account = stages.find((stage) => stage.kind === 'account')!;
    const mine: CompanyBody[] = [];
    for (let index = 0; index < 3; index += 1) mine.push(await api.create({ name: `Mine ${index}` }));
    const foreign = await theirs.create({ name: 'Theirs' });
    const unknown = '5f0c7a4e-0000-4000-8000-000000000000';
    const ids = [...idsOf(mine), foreign.id, unknown];

    expect((await api.bulk({ ids, action: 'move_stage', stage_id: account.id })).body).toEqual({ updated: 3 });
    expect((await api.bulk({ ids, action: 'move_stage', stage_id: account.id })).body).toEqual({ updated: 0 });
    for (const company of mine)
      expect(await api.get(company.id)).toMatchObject({
        stage_id: account.id,
        is_account: true,
        stage_name: account.name,
      });

    expect((await api.bulk({ ids: [mine[0].id, foreign.id], action: 'reassign', owner_id: bea.userId })).body).toEqual({
      updated: 1,
    });
    expect(await api.get(mine[0].id)).toMatchObject({ owner_id: bea.userId, owner_name: 'Bea' });
    expect((await api.bulk({ ids, action: 'reassign', owner_id: null })).body).toEqual({ updated: 1 });
    expect((await api.get(mine[0].id)).owner_id).toBeNull();
    expect((await api.bulk({ ids, action: 'reassign', owner_id: owner.user.id })).body).toEqual({ updated: 3 });

    expect((await api.bulk({ ids: [mine[0].id, mine[1].id, foreign.id, unknown], action: 'delete' })).body).toEqual({
      updated: 2,
    });
    expect((await api.bulk({ ids, action: 'delete' })).body).toEqual({ updated: 1 });
    expect(idsOf(await api.all())).toEqual([]);
    // Binned companies are not moved or reassigned.
    expect((await api.bulk({ ids, action: 'reassign', owner_id: null })).body).toEqual({ updated: 0 });
    expect((await api.bulk({ ids: [mine[2].id, foreign.id], action: 'restore' })).body).toEqual({ updated: 1 });
    expect((await api.bulk({ ids: [mine[2].id], action: 'restore' })).body).toEqual({ updated: 0 });
    expect(idsOf(await api.all())).toEqual([mine[2].id]);

    // The other workspace's company was never touched.
    expect(await theirs.get(foreign.id)).toEqual(foreign);
    expect((await theirs.counts()).all).toBe(1);
  });

  it('refuses an agent key a bulk delete, a deletion like any other, and lets it move and reassign', async () => {
    const owner = await signUpWithWorkspace(base, 'Agt');
    const api = companiesApi(base, owner);
    const key = await api.call<{ key: string }>('POST', '/api-keys', {
      name: 'Assistant',
      kind: 'agent',
      role: 'Agent (read & write)',
    });
    expect(key.status).toBe(201);
    const agent = companiesApi(base, { token: key.body.key });
    const mine = [await api.create({ name: 'Kept 1' }), await api.create({ name: 'Kept 2' })];

    const refused = await agent.bulk({ ids: idsOf(mine), action: 'delete' });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: { error: { code: 'forbidden', message: 'agent keys cannot delete' } },
    });
    expect(idsOf(await api.all()).sort()).toEqual(idsOf(mine).sort());
    expect(idsOf(await api.all({ deleted: 'true' }))).toEqual([]);

    expect((await agent.bulk({ ids: idsOf(mine), action: 'reassign', owner_id: owner.user.id })).body).toEqual({
      updated: 2,
    });
    // The same key's other deletions are refused alike.
    expect((await agent.call('POST', `/companies/${mine[0].id}/merge`, { source_ids: [mine[1].id] })).status).toBe(403);
    expect((await agent.call('DELETE', `/companies/${mine[0].id}`)).status).toBe(403);
    expect(idsOf(await api.all()).sort()).toEqual(idsOf(mine).sort());
  });

  it('refuses malformed requests, naming the field, and changes nothing', async () => {
    const owner = await signUpWithWorkspace(base, 'Ref');
    const stranger = await signUpWithWorkspace(base, 'Sly');
    const api = companiesApi(base, owner);
    const company = await api.create({ name: 'Untouched' });
    const dealStage = await api.dealStage();
    const foreignStage = (await companiesApi(base, stranger).companyStages())[0];
    const id = company.id;
    const many = Array.from(
      { length: 201 },
      (_, index) => `5f0c7a4e-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    expectRefusal(await api.bulk({ ids: [], action: 'delete' }), 'ids');
    expectRefusal(await api.bulk({ ids: many, action: 'delete' }), 'ids');
    expectRefusal(await api.bulk({ ids: [id, id], action: 'delete' }), 'ids');
    expectRefusal(await api.bulk({ ids: ['one'], action: 'delete' }), 'ids.0');
    expectRefusal(await api.bulk({ ids: [id], action: 'archive' }), 'action');
    expectRefusal(await api.bulk({ ids: [id] }), 'action');
    expectRefusal(await api.bulk({ action: 'delete' }), 'ids');
    expectRefusal(await api.bulk({ ids: [id], action: 'move_stage' }), 'stage_id');
    expectRefusal(await api.bulk({ ids: [id], action: 'move_stage', stage_id: dealStage.id }), 'stage_id');
    expectRefusal(await api.bulk({ ids: [id], action: 'move_stage', stage_id: foreignStage.id }), 'stage_id');
    expectRefusal(await api.bulk({ ids: [id], action: 'reassign' }), 'owner_id');
    expectRefusal(await api.bulk({ ids: [id], action: 'reassign', owner_id: stranger.user.id }), 'owner_id');
    expectRefusal(await api.bulk({ ids: [id], action: 'delete', stage_id: dealStage.id }), 'stage_id');
    expectRefusal(await api.bulk({ ids: [id], action: 'delete', owner_id: null }), 'owner_id');
    expectRefusal(await api.bulk({ ids: [id], action: 'delete', colour: 'red' }), 'colour');
    expect(await api.get(id)).toEqual(company);
    // 200 ids is the limit, not a refusal.
    expect((await api.bulk({ ids: [id, ...many.slice(0, 199)], action: 'delete' })).body).toEqual({ updated: 1 });
  });
});

describe('the company recycle bin', () => {
  it('takes a company in and out again, each move in the audit log', async () => {
    const owner = await signUpWithWorkspace(base, 'Bin');
    const api = companiesApi(base, owner);
    const company = await api.create({ name: 'Binned Ltd' });
    expect((await api.call('DELETE', `/companies/${company.id}`)).status).toBe(204);
    expect((await api.get(company.id)).deleted_at).toEqual(expect.any(String));
    expect((await api.bulk({ ids: [company.id], action: 'restore' })).body).toEqual({ updated: 1 });
    expect(await api.get(company.id)).toMatchObject({ deleted_at: null, name: 'Binned Ltd' });
    expect((await api.bulk({ ids: [company.id], action: 'delete' })).body).toEqual({ updated: 1 });
    expect((await api.get(company.id)).deleted_at).toEqual(expect.any(String));
    const summaries = await waitFor(async () => {
      const items = (await companyAudit(base, owner)).map((item) => item.summary);
      return items.length === 4 ? items : undefined;
    }, 'four audit entries');
    expect(summaries).toEqual([
      'Deleted company "Binned Ltd"',
      'Restored company "Binned Ltd"',
      'Deleted company "Binned Ltd"',
      'Created company "Binned Ltd"',
    ]);
  });
});
