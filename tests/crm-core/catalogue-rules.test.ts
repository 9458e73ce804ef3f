import { newId } from '@crm/kit';
import { request, sharedTestSystem, signUpWithWorkspace, waitFor } from '../support/system';

// The catalogue's rules as an admin meets them through the gateway: what may be created,
// changed and deleted, with the status and code each refusal answers.
const base = sharedTestSystem().url;

type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;

interface StageAdmin {
  id: string;
  name: string;
  position: number;
  kind: string;
  probability: number | null;
  companies: number;
}

interface Pipeline {
  id: string;
  name: string;
  object: string;
  is_default: boolean;
  position: number;
  stages: StageAdmin[];
}

const call = (owner: Owner, method: string, path: string, body?: unknown) =>
  request(base, method, path, { token: owner.token, body });

async function pipelines(owner: Owner): Promise<Pipeline[]> {
  const answer = await call(owner, 'GET', '/pipelines');
  expect(answer.status).toBe(200);
  return answer.body.data as Pipeline[];
}

async function defaultPipeline(owner: Owner, object: string): Promise<Pipeline> {
  return (await pipelines(owner)).find((pipeline) => pipeline.object === object && pipeline.is_default)!;
}

const stageNamed = (pipeline: Pipeline, name: string) => pipeline.stages.find((stage) => stage.name === name)!;

function expectError(
  answer: { status: number; body: Record<string, any> },
  status: number,
  code: string,
  message?: RegExp,
) {
  expect({ status: answer.status, code: answer.body?.error?.code }).toEqual({ status, code });
  if (message) expect(answer.body.error.message).toMatch(message);
}

// A company made through the API; `binned` sends it to the recycle bin.
let companyCounter = 0;
async function newCompany(
  owner: Owner,
  fields: { stage_id?: string; source_id?: string },
  binned = false,
): Promise<string> {
  const created = await call(owner, 'POST', '/companies', { name: `Company ${++companyCounter}`, ...fields });
  expect(created.status).toBe(201);
  if (binned) expect((await call(owner, 'DELETE', `/companies/${created.body.id}`)).status).toBe(204);
  return created.body.id as string;
}

// A company as GET /companies/{id} shows it, from the recycle bin too, with the version its
// ETag names (`"v7-…"`, docs/concurrency.md).
async function readCompany(owner: Owner, id: string) {
  const answer = await call(owner, 'GET', `/companies/${id}`);
  expect({ id, status: answer.status }).toEqual({ id, status: 200 });
  return { ...answer.body, version: Number(/^"v(\d+)-/.exec(answer.headers.get('etag') ?? '')?.[1]) };
}

const SEEDED_STAGES = [
  ['company', 'New', 'open'],
  ['company', 'Contacted', 'open'],
  ['company', 'Qualified', 'open'],
  ['company', 'Customer', 'account'],
  ['deal', 'Qualification', 'open'],
  ['deal', 'Needs analysis', 'open'],
  ['deal', 'Proposal', 'open'],
  ['deal', 'Negotiation', 'open'],
  ['deal', 'Won', 'won'],
  ['deal', 'Lost', 'lost'],
];
const SEEDED_SOURCES = [
  ['Website', 'web'],
  ['Referral', 'referral'],
  ['Event', 'event'],
  ['Outbound', 'outbound'],
  ['Social media', 'social'],
  ['Email campaign', 'email'],
  ['Phone', 'phone'],
  ['Partner', 'partner'],
  ['Advertising', 'ads'],
  ['Other', 'other'],
];

interface StageItem {
  id: string;
  pipeline_id: string;
  name: string;
  kind: string;
  object: string;
  position: number;
}

// Seeded once however many replicas race, from identity's event or the first request:
// crm-core's service spec, workspace seed.
describe('a new workspace catalogue', () => {
  it('is complete on the first requests after onboarding, and concurrent first requests never duplicate it', async () => {
    const owner = await signUpWithWorkspace(base, 'Nell');
    // The first requests race each other and identity's workspace-created event.
    const answers = await Promise.all([
      request(base, 'GET', '/pipeline-stages', { token: owner.token }),
      request(base, 'GET', '/pipelines', { token: owner.token }),
      request(base, 'GET', '/lead-sources', { token: owner.token }),
      request(base, 'GET', '/pipeline-stages', { token: owner.token }),
      request(base, 'GET', '/pipelines', { token: owner.token }),
      request(base, 'GET', '/lead-sources', { token: owner.token }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const [stages, pipelines, sources] = answers;
    expect(answers[3].body).toEqual(stages.body);
    expect(answers[4].body).toEqual(pipelines.body);
    expect(answers[5].body).toEqual(sources.body);

    const stageItems = stages.body.data as StageItem[];
    expect(stageItems.map((stage) => [stage.object, stage.name, stage.kind])).toEqual(SEEDED_STAGES);
    expect(stageItems.slice(0, 4).map((stage) => stage.position)).toEqual([0, 1, 2, 3]);

    expect(pipelines.body.data).toEqual([
      {
        id: stageItems[0].pipeline_id,
        name: 'Companies',
        object: 'company',
        is_default: true,
        position: 0,
        stages: stageItems.slice(0, 4).map((stage) => ({
          id: stage.id,
          name: stage.name,
          position: stage.position,
          kind: stage.kind,
          probability: null,
          companies: 0,
        })),
      },
      {
        id: stageItems[4].pipeline_id,
        name: 'Sales',
        object: 'deal',
        is_default: true,
        position: 0,
        stages: [10, 30, 60, 80, 100, 0].map((probability, index) => {
          const stage = stageItems[4 + index];
          return { id: stage.id, name: stage.name, position: index, kind: stage.kind, probability, companies: 0 };
        }),
      },
    ]);
    expect(
      (sources.body.data as Array<{ name: string; channel: string }>).map((source) => [source.name, source.channel]),
    ).toEqual(SEEDED_SOURCES);
  });
});

describe('pipelines', () => {
  it('are created with their stages, validated against their object, and named uniquely', async () => {
    const owner = await signUpWithWorkspace(base, 'Pia');

    const plain = await call(owner, 'POST', '/pipelines', { name: '  Partners  ' });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ name: 'Partners', object: 'company', is_default: false, position: 1 });
    expect((plain.body.stages as StageAdmin[]).map((stage) => [stage.name, stage.kind])).toEqual([
      ['New', 'open'],
      ['Contacted', 'open'],
      ['Qualified', 'open'],
      ['Customer', 'account'],
    ]);

    const deals = await call(owner, 'POST', '/pipelines', {
      name: 'Renewals',
      object: 'deal',
      stages: [
        { name: 'Due', probability: 50 },
        { name: ' Renewed ', kind: 'won' },
        { name: 'Churned', kind: 'lost' },
      ],
    });
    expect(deals.status).toBe(201);
    expect(deals.body.stages).toEqual([
      { id: expect.any(String), name: 'Due', position: 0, kind: 'open', probability: 50, companies: 0 },
      { id: expect.any(String), name: 'Renewed', position: 1, kind: 'won', probability: 100, companies: 0 },
      { id: expect.any(String), name: 'Churned', position: 2, kind: 'lost', probability: 0, companies: 0 },
    ]);
    expect(deals.body.position).toBe(1);

    expectError(
      await call(owner, 'POST', '/pipelines', {
        name: 'No loss',
        object: 'deal',
        stages: [{ name: 'Open' }, { name: 'Won', kind: 'won' }],
      }),
      400,
      'validation_failed',
      /lost stage/,
    );
    expectError(
      await call(owner, 'POST', '/pipelines', { name: 'Odd', stages: [{ name: 'Done', kind: 'won' }] }),
      400,
      'validation_failed',
      /^stages\.0\.kind won has no meaning in a company pipeline/,
    );
    expectError(
      await call(owner, 'POST', '/pipelines', {
        name: 'Odd',
        object: 'deal',
        stages: [{ name: 'Client', kind: 'account' }],
      }),
      400,
      'validation_failed',
      /^stages\.0\.kind account has no meaning in a deal pipeline/,
    );
    expectError(
      await call(owner, 'POST', '/pipelines', { name: 'Odd', stages: [{ name: 'New', probability: 101 }] }),
      400,
      'validation_failed',
      /stages\.0\.probability/,
    );
    expectError(
      await call(owner, 'POST', '/pipelines', { name: 'Odd', stages: [{ name: 'New' }, { name: 'NEW' }] }),
      400,
      'validation_failed',
      /stages\.1\.name/,
    );
    expectError(
      await call(owner, 'POST', '/pipelines', { name: 'Odd', stages: [{ name: '   ' }] }),
      400,
      'validation_failed',
      /stages\.0\.name/,
    );
    expectError(
      await call(owner, 'POST', '/pipelines', { name: 'Odd', stages: [{ name: 'New', colour: 'red' }] }),
      400,
      'validation_failed',
      /unknown field 'stages\.0\.colour'/,
    );
    expectError(
      await call(owner, 'POST', '/pipelines', { name: 'Odd', colour: 'red' }),
      400,
      'validation_failed',
      /unknown field 'colour'/,
    );
    expectError(await call(owner, 'POST', '/pipelines', { name: 'x'.repeat(81) }), 400, 'validation_failed', /^name /);
    expectError(await call(owner, 'POST', '/pipelines', { name: '' }), 400, 'validation_failed', /^name /);
    expectError(
      await call(owner, 'POST', '/pipelines', { name: 'Odd', object: 'contact' }),
      400,
      'validation_failed',
      /^object /,
    );
    expectError(
      await call(owner, 'POST', '/pipelines', { name: 'Odd', stages: [{ name: 'x'.repeat(61) }] }),
      400,
      'validation_failed',
      /stages\.0\.name/,
    );
    expectError(
      await call(owner, 'POST', '/pipelines', {
        name: 'Odd',
        stages: Array.from({ length: 51 }, (_, index) => ({ name: `S${index}` })),
      }),
      400,
      'validation_failed',
      /stages/,
    );

    // Names are unique per object, ignoring case; the same name may serve both objects.
    expectError(await call(owner, 'POST', '/pipelines', { name: 'PARTNERS' }), 409, 'name_taken');
    expect((await call(owner, 'POST', '/pipelines', { name: 'Partners', object: 'deal' })).status).toBe(201);
    expectError(await call(owner, 'PATCH', `/pipelines/${plain.body.id}`, { name: 'companies' }), 409, 'name_taken');

    const names = (await pipelines(owner)).map((pipeline) => [pipeline.object, pipeline.name, pipeline.position]);
    expect(names).toEqual([
      ['company', 'Companies', 0],
      ['company', 'Partners', 1],
      ['deal', 'Sales', 0],
      ['deal', 'Renewals', 1],
      ['deal', 'Partners', 2],
    ]);
  });

  it('change default one at a time, reorder exactly their own stages, and are deleted only when unused and not default', async () => {
    const owner = await signUpWithWorkspace(base, 'Dora');
    const seeded = await defaultPipeline(owner, 'company');
    const second = (await call(owner, 'POST', '/pipelines', { name: 'Second' })).body as Pipeline;

    expectError(
      await call(owner, 'PATCH', `/pipelines/${second.id}`, { is_default: false }),
      400,
      'validation_failed',
      /is_default/,
    );
    expectError(await call(owner, 'DELETE', `/pipelines/${seeded.id}`), 409, 'pipeline_is_default');

    const promoted = await call(owner, 'PATCH', `/pipelines/${second.id}`, { is_default: true, name: 'Main' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: second.id, name: 'Main', is_default: true });
    const after = await pipelines(owner);
    expect(after.filter((pipeline) => pipeline.is_default).map((pipeline) => [pipeline.object, pipeline.id])).toEqual([
      ['company', second.id],
      ['deal', (await defaultPipeline(owner, 'deal')).id],
    ]);

    const ids = second.stages.map((stage) => stage.id);
    const foreign = seeded.stages[0].id;
    expectError(
      await call(owner, 'PATCH', `/pipelines/${second.id}`, { stage_order: ids.slice(1) }),
      400,
      'validation_failed',
      /stage_order/,
    );
    expectError(
      await call(owner, 'PATCH', `/pipelines/${second.id}`, { stage_order: [...ids.slice(1), foreign] }),
      400,
      'validation_failed',
      /stage_order/,
    );
    expectError(
      await call(owner, 'PATCH', `/pipelines/${second.id}`, { stage_order: [...ids, foreign] }),
      400,
      'validation_failed',
      /stage_order/,
    );
    expectError(
      await call(owner, 'PATCH', `/pipelines/${second.id}`, { stage_order: [ids[0], ...ids.slice(0, -1)] }),
      400,
      'validation_failed',
      /stage_order/,
    );
    expectError(
      await call(owner, 'PATCH', `/pipelines/${second.id}`, { stage_order: ['not-a-uuid'] }),
      400,
      'validation_failed',
      /stage_order/,
    );

    const reversed = [...ids].reverse();
    const reordered = await call(owner, 'PATCH', `/pipelines/${second.id}`, { stage_order: reversed });
    expect(reordered.status).toBe(200);
    expect((reordered.body.stages as StageAdmin[]).map((stage) => stage.id)).toEqual(reversed);
    const publicList = (await call(owner, 'GET', '/pipeline-stages')).body.data as Array<{
      id: string;
      pipeline_id: string;
    }>;
    expect(publicList.filter((stage) => stage.pipeline_id === second.id).map((stage) => stage.id)).toEqual(reversed);
    // Company pipelines first (by position: the seeded one, then Main), then the deal pipeline.
    expect([...new Set(publicList.map((stage) => stage.pipeline_id))]).toEqual([
      seeded.id,
      second.id,
      (await defaultPipeline(owner, 'deal')).id,
    ]);

    // A pipeline some company uses, even only from the recycle bin, stays (until the bin is purged:
    // crm-core's service spec, catalogue bin). Once no company uses it, it goes.
    const binned = await newCompany(owner, { stage_id: seeded.stages[0].id }, true);
    expectError(await call(owner, 'DELETE', `/pipelines/${seeded.id}`), 409, 'pipeline_in_use');
    expect((await call(owner, 'POST', '/companies/bulk', { ids: [binned], action: 'restore' })).body).toEqual({
      updated: 1,
    });
    expect((await call(owner, 'PATCH', `/companies/${binned}`, { stage_id: second.stages[0].id })).status).toBe(200);
    expect((await call(owner, 'DELETE', `/pipelines/${seeded.id}`)).status).toBe(204);
    expect((await pipelines(owner)).map((pipeline) => pipeline.name)).toEqual(['Main', 'Sales']);
    expect(
      ((await call(owner, 'GET', '/pipeline-stages')).body.data as Array<{ pipeline_id: string }>).some(
        (stage) => stage.pipeline_id === seeded.id,
      ),
    ).toBe(false);
    expectError(await call(owner, 'DELETE', `/pipelines/${seeded.id}`), 404, 'not_found');
  });
});

describe('stages', () => {
  it('keep kinds to those with a meaning for their object, names unique, and every pipeline its required stages', async () => {
    const owner = await signUpWithWorkspace(base, 'Stan');
    const companies = await defaultPipeline(owner, 'company');
    const deals = await defaultPipeline(owner, 'deal');

    const added = await call(owner, 'POST', '/pipeline-stages', { pipeline_id: companies.id, name: 'Dormant' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(String),
      name: 'Dormant',
      position: 4,
      kind: 'open',
      probability: null,
      companies: 0,
    });
    const won = await call(owner, 'POST', '/pipeline-stages', {
      pipeline_id: deals.id,
      name: 'Won again',
      kind: 'won',
    });
    expect(won.body).toMatchObject({ position: 6, kind: 'won', probability: 100 });

    expectError(
      await call(owner, 'POST', '/pipeline-stages', { pipeline_id: companies.id, name: 'Closed', kind: 'won' }),
      400,
      'validation_failed',
      /^kind won has no meaning in a company pipeline \(a company is won by moving it to an account stage\): use one of open, lost, account$/,
    );
    expectError(
      await call(owner, 'POST', '/pipeline-stages', { pipeline_id: deals.id, name: 'Client', kind: 'account' }),
      400,
      'validation_failed',
      /^kind account has no meaning in a deal pipeline \(a deal is won or lost, never an account\): use one of open, won, lost$/,
    );
    expectError(
      await call(owner, 'POST', '/pipeline-stages', { pipeline_id: newId(), name: 'Lost' }),
      400,
      'validation_failed',
      /pipeline_id/,
    );
    expectError(
      await call(owner, 'POST', '/pipeline-stages', { pipeline_id: companies.id, name: 'Dormant', probability: 5 }),
      400,
      'validation_failed',
      /unknown field 'probability'/,
    );
    expectError(
      await call(owner, 'POST', '/pipeline-stages', { pipeline_id: companies.id, name: 'dormant' }),
      409,
      'name_taken',
    );
    expectError(
      await call(owner, 'POST', '/pipeline-stages', { name: 'Loose' }),
      400,
      'validation_failed',
      /pipeline_id is required/,
    );
    // The same name in another pipeline is fine.
    expect((await call(owner, 'POST', '/pipeline-stages', { pipeline_id: deals.id, name: 'Dormant' })).status).toBe(
      201,
    );

    const qualification = stageNamed(deals, 'Qualification');
    const changed = await call(owner, 'PATCH', `/pipeline-stages/${qualification.id}`, {
      name: 'Discovery',
      probability: 15,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      id: qualification.id,
      name: 'Discovery',
      position: 0,
      kind: 'open',
      probability: 15,
      companies: 0,
    });
    expect(
      (await call(owner, 'PATCH', `/pipeline-stages/${qualification.id}`, { probability: null })).body.probability,
    ).toBeNull();
    expectError(
      await call(owner, 'PATCH', `/pipeline-stages/${qualification.id}`, { probability: 101 }),
      400,
      'validation_failed',
      /^probability /,
    );
    expectError(
      await call(owner, 'PATCH', `/pipeline-stages/${qualification.id}`, { name: 'proposal' }),
      409,
      'name_taken',
    );
    expectError(
      await call(owner, 'PATCH', `/pipeline-stages/${stageNamed(companies, 'New').id}`, { kind: 'won' }),
      400,
      'validation_failed',
      /^kind won has no meaning/,
    );
    expectError(
      await call(owner, 'PATCH', `/pipeline-stages/${qualification.id}`, { kind: 'account' }),
      400,
      'validation_failed',
      /^kind account has no meaning/,
    );
    expectError(
      await call(owner, 'PATCH', `/pipeline-stages/${qualification.id}`, { position: 3 }),
      400,
      'validation_failed',
      /unknown field 'position'/,
    );

    // The last lost stage of a deal pipeline stays, by deletion or by a change of kind.
    const lost = stageNamed(deals, 'Lost');
    expectError(await call(owner, 'DELETE', `/pipeline-stages/${lost.id}`), 409, 'stage_required', /lost/);
    expectError(
      await call(owner, 'PATCH', `/pipeline-stages/${lost.id}`, { kind: 'open' }),
      409,
      'stage_required',
      /lost/,
    );
    // With a second won stage, one of the two may go.
    expect(
      (await call(owner, 'PATCH', `/pipeline-stages/${stageNamed(deals, 'Won').id}`, { kind: 'open' })).body,
    ).toMatchObject({ kind: 'open', probability: 100 });
    // A stage that becomes lost or won takes that kind's probability unless one is given.
    expect(
      (await call(owner, 'PATCH', `/pipeline-stages/${stageNamed(deals, 'Negotiation').id}`, { kind: 'lost' })).body,
    ).toMatchObject({ kind: 'lost', probability: 0 });
    expectError(await call(owner, 'DELETE', `/pipeline-stages/${won.body.id}`), 409, 'stage_required', /won/);
    expect(
      (
        await call(owner, 'PATCH', `/pipeline-stages/${stageNamed(deals, 'Proposal').id}`, {
          kind: 'won',
          probability: 95,
        })
      ).body,
    ).toMatchObject({ kind: 'won', probability: 95 });

    // A pipeline keeps at least one stage.
    const single = (await call(owner, 'POST', '/pipelines', { name: 'Single', stages: [{ name: 'Only' }] }))
      .body as Pipeline;
    expectError(await call(owner, 'DELETE', `/pipeline-stages/${single.stages[0].id}`), 409, 'stage_required');
    expect((await call(owner, 'DELETE', `/pipeline-stages/${added.body.id}`)).status).toBe(204);
    expectError(await call(owner, 'DELETE', `/pipeline-stages/${added.body.id}`), 404, 'not_found');
  });

  it('move their companies to another stage of the same pipeline on deletion, and follow a change of kind', async () => {
    const owner = await signUpWithWorkspace(base, 'Mo');
    const companies = await defaultPipeline(owner, 'company');
    const deals = await defaultPipeline(owner, 'deal');
    const fresh = stageNamed(companies, 'New');
    const customer = stageNamed(companies, 'Customer');
    const live = await newCompany(owner, { stage_id: fresh.id });
    const binned = await newCompany(owner, { stage_id: fresh.id }, true);
    const elsewhere = await newCompany(owner, { stage_id: stageNamed(companies, 'Contacted').id });
    const read = async (id: string) => (await call(owner, 'GET', `/companies/${id}`)).body;
    const versions = async () =>
      Promise.all([live, binned, elsewhere].map(async (id) => (await readCompany(owner, id)).version));
    const [liveVersion, binnedVersion] = await versions();

    // The count leaves out the recycle bin.
    expect(stageNamed(await defaultPipeline(owner, 'company'), 'New').companies).toBe(1);

    expectError(await call(owner, 'DELETE', `/pipeline-stages/${fresh.id}`), 409, 'stage_in_use');
    expectError(
      await call(owner, 'DELETE', `/pipeline-stages/${fresh.id}?move_to=${fresh.id}`),
      400,
      'validation_failed',
      /move_to/,
    );
    expectError(
      await call(owner, 'DELETE', `/pipeline-stages/${fresh.id}?move_to=${stageNamed(deals, 'Won').id}`),
      400,
      'validation_failed',
      /move_to/,
    );
    expectError(
      await call(owner, 'DELETE', `/pipeline-stages/${fresh.id}?move_to=${newId()}`),
      400,
      'validation_failed',
      /move_to/,
    );
    expectError(
      await call(owner, 'DELETE', `/pipeline-stages/${fresh.id}?move_to=nope`),
      400,
      'validation_failed',
      /move_to/,
    );
    expectError(
      await call(owner, 'DELETE', `/pipeline-stages/${fresh.id}?moveto=${customer.id}`),
      400,
      'validation_failed',
      /moveto/,
    );
    expect(await read(live)).toMatchObject({ stage_id: fresh.id, stage_name: 'New', is_account: false });

    expect((await call(owner, 'DELETE', `/pipeline-stages/${fresh.id}?move_to=${customer.id}`)).status).toBe(204);
    expect(await read(live)).toMatchObject({
      stage_id: customer.id,
      stage_name: 'Customer',
      pipeline_id: companies.id,
      is_account: true,
    });
    expect(await readCompany(owner, binned)).toMatchObject({
      stage_id: customer.id,
      pipeline_id: companies.id,
      is_account: true,
    });
    expect(await read(elsewhere)).toMatchObject({ stage_name: 'Contacted', is_account: false });
    // Each moved company has its next version, announced by its own crm.company.updated.
    expect(await versions()).toEqual([liveVersion + 1, binnedVersion + 1, 1]);
    expect(stageNamed(await defaultPipeline(owner, 'company'), 'Customer').companies).toBe(1);

    // Customer stops being an account stage: its companies become leads, and back.
    expect((await call(owner, 'PATCH', `/pipeline-stages/${customer.id}`, { kind: 'open' })).body.kind).toBe('open');
    expect(await read(live)).toMatchObject({ is_account: false });
    expect(await readCompany(owner, binned)).toMatchObject({ is_account: false });
    expect((await call(owner, 'PATCH', `/pipeline-stages/${customer.id}`, { kind: 'account' })).body).toMatchObject({
      kind: 'account',
      companies: 1,
    });
    expect(await read(live)).toMatchObject({ is_account: true });
    expect(await readCompany(owner, binned)).toMatchObject({ is_account: true });
    expect(await versions()).toEqual([liveVersion + 3, binnedVersion + 3, 1]);
    // A rename changes nothing stored on companies: names are joined when read.
    expect((await call(owner, 'PATCH', `/pipeline-stages/${customer.id}`, { name: 'Client' })).status).toBe(200);
    expect(await read(live)).toMatchObject({ stage_name: 'Client' });
    expect(await versions()).toEqual([liveVersion + 3, binnedVersion + 3, 1]);
    expect(
      (await call(owner, 'GET', `/companies?kind=account&stage_id=${customer.id}`)).body.data.map(
        (item: { id: string }) => item.id,
      ),
    ).toEqual([live]);

    const updates = await waitFor(async () => {
      const log = await call(owner, 'GET', '/audit-log?source=record');
      const items = (log.body.data as Array<{ object_id: string; summary: string }>).filter(
        (item) => item.object_id === live && item.summary.startsWith('Updated'),
      );
      return items.length >= 3 ? items : undefined;
    });
    expect(updates).toHaveLength(3);

    // An empty stage goes without move_to.
    expect((await call(owner, 'DELETE', `/pipeline-stages/${stageNamed(companies, 'Qualified').id}`)).status).toBe(204);
  });
});

describe('company stages', () => {
  it('take lost for disqualified leads and a probability, and every reader treats them as leads of that stage', async () => {
    const owner = await signUpWithWorkspace(base, 'Lia');
    const companies = await defaultPipeline(owner, 'company');
    const deals = await defaultPipeline(owner, 'deal');

    // A lost stage in a company pipeline: a disqualified lead, probability 0 unless given.
    const disqualified = await call(owner, 'POST', '/pipeline-stages', {
      pipeline_id: companies.id,
      name: 'Disqualified',
      kind: 'lost',
    });
    expect(disqualified.status).toBe(201);
    expect(disqualified.body).toEqual({
      id: expect.any(String),
      name: 'Disqualified',
      position: 4,
      kind: 'lost',
      probability: 0,
      companies: 0,
    });
    const qualified = stageNamed(companies, 'Qualified');
    const rated = await call(owner, 'PATCH', `/pipeline-stages/${qualified.id}`, { probability: 40 });
    expect(rated.status).toBe(200);
    expect(rated.body).toEqual({
      id: qualified.id,
      name: 'Qualified',
      position: 2,
      kind: 'open',
      probability: 40,
      companies: 0,
    });
    expect(
      (
        await call(owner, 'PATCH', `/pipeline-stages/${stageNamed(companies, 'Contacted').id}`, {
          kind: 'lost',
          probability: 5,
        })
      ).body,
    ).toMatchObject({ kind: 'lost', probability: 5 });
    expect(
      (
        await call(owner, 'PATCH', `/pipeline-stages/${stageNamed(companies, 'Contacted').id}`, {
          kind: 'open',
          probability: null,
        })
      ).body,
    ).toMatchObject({ kind: 'open', probability: null });
    const listed = await defaultPipeline(owner, 'company');
    expect(listed.stages.map((stage) => [stage.name, stage.kind, stage.probability])).toEqual([
      ['New', 'open', null],
      ['Contacted', 'open', null],
      ['Qualified', 'open', 40],
      ['Customer', 'account', null],
      ['Disqualified', 'lost', 0],
    ]);
    const publicStage = ((await call(owner, 'GET', '/pipeline-stages')).body.data as Array<{ id: string }>).find(
      (stage) => stage.id === disqualified.body.id,
    );
    expect(publicStage).toEqual({
      id: disqualified.body.id,
      pipeline_id: companies.id,
      name: 'Disqualified',
      position: 4,
      kind: 'lost',
      object: 'company',
    });
    const made = await call(owner, 'POST', '/pipelines', {
      name: 'Partners',
      stages: [
        { name: 'Talking', probability: 20 },
        { name: 'Dropped', kind: 'lost' },
        { name: 'Signed', kind: 'account', probability: 100 },
      ],
    });
    expect(made.status).toBe(201);
    expect((made.body.stages as StageAdmin[]).map((stage) => [stage.name, stage.kind, stage.probability])).toEqual([
      ['Talking', 'open', 20],
      ['Dropped', 'lost', 0],
      ['Signed', 'account', 100],
    ]);

    // A company in the lost stage is a lead (not an account): lists, counts and filters say so.
    const campaign = await call(owner, 'POST', '/campaigns', { name: 'Autumn fair' });
    expect(campaign.status).toBe(201);
    const dropped = await newCompany(owner, { stage_id: stageNamed(companies, 'Customer').id });
    const moved = await call(owner, 'PATCH', `/companies/${dropped}`, {
      stage_id: disqualified.body.id,
      campaign_id: campaign.body.id,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ stage_id: disqualified.body.id, stage_name: 'Disqualified', is_account: false });
    const working = await newCompany(owner, { stage_id: qualified.id });
    const customer = await newCompany(owner, { stage_id: stageNamed(companies, 'Customer').id });
    const ids = async (query: string) =>
      ((await call(owner, 'GET', `/companies?${query}`)).body.data as Array<{ id: string }>)
        .map((item) => item.id)
        .sort();
    expect(await ids('kind=lead')).toEqual([dropped, working].sort());
    expect(await ids('kind=account')).toEqual([customer]);
    expect(await ids(`stage_id=${disqualified.body.id}`)).toEqual([dropped]);
    expect((await call(owner, 'GET', '/companies/counts')).body).toMatchObject({ all: 3, leads: 2, accounts: 1 });
    expect(stageNamed(await defaultPipeline(owner, 'company'), 'Disqualified').companies).toBe(1);
    // A deal never sits in a company stage, whatever its kind.
    expectError(
      await call(owner, 'POST', '/deals', { name: 'Nope', stage_id: disqualified.body.id }),
      400,
      'validation_failed',
      /^stage_id is not a stage of a deal pipeline/,
    );

    // Reports count the lost stage's companies in their stage, as leads.
    const expectedRows = [
      ['New', 'open', 0],
      ['Contacted', 'open', 0],
      ['Qualified', 'open', 1],
      ['Customer', 'account', 1],
      ['Disqualified', 'lost', 1],
      ['No stage', null, 0],
    ];
    await waitFor(async () => {
      const answer = await call(owner, 'GET', '/reports/pipeline');
      const rows = answer.body.data as Array<{ stage: string; kind: string | null; companies: number }>;
      return JSON.stringify(rows.map((row) => [row.stage, row.kind, row.companies])) === JSON.stringify(expectedRows);
    }, 'the pipeline report to count the disqualified lead in its lost stage');
    expect((await call(owner, 'GET', '/reports/summary')).body.totals).toMatchObject({ companies: 3, accounts: 1 });
    const byKind = await call(owner, 'POST', '/reports/run', {
      object: 'company',
      group_by: ['is_account'],
      measure: 'count',
    });
    expect(byKind.body.rows.map((row: { labels: string[]; value: number }) => [row.labels[0], row.value])).toEqual([
      ['No', 2],
      ['Yes', 1],
    ]);
    // The forecast is of deal stages only: a company stage's probability weighs nothing.
    const deal = await call(owner, 'POST', '/deals', {
      name: 'Renewal',
      value: 1000,
      stage_id: stageNamed(deals, 'Proposal').id,
    });
    expect(deal.status).toBe(201);
    const forecast = (await call(owner, 'GET', '/deals/forecast')).body;
    expect((forecast.stages as Array<{ stage_id: string }>).map((stage) => stage.stage_id)).toEqual(
      deals.stages.map((stage) => stage.id),
    );
    expect((await call(owner, 'GET', '/deals')).body).toMatchObject({ value: 1000, weighted: 600 });
    // The campaign still counts the disqualified lead it brought in.
    await waitFor(
      async () => (await call(owner, 'GET', `/campaigns/${campaign.body.id}`)).body.leads === 1,
      'the campaign to count its lead',
    );
  });
});

describe('concurrent changes', () => {
  // Two deletions of a deal pipeline's won stages at once: crm-core's service spec, catalogue.
  it('never leave two records with one name', async () => {
    const owner = await signUpWithWorkspace(base, 'Cy');
    const creations = await Promise.all(
      ['Fair', 'FAIR', 'fair'].map((name) => call(owner, 'POST', '/lead-sources', { name, channel: 'event' })),
    );
    expect(creations.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(creations.filter((answer) => answer.status === 409).map((answer) => answer.body.error.code)).toEqual([
      'name_taken',
      'name_taken',
    ]);
  });
});

describe('lead sources', () => {
  it('are named uniquely, changed, and deleted only when no company has them', async () => {
    const owner = await signUpWithWorkspace(base, 'Lou');
    const created = await call(owner, 'POST', '/lead-sources', { name: ' Trade show ', channel: 'event' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: 'Trade show', channel: 'event', companies: 0 });

    expectError(await call(owner, 'POST', '/lead-sources', { name: 'TRADE SHOW', channel: 'web' }), 409, 'name_taken');
    expectError(
      await call(owner, 'POST', '/lead-sources', { name: 'Fax', channel: 'fax' }),
      400,
      'validation_failed',
      /^channel /,
    );
    expectError(
      await call(owner, 'POST', '/lead-sources', { name: 'Fax' }),
      400,
      'validation_failed',
      /channel is required/,
    );
    expectError(
      await call(owner, 'POST', '/lead-sources', { name: 'x'.repeat(61), channel: 'web' }),
      400,
      'validation_failed',
      /^name /,
    );
    expectError(
      await call(owner, 'POST', '/lead-sources', { name: 'Fax', channel: 'phone', cost: 3 }),
      400,
      'validation_failed',
      /unknown field 'cost'/,
    );

    const renamed = await call(owner, 'PATCH', `/lead-sources/${created.body.id}`, {
      name: 'Expo',
      channel: 'partner',
    });
    expect(renamed.body).toEqual({ id: created.body.id, name: 'Expo', channel: 'partner', companies: 0 });
    expectError(await call(owner, 'PATCH', `/lead-sources/${created.body.id}`, { name: 'website' }), 409, 'name_taken');
    expectError(
      await call(owner, 'PATCH', `/lead-sources/${created.body.id}`, { channel: null }),
      400,
      'validation_failed',
      /^channel /,
    );
    const listed = (await call(owner, 'GET', '/lead-sources')).body.data as Array<{ id: string; name: string }>;
    expect(listed[listed.length - 1]).toEqual({ id: created.body.id, name: 'Expo', channel: 'partner' });

    const live = await newCompany(owner, { source_id: created.body.id });
    const binned = await newCompany(owner, { source_id: created.body.id }, true);
    expect((await call(owner, 'PATCH', `/lead-sources/${created.body.id}`, {})).body.companies).toBe(1);
    expectError(await call(owner, 'DELETE', `/lead-sources/${created.body.id}`), 409, 'lead_source_in_use');
    expect((await call(owner, 'DELETE', `/companies/${live}`)).status).toBe(204);
    // Both are in the recycle bin: still in use.
    expect((await call(owner, 'PATCH', `/lead-sources/${created.body.id}`, {})).body.companies).toBe(0);
    expectError(await call(owner, 'DELETE', `/lead-sources/${created.body.id}`), 409, 'lead_source_in_use');
    // Until the bin is purged (crm-core's service spec, catalogue bin), or the companies are
    // restored and no longer have it.
    expect((await call(owner, 'POST', '/companies/bulk', { ids: [live, binned], action: 'restore' })).body).toEqual({
      updated: 2,
    });
    for (const id of [live, binned])
      expect((await call(owner, 'PATCH', `/companies/${id}`, { source_id: null })).status).toBe(200);
    expect((await call(owner, 'DELETE', `/lead-sources/${created.body.id}`)).status).toBe(204);
    expect(
      ((await call(owner, 'GET', '/lead-sources')).body.data as Array<{ id: string }>).some(
        (source) => source.id === created.body.id,
      ),
    ).toBe(false);
  });
});
