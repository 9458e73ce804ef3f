import { newId } from '@crm/kit';
import { leadSourceModel, pipelineModel, stageModel } from '@crm/crm-core/sales/catalogue/catalogue.model';
import { inRequestTransaction } from '@crm/bus';
import { ensureWorkspaceSeeded, seedCatalogue } from '@crm/crm-core/sales/workspaces/workspace-seed';
import { request, signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';

// A new workspace's catalogue as a client meets it: complete on the very first request after
// onboarding, the same for every request, and never duplicated however many seeders race.
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startTestSystem();
  base = system.url;
});

afterAll(() => system.destroy());

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

async function storedCounts(workspaceId: string) {
  const connection = system.services['crm-core'].context.connection;
  return {
    pipelines: await pipelineModel(connection).countDocuments({ workspace_id: workspaceId }).exec(),
    stages: await stageModel(connection).countDocuments({ workspace_id: workspaceId }).exec(),
    sources: await leadSourceModel(connection).countDocuments({ workspace_id: workspaceId }).exec(),
  };
}

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

    expect(await storedCounts(owner.workspaceId)).toEqual({ pipelines: 2, stages: 10, sources: 10 });
  });

  it("is seeded from identity's workspace-created event, before any request asks for it", async () => {
    const owner = await signUpWithWorkspace(base, 'Eve');
    expect(
      await waitFor(async () => {
        const counts = await storedCounts(owner.workspaceId);
        return counts.pipelines > 0 ? counts : undefined;
      }),
    ).toEqual({ pipelines: 2, stages: 10, sources: 10 });
  });

  it('is written once when several replicas seed the same workspace at the same moment', async () => {
    const workspaceId = newId();
    const context = system.services['crm-core'].context;
    // seedCatalogue is what each replica runs (without the per-process memory of seeded workspaces).
    await Promise.all([1, 2, 3, 4, 5].map(() => seedCatalogue(context, workspaceId)));
    expect(await storedCounts(workspaceId)).toEqual({ pipelines: 2, stages: 10, sources: 10 });
    await seedCatalogue(context, workspaceId);
    expect(await storedCounts(workspaceId)).toEqual({ pipelines: 2, stages: 10, sources: 10 });
  });

  it('seeded inside a request transaction that fails, is seeded again by the next request (an Idempotency-Key request)', async () => {
    const workspaceId = newId();
    const context = system.services['crm-core'].context;
    await expect(
      inRequestTransaction(context.connection, async () => {
        await ensureWorkspaceSeeded(context, workspaceId);
        throw new Error('the request fails after seeding');
      }),
    ).rejects.toThrow('the request fails after seeding');
    expect(await storedCounts(workspaceId)).toEqual({ pipelines: 0, stages: 0, sources: 0 });
    await ensureWorkspaceSeeded(context, workspaceId);
    expect(await storedCounts(workspaceId)).toEqual({ pipelines: 2, stages: 10, sources: 10 });
  });

  it('is not seeded again once an admin has removed what was seeded', async () => {
    const owner = await signUpWithWorkspace(base, 'Rita');
    const sources = (await request(base, 'GET', '/lead-sources', { token: owner.token })).body.data as Array<{
      id: string;
      name: string;
    }>;
    const other = sources.find((source) => source.name === 'Other')!;
    expect((await request(base, 'DELETE', `/lead-sources/${other.id}`, { token: owner.token })).status).toBe(204);
    // What another replica, which has not seen this workspace yet, would do on its first request.
    await seedCatalogue(system.services['crm-core'].context, owner.workspaceId);
    const after = (await request(base, 'GET', '/lead-sources', { token: owner.token })).body.data as Array<{
      name: string;
    }>;
    expect(after.map((source) => source.name)).toEqual(
      SEEDED_SOURCES.map(([name]) => name).filter((name) => name !== 'Other'),
    );
  });
});
