import { randomUUID } from 'node:crypto';
import type { InternalClaims } from '@crm/kit';
import { startServiceForTest, type Answer, type ServiceHarness } from '@crm/testing';
import { crmCoreService } from '../../../crm-core-service';
import { createRecord, memberClaims } from '../../../records/__tests__/bin-support';

// A pipeline or lead source that only companies in the recycle bin use stays until the bin is
// purged (after 30 days: a job worker whose clock runs 31 days ahead), then it may be deleted.
// (The catalogue's rules through the gateway: tests/crm-core/catalogue-rules.test.ts.)
let crm: ServiceHarness;
beforeAll(async () => {
  crm = await startServiceForTest(crmCoreService);
});
afterAll(async () => crm.stop());

interface Pipeline {
  id: string;
  name: string;
  object: string;
  is_default: boolean;
  stages: Array<{ id: string }>;
}

const call = (owner: InternalClaims, method: string, path: string, body?: unknown) =>
  crm.call(owner, method, path, body === undefined ? {} : { body });

const expectError = (answer: Answer, status: number, code: string) =>
  expect({ status: answer.status, code: answer.body?.error?.code }).toEqual({ status, code });

// A company made and sent to the recycle bin.
async function binnedCompany(owner: InternalClaims, fields: Record<string, unknown>): Promise<string> {
  const id = await createRecord(crm, owner, '/companies', { name: `Binned ${randomUUID()}`, ...fields });
  expect((await call(owner, 'DELETE', `/companies/${id}`)).status).toBe(204);
  return id;
}

const purgeBin = () => crm.jobsAt(31).runDue();

describe('the recycle bin and the catalogue', () => {
  it('keeps a pipeline a binned company uses until the bin is purged', async () => {
    const owner = memberClaims();
    const pipelines = async () => (await call(owner, 'GET', '/pipelines')).body.data as Pipeline[];
    const seeded = (await pipelines()).find((pipeline) => pipeline.object === 'company' && pipeline.is_default)!;
    const second = await call(owner, 'POST', '/pipelines', { name: 'Main' });
    expect(second.status).toBe(201);
    expect((await call(owner, 'PATCH', `/pipelines/${second.body.id}`, { is_default: true })).status).toBe(200);

    await binnedCompany(owner, { stage_id: seeded.stages[0].id });
    expectError(await call(owner, 'DELETE', `/pipelines/${seeded.id}`), 409, 'pipeline_in_use');
    await purgeBin();
    expect((await call(owner, 'DELETE', `/pipelines/${seeded.id}`)).status).toBe(204);
    expect((await pipelines()).map((pipeline) => pipeline.name)).toEqual(['Main', 'Sales']);
    const stages = (await call(owner, 'GET', '/pipeline-stages')).body.data as Array<{ pipeline_id: string }>;
    expect(stages.some((stage) => stage.pipeline_id === seeded.id)).toBe(false);
    expectError(await call(owner, 'DELETE', `/pipelines/${seeded.id}`), 404, 'not_found');
  });

  it('keeps a lead source binned companies have until the bin is purged', async () => {
    const owner = memberClaims();
    const created = await call(owner, 'POST', '/lead-sources', { name: 'Trade show', channel: 'event' });
    expect(created.status).toBe(201);
    const source = created.body.id as string;
    await binnedCompany(owner, { source_id: source });
    await binnedCompany(owner, { source_id: source });
    // Counted without the bin, yet in use.
    expect((await call(owner, 'PATCH', `/lead-sources/${source}`, {})).body.companies).toBe(0);
    expectError(await call(owner, 'DELETE', `/lead-sources/${source}`), 409, 'lead_source_in_use');
    await purgeBin();
    expect((await call(owner, 'DELETE', `/lead-sources/${source}`)).status).toBe(204);
    const listed = (await call(owner, 'GET', '/lead-sources')).body.data as Array<{ id: string }>;
    expect(listed.some((item) => item.id === source)).toBe(false);
  });
});
