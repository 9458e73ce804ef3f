import { request, sharedTestSystem, signUpWithWorkspace, waitFor } from '../support/system';
import type { Owner, Stage } from './companies-support';
import { dealsApi, salesStages } from './deals-support';

// A stage change that rewrites more records than one transaction takes (50: stage-writes.ts in
// crm-core) commits them in steps; the client sees one request that moved or changed every
// record once, and the stage deleted or changed at the end.
const base = sharedTestSystem().url;

// A stage as GET /pipelines shows it to an admin: with its companies.
type CountedStage = Pick<Stage, 'id' | 'name' | 'kind'> & { companies: number };

const call = (owner: Owner, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  request(base, method, path, { token: owner.token, body, headers });

async function companyStages(owner: Owner): Promise<Record<string, CountedStage>> {
  const answer = await call(owner, 'GET', '/pipelines');
  expect(answer.status).toBe(200);
  const pipeline = (answer.body.data as Array<{ object: string; is_default: boolean; stages: CountedStage[] }>).find(
    (candidate) => candidate.object === 'company' && candidate.is_default,
  )!;
  return Object.fromEntries(pipeline.stages.map((stage) => [stage.name, stage]));
}

// How many companies a list finds (offset paging answers the total).
async function total(owner: Owner, query: Record<string, string>): Promise<number> {
  const answer = await call(
    owner,
    'GET',
    `/companies?${new URLSearchParams({ ...query, offset: '0', limit: '1' }).toString()}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.total as number;
}

// Every company of the workspace outside the recycle bin, page by page.
async function everyCompany(owner: Owner): Promise<Array<{ id: string; stage_id: string; is_account: boolean }>> {
  const all: Array<{ id: string; stage_id: string; is_account: boolean }> = [];
  for (let offset = 0; ; offset += 50) {
    const page = await call(owner, 'GET', `/companies?limit=50&offset=${offset}`);
    expect(page.status).toBe(200);
    all.push(...page.body.data);
    if (page.body.data.length < 50) return all;
  }
}

async function deletedStageEvent(owner: Owner, stageId: string) {
  return waitFor(async () => {
    const feed = await call(owner, 'GET', '/events?types=crm.pipeline_stage.deleted&limit=50');
    expect(feed.status).toBe(200);
    return (feed.body.data as Array<{ data: { stage_id: string; moved_to: string | null } }>).find(
      (event) => event.data.stage_id === stageId,
    );
  }, 'the stage deletion in the event feed');
}

const COMPANIES = 450;

describe('a stage change over more records than one step', () => {
  it('deletes a stage with move_to by moving every company once, then follows a change of kind in both directions', async () => {
    const owner = await signUpWithWorkspace(base, 'Stepper');
    const imported = await call(owner, 'POST', '/import/companies', {
      rows: Array.from({ length: COMPANIES }, (_, index) => ({ name: `Stepped ${index}` })),
    });
    expect({ status: imported.status, created: imported.body.created }).toEqual({ status: 200, created: COMPANIES });
    // One of them in the recycle bin, which moves too.
    const [binned] = (await call(owner, 'GET', '/companies?limit=1')).body.data as Array<{ id: string }>;
    expect((await call(owner, 'DELETE', `/companies/${binned.id}`)).status).toBe(204);
    const stages = await companyStages(owner);
    expect(stages.New.companies).toBe(COMPANIES - 1);

    const moveAll = () =>
      call(owner, 'DELETE', `/pipeline-stages/${stages.New.id}?move_to=${stages.Customer.id}`, undefined, {
        'Idempotency-Key': 'stage-steps-delete',
      });
    const moved = await moveAll();
    expect(moved.status).toBe(204);
    const after = await companyStages(owner);
    expect(after.New).toBeUndefined();
    expect(after.Customer.companies).toBe(COMPANIES - 1);
    expect(await total(owner, { kind: 'account' })).toBe(COMPANIES - 1);
    expect(await total(owner, { kind: 'account', deleted: 'true' })).toBe(1);
    const companies = await everyCompany(owner);
    expect(companies).toHaveLength(COMPANIES - 1);
    expect(companies.filter((company) => company.stage_id !== stages.Customer.id || !company.is_account)).toEqual([]);
    // Each company moved once: its next version (ETag "v2-…"), not one per step.
    const versions = new Set(
      await Promise.all(
        companies
          .slice(0, 5)
          .concat(companies.slice(-5))
          .map(async (company) => {
            const answer = await call(owner, 'GET', `/companies/${company.id}`);
            return /^"v(\d+)-/.exec(answer.headers.get('etag') ?? '')?.[1];
          }),
      ),
    );
    expect([...versions]).toEqual(['2']);
    expect((await deletedStageEvent(owner, stages.New.id)).data.moved_to).toBe(stages.Customer.id);
    // The retry of the same keyed request is answered from the stored answer.
    const replay = await moveAll();
    expect({ status: replay.status, replayed: replay.headers.get('idempotent-replayed') }).toEqual({
      status: 204,
      replayed: 'true',
    });

    // A name another stage has (in any case) refuses the change before any company is rewritten.
    const taken = await call(owner, 'PATCH', `/pipeline-stages/${stages.Customer.id}`, {
      kind: 'open',
      name: 'CONTACTED',
    });
    expect({ status: taken.status, code: taken.body.error?.code }).toEqual({ status: 409, code: 'name_taken' });
    expect(await total(owner, { kind: 'account' })).toBe(COMPANIES - 1);
    expect((await companyStages(owner)).Customer.kind).toBe('account');

    // Customer stops being an account stage: every company becomes a lead, recycle bin included.
    const toOpen = await call(owner, 'PATCH', `/pipeline-stages/${stages.Customer.id}`, { kind: 'open' });
    expect({ status: toOpen.status, kind: toOpen.body.kind, companies: toOpen.body.companies }).toEqual({
      status: 200,
      kind: 'open',
      companies: COMPANIES - 1,
    });
    expect(await total(owner, { kind: 'account' })).toBe(0);
    expect(await total(owner, { kind: 'lead' })).toBe(COMPANIES - 1);
    expect(await total(owner, { kind: 'lead', deleted: 'true' })).toBe(1);
    // And back, without a key this time.
    expect((await call(owner, 'PATCH', `/pipeline-stages/${stages.Customer.id}`, { kind: 'account' })).body.kind).toBe(
      'account',
    );
    expect(await total(owner, { kind: 'lead' })).toBe(0);
    expect(await total(owner, { kind: 'account', stage_id: stages.Customer.id })).toBe(COMPANIES - 1);
  });

  it('closes, reopens and moves more deals than one step, each once', async () => {
    const owner = await signUpWithWorkspace(base, 'Dealer');
    const api = dealsApi(base, owner);
    const stages = await salesStages(api);
    const count = 205;
    for (let from = 0; from < count; from += 25)
      await Promise.all(
        Array.from({ length: Math.min(25, count - from) }, (_, offset) =>
          api.create({ name: `Stepped deal ${from + offset}`, stage_id: stages.Negotiation.id }),
        ),
      );
    const inStage = async (status: string) =>
      (await api.list({ stage_id: stages.Negotiation.id, status, limit: '1' })).total;

    const patchKind = (kind: string) =>
      call(
        owner,
        'PATCH',
        `/pipeline-stages/${stages.Negotiation.id}`,
        { kind },
        { 'Idempotency-Key': `deals-${kind}` },
      );
    expect((await patchKind('won')).body.kind).toBe('won');
    expect(await inStage('won')).toBe(count);
    expect((await patchKind('open')).body.kind).toBe('open');
    expect(await inStage('open')).toBe(count);
    const data = [];
    for (let offset = 0; offset < count; offset += 100)
      data.push(...(await api.list({ stage_id: stages.Negotiation.id, limit: '100', offset: String(offset) })).data);
    expect(data).toHaveLength(count);
    expect(data.filter((deal) => deal.closed_at !== null)).toEqual([]);

    // Deleting the stage moves them into Won, where each closes.
    expect(
      (await call(owner, 'DELETE', `/pipeline-stages/${stages.Negotiation.id}?move_to=${stages.Won.id}`)).status,
    ).toBe(204);
    expect((await api.list({ stage_id: stages.Won.id, status: 'won', limit: '1' })).total).toBe(count);
    expect((await api.list({ status: 'open', limit: '1' })).total).toBe(0);
    expect((await deletedStageEvent(owner, stages.Negotiation.id)).data.moved_to).toBe(stages.Won.id);
    // Two kind changes and a move: each deal at its fourth version, one change each.
    const sample = await api.call('GET', `/deals/${data[0].id}`);
    expect(/^"v(\d+)-/.exec(sample.headers.get('etag') ?? '')?.[1]).toBe('4');
  });
});
