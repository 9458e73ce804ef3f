import { randomUUID } from 'node:crypto';
import type { AppError } from '@crm/kit';
import { PERMISSIONS } from '@crm/protos';
import { startServiceForTest, tenantClaims, type ServiceHarness } from '@crm/testing';
import { crmCoreService } from '../../../crm-core-service';
import { deleteStage } from '../stage-writes';

// A deal pipeline keeps a won stage whatever deletions run at the same moment. (The catalogue's
// rules through the gateway: tests/crm-core/catalogue-rules.test.ts.)
let crm: ServiceHarness;
beforeAll(async () => {
  crm = await startServiceForTest(crmCoreService);
});
afterAll(async () => crm.stop());

interface Pipeline {
  id: string;
  object: string;
  is_default: boolean;
  stages: Array<{ id: string; name: string; kind: string }>;
}

describe('concurrent stage deletions', () => {
  it('never leave a deal pipeline without a won stage', async () => {
    const workspaceId = randomUUID();
    const claims = tenantClaims({ workspace_id: workspaceId, plan: 'standard', permissions: [...PERMISSIONS] });
    const dealPipeline = async () =>
      ((await crm.call(claims, 'GET', '/pipelines')).body.data as Pipeline[]).find(
        (pipeline) => pipeline.object === 'deal' && pipeline.is_default,
      )!;
    const deals = await dealPipeline();
    const second = await crm.call(claims, 'POST', '/pipeline-stages', {
      body: { pipeline_id: deals.id, name: 'Closed won', kind: 'won' },
    });
    expect(second.status).toBe(201);
    const wonIds = [deals.stages.find((stage) => stage.name === 'Won')!.id, second.body.id as string];

    // Called directly, so that both transactions are open at once (over HTTP, one request tends to
    // finish before the other starts).
    const deletions = await Promise.allSettled(
      wonIds.map((id) => deleteStage(crm.service.context, claims, workspaceId, id, undefined)),
    );
    expect(
      deletions
        .map((outcome) => (outcome.status === 'fulfilled' ? 'deleted' : (outcome.reason as AppError).code))
        .sort(),
    ).toEqual(['deleted', 'stage_required']);
    expect((await dealPipeline()).stages.filter((stage) => stage.kind === 'won')).toHaveLength(1);
  });
});
