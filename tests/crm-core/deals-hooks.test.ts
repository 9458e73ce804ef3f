import { request, sharedTestSystem, signUpWithWorkspace, waitFor } from '../support/system';
import { companiesApi } from './companies-support';
import { dealsApi, salesStages } from './deals-support';

// Deals and the records they point at: the catalogue refuses to delete a pipeline, stage or lead
// source deals use (a stage's deals move with move_to), a stage's kind closes or reopens its
// deals, and merges of companies and contacts carry the deals along. (Purges, run by a job worker
// whose clock is moved: services/crm-core/src/sales/deals/__tests__/deal-purged-records.service.spec.ts.)
const base = sharedTestSystem().url;

describe('deals and the catalogue', () => {
  it('refuses to delete a pipeline, stage or lead source deals use, and moves a stage’s deals with move_to', async () => {
    const owner = await signUpWithWorkspace(base, 'Tao');
    const api = dealsApi(base, owner);
    const admin = (method: string, path: string, body?: unknown) =>
      request(base, method, path, { token: owner.token, body });
    const pipeline = (
      await admin('POST', '/pipelines', {
        name: 'Partners',
        object: 'deal',
        stages: [
          { name: 'Talking' },
          { name: 'Signed', kind: 'won' },
          { name: 'Gone', kind: 'lost' },
          { name: 'Spare' },
        ],
      })
    ).body;
    const [talking, signed, , spare] = pipeline.stages as Array<{ id: string }>;
    const source = (await admin('POST', '/lead-sources', { name: 'Fair', channel: 'event' })).body;
    const deal = await api.create({ name: 'Partner deal', stage_id: talking.id, source_id: source.id });
    expect((await admin('DELETE', `/pipelines/${pipeline.id}`)).body.error.code).toBe('pipeline_in_use');
    expect((await admin('DELETE', `/pipeline-stages/${talking.id}`)).body.error.code).toBe('stage_in_use');
    expect((await admin('DELETE', `/lead-sources/${source.id}`)).body.error.code).toBe('lead_source_in_use');
    expect(await api.get(deal.id)).toEqual(deal);
    // An unused stage goes; the used one goes with move_to, and its deal closes in the won stage.
    expect((await admin('DELETE', `/pipeline-stages/${spare.id}`)).status).toBe(204);
    expect((await admin('DELETE', `/pipeline-stages/${talking.id}?move_to=${signed.id}`)).status).toBe(204);
    expect(await api.get(deal.id)).toMatchObject({
      stage_id: signed.id,
      status: 'won',
      closed_at: expect.any(String),
      stage_name: 'Signed',
    });
    expect((await api.call('DELETE', `/deals/${deal.id}`)).status).toBe(204);
    expect((await admin('DELETE', `/lead-sources/${source.id}`)).status).toBe(204);
    expect((await admin('DELETE', `/pipelines/${pipeline.id}`)).status).toBe(204);
  });

  it('closes the deals of a stage that becomes won and reopens them when it becomes open again, each with its own event', async () => {
    const owner = await signUpWithWorkspace(base, 'Uma');
    const api = dealsApi(base, owner);
    const stages = await salesStages(api);
    const deal = await api.create({ name: 'Kind follower', stage_id: stages.Negotiation.id });
    const patchKind = (kind: string) =>
      request(base, 'PATCH', `/pipeline-stages/${stages.Negotiation.id}`, { token: owner.token, body: { kind } });
    expect((await patchKind('won')).status).toBe(200);
    expect(await api.get(deal.id)).toMatchObject({
      status: 'won',
      stage_kind: 'won',
      probability: 100,
      closed_at: expect.any(String),
    });
    expect((await patchKind('open')).status).toBe(200);
    expect(await api.get(deal.id)).toMatchObject({ status: 'open', stage_kind: 'open', closed_at: null });
    const summaries = await waitFor(async () => {
      const log = await request(base, 'GET', '/audit-log?source=record', { token: owner.token });
      const entries = (log.body.data as Array<{ object_type: string; summary: string }>).filter(
        (entry) => entry.object_type === 'deal',
      );
      return entries.length >= 3 ? entries.map((entry) => entry.summary) : undefined;
    });
    expect(summaries).toEqual([
      'Reopened deal "Kind follower"',
      'Won deal "Kind follower"',
      'Created deal "Kind follower"',
    ]);
  });
});

describe('deals follow merges', () => {
  it('moves the deals of merged companies and contacts to the survivor', async () => {
    const owner = await signUpWithWorkspace(base, 'Vic');
    const api = dealsApi(base, owner);
    const companies = companiesApi(base, owner);
    const survivor = await companies.create({ name: 'Survivor' });
    const source = await companies.create({ name: 'Source' });
    const keeper = (await request(base, 'POST', '/contacts', { token: owner.token, body: { first_name: 'Keeper' } }))
      .body;
    const merged = (await request(base, 'POST', '/contacts', { token: owner.token, body: { first_name: 'Merged' } }))
      .body;
    const first = await api.create({ name: 'From the source', company_id: source.id, contact_id: merged.id });
    const untouched = await api.create({ name: 'Survivor’s own', company_id: survivor.id });
    expect((await companies.call('POST', `/companies/${survivor.id}/merge`, { source_ids: [source.id] })).status).toBe(
      200,
    );
    expect(
      (
        await request(base, 'POST', `/contacts/${keeper.id}/merge`, {
          token: owner.token,
          body: { source_ids: [merged.id] },
        })
      ).status,
    ).toBe(200);
    const moved = await waitFor(async () => {
      const deal = await api.get(first.id);
      return deal.company_id === survivor.id && deal.contact_id === keeper.id ? deal : undefined;
    });
    expect(moved).toMatchObject({ company_name: 'Survivor', contact_name: 'Keeper' });
    expect((await api.list({ company_id: survivor.id })).total).toBe(2);
    expect(await api.get(untouched.id)).toEqual(untouched);
  });
});
