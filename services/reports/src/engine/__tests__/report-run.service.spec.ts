import { randomUUID } from 'node:crypto';
import type { InternalClaims } from '@crm/kit';
import {
  contractEvent,
  contractPayload,
  startServiceForTest,
  tenantClaims,
  waitFor,
  type ServiceHarness,
} from '@crm/testing';
import { workspaceSettingsModel } from '../../read-model/read-model.model';
import { workspaceData, workspaceReads } from '../../read-model/workspace-data';
import type { ReportsRuntime } from '../../reports-runtime';
import { reportsService } from '../../reports-service';

// Reports alone: its read model fed by identity's and crm-core's events, published on its bus as
// their relays would, and read through its HTTP handler.
let reports: ServiceHarness<ReportsRuntime>;
beforeAll(async () => {
  reports = await startServiceForTest(reportsService);
});
afterAll(async () => reports.stop());

const publish = (type: string, workspaceId: string | null, data: Record<string, unknown>) =>
  reports.service.context.bus.publish([contractEvent(type, workspaceId, data)]);

interface RunAnswer {
  rows: Array<{ keys: string[]; value: number }>;
}

// A fresh workspace reports has heard of (its settings came with identity's event).
async function workspace(): Promise<InternalClaims> {
  const claims = tenantClaims({ plan: 'standard', permissions: ['reports:read', 'companies:read', 'deals:read'] });
  await publish('identity.workspace.created', claims.workspace_id, {
    workspace_id: claims.workspace_id,
    settings: { currency: 'GBP', date_format: 'DD/MM/YYYY', timezone: 'UTC', page_size: 25 },
  });
  const copies = workspaceSettingsModel(reports.service.context.connection);
  await waitFor(
    () => copies.findOne({ _id: claims.workspace_id, workspace_id: claims.workspace_id }).lean().exec(),
    "the workspace's settings",
  );
  return claims;
}

const byStage = { object: 'deal', group_by: ['stage_id'], measure: 'sum:value' };
const valueIn = (body: RunAnswer, stageId: string) => body.rows.find((row) => row.keys[0] === stageId)?.value;

async function runUntil(claims: InternalClaims, ready: (body: RunAnswer) => boolean, what: string): Promise<RunAnswer> {
  return waitFor(async () => {
    const answer = await reports.call<RunAnswer>(claims, 'POST', '/reports/run', { body: byStage });
    expect({ status: answer.status, body: answer.status === 200 ? 'ok' : answer.body }).toEqual({
      status: 200,
      body: 'ok',
    });
    return ready(answer.body) ? answer.body : undefined;
  }, what);
}

describe('a report run', () => {
  it('follows deals created, changed and deleted, reading only the changes after the first load', async () => {
    const owner = await workspace();
    const [qualification, proposal] = [randomUUID(), randomUUID()];
    const deal = (fields: Record<string, unknown>) =>
      contractPayload('crm.deal.created', { currency: 'GBP', status: 'open', ...fields });
    const kept = deal({ name: 'Kept', value: 100, stage_id: qualification });
    const gone = deal({ name: 'Gone', value: 40, stage_id: qualification });
    await publish('crm.deal.created', owner.workspace_id, kept);
    await publish('crm.deal.created', owner.workspace_id, gone);
    await runUntil(owner, (body) => valueIn(body, qualification) === 140, 'both deals in the report');

    const reads = workspaceReads(reports.service.runtime.workspaceCache);
    const before = { ...reads };
    await publish('crm.deal.updated', owner.workspace_id, {
      ...kept,
      name: 'Kept, renamed',
      value: 250,
      stage_id: proposal,
      version: 2,
      fields: ['name', 'value', 'stage_id'],
    });
    await runUntil(
      owner,
      (body) => valueIn(body, proposal) === 250 && valueIn(body, qualification) === 40,
      'the changed deal in the report',
    );
    await publish('crm.deal.created', owner.workspace_id, deal({ name: 'Added', value: 30, stage_id: proposal }));
    await runUntil(owner, (body) => valueIn(body, proposal) === 280, 'the added deal in the report');
    await publish('crm.deal.deleted', owner.workspace_id, { ...gone, version: 2 });
    const after = await runUntil(
      owner,
      (body) => valueIn(body, qualification) === undefined,
      'the deleted deal out of the report',
    );
    expect(after.rows).toEqual([expect.objectContaining({ keys: [proposal], value: 280 })]);
    // Read as changes since what was kept: no load of the whole workspace, only the changed deals.
    expect(reads.loads).toBe(before.loads);
    expect(reads.refreshes).toBeGreaterThan(before.refreshes);
    expect(reads.changedRecords - before.changedRecords).toBeGreaterThanOrEqual(3);
    // The sales report reads the same kept copy (the deals' stage history with it).
    expect((await reports.call(owner, 'GET', '/reports/sales')).status).toBe(200);
    expect(reads.loads).toBe(before.loads);
  });

  it('applies changes to new arrays, the older copy keeping its own, and to the kept id maps', async () => {
    const owner = await workspace();
    const stage = randomUUID();
    const first = contractPayload('crm.deal.created', { currency: 'GBP', status: 'open', value: 10, stage_id: stage });
    await publish('crm.deal.created', owner.workspace_id, first);
    await runUntil(owner, (body) => valueIn(body, stage) === 10, 'the first deal in the report');
    const { workspaceCache } = reports.service.runtime;
    const workspaceId = String(owner.workspace_id);
    const older = await workspaceData(workspaceCache, workspaceId);
    const second = contractPayload('crm.deal.created', { currency: 'GBP', status: 'open', value: 5, stage_id: stage });
    await publish('crm.deal.created', owner.workspace_id, second);
    await publish('crm.deal.updated', owner.workspace_id, { ...first, value: 20, version: 2, fields: ['value'] });
    await runUntil(owner, (body) => valueIn(body, stage) === 25, 'the second deal and the change in the report');
    const newer = await workspaceData(workspaceCache, workspaceId);

    expect(older.records.deal.map((deal) => [deal._id, deal.value_minor])).toEqual([[first.deal_id, 1000]]);
    expect(newer.records.deal.map((deal) => [deal._id, deal.value_minor])).toEqual([
      [first.deal_id, 2000],
      [second.deal_id, 500],
    ]);
    expect(newer.byId.deal).toBe(older.byId.deal);
    expect(older.byId.deal.get(String(first.deal_id))?.value_minor).toBe(2000);
  });

  it("shows a workspace nothing of another's deals", async () => {
    const owner = await workspace();
    const stranger = await workspace();
    const stage = randomUUID();
    await publish('crm.deal.created', owner.workspace_id, {
      currency: 'GBP',
      status: 'open',
      value: 70,
      stage_id: stage,
    });
    await runUntil(owner, (body) => valueIn(body, stage) === 70, "the owner's deal in the report");
    const elsewhere = await reports.call<RunAnswer>(stranger, 'POST', '/reports/run', { body: byStage });
    expect({ status: elsewhere.status, value: valueIn(elsewhere.body, stage) }).toEqual({
      status: 200,
      value: undefined,
    });
  });
});
