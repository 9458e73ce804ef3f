import { randomUUID } from 'node:crypto';
import { inRequestTransaction, makeEventOf } from '@crm/bus';
import { PERMISSIONS, workspaceCreated } from '@crm/protos';
import { startServiceForTest, tenantClaims, waitFor, type ServiceHarness } from '@crm/testing';
import type { CrmCoreRuntime } from '../../../crm-core-runtime';
import { crmCoreService } from '../../../crm-core-service';
import { leadSourceModel, pipelineModel, stageModel } from '../../catalogue/catalogue.model';
import { SEED_LEAD_SOURCES, seedCatalogue } from '../workspace-seed';

// A workspace's catalogue is seeded once, however many replicas seed it at the same moment, from
// identity's workspace-created event or the first request, and never again once an admin has
// changed it. (The catalogue a client meets on its first requests: tests/crm-core/catalogue-rules.test.ts.)
let crm: ServiceHarness<CrmCoreRuntime>;
beforeAll(async () => {
  crm = await startServiceForTest(crmCoreService);
});
afterAll(async () => crm.stop());

const context = () => crm.service.context;
const SEEDED = { pipelines: 2, stages: 10, sources: 10 };

async function storedCounts(workspaceId: string) {
  const { connection } = context();
  return {
    pipelines: await pipelineModel(connection).countDocuments({ workspace_id: workspaceId }).exec(),
    stages: await stageModel(connection).countDocuments({ workspace_id: workspaceId }).exec(),
    sources: await leadSourceModel(connection).countDocuments({ workspace_id: workspaceId }).exec(),
  };
}

describe('a new workspace catalogue', () => {
  it("is seeded from identity's workspace-created event, before any request asks for it", async () => {
    const workspaceId = randomUUID();
    await context().bus.publish([
      makeEventOf(workspaceCreated, {
        workspace_id: workspaceId,
        actor: { type: 'user', id: randomUUID(), label: 'Eve' },
        data: {
          workspace_id: workspaceId,
          slug: 'eve-ltd',
          name: 'Eve Ltd',
          plan: 'standard',
          complimentary_until: null,
          billing_set_up: false,
          settings: { currency: 'GBP', date_format: 'DD/MM/YYYY', timezone: 'Europe/London', page_size: 25 },
          created_by: randomUUID(),
          version: 1,
        },
      }),
    ]);
    expect(
      await waitFor(async () => {
        const counts = await storedCounts(workspaceId);
        return counts.pipelines > 0 ? counts : undefined;
      }),
    ).toEqual(SEEDED);
  });

  it('is written once when several replicas seed the same workspace at the same moment', async () => {
    const workspaceId = randomUUID();
    // seedCatalogue is what each replica runs (without the per-process memory of seeded workspaces).
    await Promise.all([1, 2, 3, 4, 5].map(() => seedCatalogue(context(), workspaceId)));
    expect(await storedCounts(workspaceId)).toEqual(SEEDED);
    await seedCatalogue(context(), workspaceId);
    expect(await storedCounts(workspaceId)).toEqual(SEEDED);
  });

  it('seeded inside a request transaction that fails, is seeded again by the next request (an Idempotency-Key request)', async () => {
    const workspaceId = randomUUID();
    const seeds = crm.service.runtime.workspaceSeeds;
    await expect(
      inRequestTransaction(context().connection, async () => {
        await seeds.ensure(workspaceId);
        throw new Error('the request fails after seeding');
      }),
    ).rejects.toThrow('the request fails after seeding');
    expect(await storedCounts(workspaceId)).toEqual({ pipelines: 0, stages: 0, sources: 0 });
    await seeds.ensure(workspaceId);
    expect(await storedCounts(workspaceId)).toEqual(SEEDED);
  });

  it('is not seeded again once an admin has removed what was seeded', async () => {
    const workspaceId = randomUUID();
    const owner = tenantClaims({ workspace_id: workspaceId, plan: 'standard', permissions: [...PERMISSIONS] });
    const sourceNames = async () =>
      ((await crm.call(owner, 'GET', '/lead-sources')).body.data as Array<{ id: string; name: string }>).map(
        (source) => source.name,
      );
    const sources = (await crm.call(owner, 'GET', '/lead-sources')).body.data as Array<{ id: string; name: string }>;
    const other = sources.find((source) => source.name === 'Other')!;
    expect((await crm.call(owner, 'DELETE', `/lead-sources/${other.id}`)).status).toBe(204);
    // What another replica, which has not seen this workspace yet, would do on its first request.
    await seedCatalogue(context(), workspaceId);
    expect(await sourceNames()).toEqual(SEED_LEAD_SOURCES.map(({ name }) => name).filter((name) => name !== 'Other'));
  });
});
