import { request, signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';
import { addMemberTo } from './references-support';

// Who may read and change the catalogue, what another workspace can reach of it, and the audit
// log entries its changes leave, all as clients meet them through the gateway.
const system = sharedTestSystem();
const base = system.url;

type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;
interface Item {
  id: string;
  name: string;
  object?: string;
  is_default?: boolean;
  stages?: Item[];
}

const call = (token: string, method: string, path: string, body?: unknown) =>
  request(base, method, path, { token, body });

async function catalogue(owner: Owner) {
  const [pipelines, stages, sources] = await Promise.all(
    ['/pipelines', '/pipeline-stages', '/lead-sources'].map(
      async (path) => (await call(owner.token, 'GET', path)).body.data as Item[],
    ),
  );
  return { pipelines: pipelines, stages: stages, sources: sources };
}

describe('the catalogue across roles and workspaces', () => {
  it('lets a Sales member read the public lists and only admins change anything', async () => {
    const owner = await signUpWithWorkspace(base, 'Oona');
    const sales = (await addMemberTo(system, owner, 'Sid')).token;
    const { pipelines, stages, sources } = await catalogue(owner);

    expect((await call(sales, 'GET', '/pipeline-stages')).body.data).toEqual(stages);
    expect((await call(sales, 'GET', '/lead-sources')).body.data).toEqual(sources);
    const refused = [
      await call(sales, 'GET', '/pipelines'),
      await call(sales, 'POST', '/pipelines', { name: 'Mine' }),
      await call(sales, 'PATCH', `/pipelines/${pipelines[0].id}`, { name: 'Mine' }),
      await call(sales, 'DELETE', `/pipelines/${pipelines[0].id}`),
      await call(sales, 'POST', '/pipeline-stages', { pipeline_id: pipelines[0].id, name: 'Mine' }),
      await call(sales, 'PATCH', `/pipeline-stages/${stages[0].id}`, { name: 'Mine' }),
      await call(sales, 'DELETE', `/pipeline-stages/${stages[0].id}`),
      await call(sales, 'POST', '/lead-sources', { name: 'Mine', channel: 'web' }),
      await call(sales, 'PATCH', `/lead-sources/${sources[0].id}`, { name: 'Mine' }),
      await call(sales, 'DELETE', `/lead-sources/${sources[0].id}`),
    ];
    expect(refused.map((answer) => [answer.status, answer.body.error.code])).toEqual(
      refused.map(() => [403, 'forbidden']),
    );
    expect(await catalogue(owner)).toEqual({ pipelines, stages, sources });
  });

  it("answers 404 for another workspace's ids, refuses them as references and never mixes the lists", async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const bob = await signUpWithWorkspace(base, 'Bob');
    const extra = await call(ann.token, 'POST', '/pipelines', {
      name: 'Ann only',
      stages: [{ name: 'One' }, { name: 'Two' }],
    });
    const source = await call(ann.token, 'POST', '/lead-sources', { name: 'Ann source', channel: 'web' });
    const before = await catalogue(ann);
    const annStage = extra.body.stages[0].id as string;

    const answers = [
      await call(bob.token, 'PATCH', `/pipelines/${extra.body.id}`, { name: 'Taken' }),
      await call(bob.token, 'PATCH', `/pipelines/${extra.body.id}`, { is_default: true }),
      await call(bob.token, 'DELETE', `/pipelines/${extra.body.id}`),
      await call(bob.token, 'PATCH', `/pipeline-stages/${annStage}`, { name: 'Taken' }),
      await call(bob.token, 'DELETE', `/pipeline-stages/${annStage}`),
      await call(bob.token, 'PATCH', `/lead-sources/${source.body.id}`, { name: 'Taken' }),
      await call(bob.token, 'DELETE', `/lead-sources/${source.body.id}`),
    ];
    expect(answers.map((answer) => [answer.status, answer.body.error.code])).toEqual(
      answers.map(() => [404, 'not_found']),
    );

    const bobs = await catalogue(bob);
    const added = await call(bob.token, 'POST', '/pipeline-stages', { pipeline_id: extra.body.id, name: 'Sneaky' });
    expect([added.status, added.body.error.message]).toEqual([400, 'pipeline_id is not a pipeline of this workspace']);
    const bobStage = bobs.stages[0].id;
    const moved = await call(bob.token, 'DELETE', `/pipeline-stages/${bobStage}?move_to=${annStage}`);
    expect([moved.status, moved.body.error.message]).toEqual([400, 'move_to is not a stage of this workspace']);
    const reordered = await call(bob.token, 'PATCH', `/pipelines/${bobs.pipelines[0].id}`, {
      stage_order: [annStage, ...bobs.pipelines[0].stages!.slice(1).map((stage) => stage.id)],
    });
    expect(reordered.status).toBe(400);

    expect(await catalogue(ann)).toEqual(before);
    expect(await catalogue(bob)).toEqual(bobs);
    const annIds = new Set([...before.pipelines, ...before.stages, ...before.sources].map((item) => item.id));
    expect([...bobs.pipelines, ...bobs.stages, ...bobs.sources].filter((item) => annIds.has(item.id))).toEqual([]);
    expect(bobs.pipelines.map((pipeline) => pipeline.name)).toEqual(['Companies', 'Sales']);
  });

  it('records one audit entry per change an admin makes, none for the seeded catalogue', async () => {
    const owner = await signUpWithWorkspace(base, 'Ida');
    const { pipelines, sources } = await catalogue(owner);
    const deals = pipelines.find((pipeline) => pipeline.object === 'deal')!;
    const created = await call(owner.token, 'POST', '/pipelines', {
      name: 'Upsell',
      object: 'deal',
      stages: [{ name: 'Open' }, { name: 'Yes', kind: 'won' }, { name: 'No', kind: 'lost' }],
    });
    expect(created.status).toBe(201);
    expect(
      (await call(owner.token, 'PATCH', `/pipeline-stages/${deals.stages![0].id}`, { name: 'Discovery' })).status,
    ).toBe(200);
    expect(
      (await call(owner.token, 'DELETE', `/lead-sources/${sources.find((item) => item.name === 'Phone')!.id}`)).status,
    ).toBe(204);

    const catalogueTypes = ['pipeline', 'pipeline_stage', 'lead_source'];
    const entries = await waitFor(async () => {
      const log = await call(owner.token, 'GET', '/audit-log?source=admin');
      const items = (log.body.data as Array<{ object_type: string; summary: string; actor: string }>).filter((item) =>
        catalogueTypes.includes(item.object_type),
      );
      return items.length >= 6 ? items : undefined;
    });
    expect(entries.map((item) => item.summary).sort()).toEqual([
      'Created pipeline "Upsell"',
      'Created pipeline stage "No"',
      'Created pipeline stage "Open"',
      'Created pipeline stage "Yes"',
      'Deleted lead source "Phone"',
      'Updated pipeline stage "Discovery"',
    ]);
    expect(new Set(entries.map((item) => item.actor))).toEqual(new Set(['Ida']));
  });
});
