import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { generateInternalKeyPair } from '@crm/kit';
import { addMemberTo } from '../crm-core/references-support';
import { request, signUpWithWorkspace, startTestSystem, type TestSystem } from '../support/system';
import { api, REPORTS_SYSTEM_OPTIONS, startReportsSystem } from './reports-support';

// Saved and pinned reports, and the read model following the owners' changes (a deleted deal, a
// merged company, a renamed stage leave or change the reports).

let system: TestSystem;

beforeAll(async () => {
  system = await startReportsSystem();
});

afterAll(async () => {
  await system?.destroy();
});

// The operator's rebuild command, built (`tsc -b`), as the reports image runs it.
const REBUILD_COMMAND = resolve(__dirname, '../../services/reports/dist/rebuild-main.js');

// Reports is stopped and its data folder removed, as after losing its store; the rebuild command
// replays the workspaces named from the owners (still running) over gRPC, into reports' store in
// embedded mode, and the whole system starts again on the same data. Answers what the command
// logged of each workspace it rebuilt.
async function rebuildReportsFromScratch(workspaceIds: string[]): Promise<Array<Record<string, any>>> {
  await system.services.reports.stop();
  rmSync(join(system.dataDir, 'reports'), { recursive: true, force: true });
  const port = (service: 'identity' | 'crm-core' | 'marketing') => `127.0.0.1:${system.services[service].grpcPort}`;
  const { stdout } = await promisify(execFile)(process.execPath, [REBUILD_COMMAND, ...workspaceIds], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: system.dataDir,
      LOG_LEVEL: 'info',
      IDENTITY_GRPC_ADDR: port('identity'),
      CRM_CORE_GRPC_ADDR: port('crm-core'),
      MARKETING_GRPC_ADDR: port('marketing'),
      SERVICE_TOKEN_SECRET: system.serviceTokenSecret,
      INTERNAL_JWT_PUBLIC_KEY: generateInternalKeyPair().publicKey,
    },
  });
  const rebuilt = stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, any>)
    .filter((line) => line.msg === 'rebuilt the read model of a workspace');
  await system.stop();
  system = await startTestSystem({ ...REPORTS_SYSTEM_OPTIONS, dataDir: system.dataDir });
  return rebuilt;
}

describe('saved reports', () => {
  it('saves with defaults, shares for admins only, pins per member and runs with the name', async () => {
    const owner = await signUpWithWorkspace(system.url);
    const admin = api(system.url, owner);
    const member = await addMemberTo(system, owner, 'Sam');
    const sales = api(system.url, member);

    const mine = await sales.ok<Record<string, any>>(
      'POST',
      '/reports/saved',
      { name: '  By stage  ', definition: { object: 'company', group_by: ['stage_id'] } },
      201,
    );
    expect(mine).toEqual({
      id: expect.any(String),
      name: 'By stage',
      definition: { object: 'company', group_by: ['stage_id'], measure: 'count', filters: [], chart: 'bar' },
      shared: false,
      mine: true,
      pinned: false,
      owner_name: 'Sam',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const refused = await sales.call('POST', '/reports/saved', {
      name: 'Everyone',
      definition: { object: 'deal' },
      shared: true,
    });
    expect({ status: refused.status, code: refused.body.error?.code }).toEqual({ status: 403, code: 'forbidden' });
    const shareMine = await sales.call('PATCH', `/reports/saved/${mine.id}`, { shared: true });
    expect(shareMine.status).toBe(403);
    const shared = await admin.ok<Record<string, any>>(
      'POST',
      '/reports/saved',
      {
        name: 'Deals by month',
        definition: {
          object: 'deal',
          group_by: ['created_at:month'],
          measure: 'sum:value',
          chart: 'line',
          date: { field: 'created_at', from: '2026-01-01' },
        },
        shared: true,
      },
      201,
    );
    expect(shared.definition).toEqual({
      object: 'deal',
      group_by: ['created_at:month'],
      measure: 'sum:value',
      filters: [],
      date: { field: 'created_at', from: '2026-01-01' },
      chart: 'line',
    });

    // Sam sees their own and the shared one; the admin sees the shared one only (Sam's is private).
    const samList = await sales.ok<{ data: Array<Record<string, any>> }>('GET', '/reports/saved', undefined);
    expect(samList.data.map((report) => [report.name, report.mine, report.shared, report.owner_name])).toEqual([
      ['By stage', true, false, 'Sam'],
      ['Deals by month', false, true, 'Ann'],
    ]);
    const adminList = await admin.ok<{ data: Array<Record<string, any>> }>('GET', '/reports/saved', undefined);
    expect(adminList.data.map((report) => report.name)).toEqual(['Deals by month']);
    const hidden = await admin.call('GET', `/reports/saved/${mine.id}/run`);
    expect(hidden.status).toBe(404);

    // Only the creator (or an admin, for a shared one) changes or deletes.
    const notTheirs = await sales.call('PATCH', `/reports/saved/${shared.id}`, { name: 'Mine now' });
    expect({ status: notTheirs.status, code: notTheirs.body.error?.code }).toEqual({ status: 403, code: 'forbidden' });
    expect((await sales.call('DELETE', `/reports/saved/${shared.id}`)).status).toBe(403);
    const renamed = await sales.ok<Record<string, any>>('PATCH', `/reports/saved/${mine.id}`, {
      name: 'Companies by stage',
      definition: { object: 'company', group_by: ['industry'] },
    });
    expect(renamed).toMatchObject({
      name: 'Companies by stage',
      definition: { object: 'company', group_by: ['industry'], measure: 'count', filters: [], chart: 'bar' },
    });
    const badPatch = await sales.call('PATCH', `/reports/saved/${mine.id}`, {
      definition: { object: 'company', group_by: ['wrong'] },
    });
    expect({ status: badPatch.status, message: badPatch.body.error?.message }).toEqual({
      status: 400,
      message: expect.stringContaining('definition.group_by.0'),
    });

    // Pins are per member and idempotent.
    expect((await sales.call('PUT', `/reports/saved/${shared.id}/pin`)).status).toBe(204);
    expect((await sales.call('PUT', `/reports/saved/${shared.id}/pin`)).status).toBe(204);
    const pinned = await sales.ok<{ data: Array<Record<string, any>> }>('GET', '/reports/saved', undefined);
    expect(pinned.data.map((report) => [report.name, report.pinned])).toEqual([
      ['Companies by stage', false],
      ['Deals by month', true],
    ]);
    const adminView = await admin.ok<{ data: Array<Record<string, any>> }>('GET', '/reports/saved', undefined);
    expect(adminView.data[0].pinned).toBe(false);
    expect((await sales.call('DELETE', `/reports/saved/${shared.id}/pin`)).status).toBe(204);
    expect((await sales.call('DELETE', `/reports/saved/${shared.id}/pin`)).status).toBe(204);
    const unpinned = await sales.ok<{ data: Array<Record<string, any>> }>('GET', '/reports/saved', undefined);
    expect(unpinned.data.every((report) => report.pinned === false)).toBe(true);

    await admin.company({ name: 'Acme', industry: 'Retail' });
    const run = await sales.until<Record<string, any>>(
      'GET',
      `/reports/saved/${mine.id}/run`,
      undefined,
      (body) => body.rows.length === 1,
      'the saved report to count the company',
    );
    expect(run).toEqual({
      name: 'Companies by stage',
      object: 'company',
      columns: [
        { key: 'industry', label: 'Industry', type: 'string' },
        { key: 'count', label: 'Count', type: 'integer' },
      ],
      money: false,
      currency: null,
      rows: [{ keys: ['Retail'], labels: ['Retail'], value: 1, other_currency: [] }],
      truncated: false,
      chart: 'bar',
    });

    // The admin may delete the shared report; each change is in the audit log.
    expect((await admin.call('DELETE', `/reports/saved/${shared.id}`)).status).toBe(204);
    expect((await admin.call('GET', `/reports/saved/${shared.id}/run`)).status).toBe(404);
    expect((await sales.call('DELETE', `/reports/saved/${mine.id}`)).status).toBe(204);
    const summaries = await admin.until<{ data: Array<{ summary: string }> }>(
      'GET',
      '/audit-log?limit=200',
      undefined,
      (body) => body.data.some((entry) => entry.summary === 'Deleted saved report "Companies by stage"'),
      'the audit log to record the saved reports',
    );
    expect(summaries.data.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        'Saved report "By stage"',
        'Saved report "Deals by month"',
        'Updated saved report "Companies by stage"',
        'Pinned report "Deals by month" to Home',
        'Unpinned report "Deals by month" from Home',
        'Deleted saved report "Deals by month"',
        'Deleted saved report "Companies by stage"',
      ]),
    );
    expect(summaries.data.filter((entry) => entry.summary === 'Pinned report "Deals by month" to Home')).toHaveLength(
      1,
    );
  });
});

describe("shared reports are the admins'", () => {
  it("refuses a non-admin API key its creator's shared report and sharing, whoever created the key", async () => {
    const owner = await signUpWithWorkspace(system.url);
    const admin = api(system.url, owner);
    const keyOf = async (name: string, role: string) => {
      const created = await admin.ok<{ key: string }>('POST', '/api-keys', { name, kind: 'integration', role }, 201);
      return api(system.url, { token: created.key });
    };
    const script = await keyOf('Nightly sync', 'Agent (read & write)');
    const shared = await admin.ok<{ id: string }>(
      'POST',
      '/reports/saved',
      { name: 'Team pipeline', definition: { object: 'deal' }, shared: true },
      201,
    );

    // The key acts as its creator (an admin), but its own role is not an admin's.
    for (const [method, body] of [
      ['PATCH', { name: 'Renamed by a script' }],
      ['PATCH', { shared: false }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await script.call(method, `/reports/saved/${shared.id}`, body);
      expect({ method, status: refused.status, code: refused.body?.error?.code }).toEqual({
        method,
        status: 403,
        code: 'forbidden',
      });
    }
    const sharing = await script.call('POST', '/reports/saved', {
      name: 'Everyone',
      definition: { object: 'company' },
      shared: true,
    });
    expect({ status: sharing.status, message: sharing.body.error?.message }).toEqual({
      status: 403,
      message: 'shared reports need a workspace admin',
    });
    const own = await script.ok<{ id: string; mine: boolean }>(
      'POST',
      '/reports/saved',
      { name: 'Private', definition: { object: 'company' } },
      201,
    );
    expect((await script.call('PATCH', `/reports/saved/${own.id}`, { shared: true })).status).toBe(403);
    expect(
      (await script.ok<{ name: string }>('PATCH', `/reports/saved/${own.id}`, { name: 'Still private' })).name,
    ).toBe('Still private');

    const list = await admin.ok<{ data: Array<{ id: string; name: string; shared: boolean }> }>(
      'GET',
      '/reports/saved',
      undefined,
    );
    expect(list.data.map((report) => [report.name, report.shared])).toEqual([
      ['Team pipeline', true],
      ['Still private', false],
    ]);

    // A key whose own role is an admin's may change the shared report.
    await admin.ok(
      'POST',
      '/roles',
      { name: 'Report keepers', permissions: ['companies:read', 'settings:manage'] },
      201,
    );
    const keeper = await keyOf('Report keeper', 'Report keepers');
    expect(
      (await keeper.ok<{ name: string }>('PATCH', `/reports/saved/${shared.id}`, { name: 'Team deals' })).name,
    ).toBe('Team deals');
    expect((await keeper.call('DELETE', `/reports/saved/${shared.id}`)).status).toBe(204);
    expect((await admin.call('GET', `/reports/saved/${shared.id}/run`)).status).toBe(404);
  });
});

describe('the read model follows the owners', () => {
  it('drops deleted deals and merged-away companies, and shows renamed stages', async () => {
    const owner = await signUpWithWorkspace(system.url);
    const reports = api(system.url, owner);
    const stages = await reports.stages('company');
    const keep = await reports.company({ name: 'Keep', stage_id: stages.New });
    const merged = await reports.company({ name: 'Merged', stage_id: stages.New });
    const deal = await reports.deal({ name: 'Short lived', value: 10 });
    await reports.until(
      'POST',
      '/reports/run',
      { object: 'deal' },
      (body: Record<string, any>) => body.rows[0]?.value === 1,
      'the deal to show',
    );
    await reports.ok('DELETE', `/deals/${deal.id}`, undefined, 204);
    const afterDelete = await reports.until<Record<string, any>>(
      'POST',
      '/reports/run',
      { object: 'deal' },
      (body) => body.rows.length === 0,
      'the deleted deal to leave',
    );
    expect(afterDelete.rows).toEqual([]);

    await reports.ok('POST', `/companies/${keep.id}/merge`, { source_ids: [merged.id] });
    const afterMerge = await reports.until<{ data: Array<{ stage_id: string | null; companies: number }> }>(
      'GET',
      '/reports/pipeline',
      undefined,
      (body) => body.data.find((row) => row.stage_id === stages.New)!.companies === 1,
      'the merged-away company to leave',
    );
    expect(afterMerge.data.reduce((sum, row) => sum + row.companies, 0)).toBe(1);

    const stage = await reports.ok('PATCH', `/pipeline-stages/${stages.New}`, { name: 'Fresh' });
    expect(stage).toBeDefined();
    const renamed = await reports.until<Record<string, any>>(
      'POST',
      '/reports/run',
      { object: 'company', group_by: ['stage_id'] },
      (body) => body.rows[0]?.labels[0] === 'Fresh',
      'the new stage name to show',
    );
    expect(renamed.rows).toEqual([{ keys: [stages.New], labels: ['Fresh'], value: 1, other_currency: [] }]);
    const records = await request(system.url, 'POST', '/reports/records', {
      token: owner.token,
      body: { definition: { object: 'company', group_by: ['stage_id'] }, keys: [stages.New] },
    });
    expect(records.body).toEqual({
      total: 1,
      records: [expect.objectContaining({ id: keep.id, name: 'Keep', stage_name: 'Fresh' })],
    });
  });

  it('is rebuilt from scratch by replaying the owners over gRPC', async () => {
    const owner = await signUpWithWorkspace(system.url);
    const reports = api(system.url, owner);
    const stages = await reports.stages('deal');
    const company = await reports.company({ name: 'Rebuilt', industry: 'Retail' });
    const campaign = await reports.ok<{ id: string }>('POST', '/campaigns', { name: 'Replayed' }, 201);
    await reports.ok('POST', `/campaigns/${campaign.id}/spend`, {
      lines: [{ spent_on: new Date().toISOString().slice(0, 10), amount: 12.5 }],
    });
    await reports.ok('POST', '/touchpoints', {
      touchpoints: [
        {
          campaign_id: campaign.id,
          company_id: company.id,
          kind: 'visit',
          occurred_at: new Date(Date.now() - 86_400_000).toISOString(),
        },
      ],
    });
    const deal = await reports.deal({
      name: 'Replayed deal',
      value: 40,
      company_id: company.id,
      owner_id: owner.user.id,
    });
    await reports.patchDeal(deal.id, { stage_id: stages.Won });
    const before = await reports.until<Record<string, any>>(
      'GET',
      '/reports/marketing',
      undefined,
      (body) => body.totals.revenue === 40 && body.totals.spend === 12.5,
      'the marketing report to see the deal',
    );
    const salesBefore = await reports.ok<Record<string, any>>('GET', '/reports/sales', undefined);

    // Reports loses its data; the operator rebuilds the workspace's read model from the owners
    // with the rebuild command, then starts the system again.
    const rebuilt = await rebuildReportsFromScratch([owner.workspaceId]);
    expect(rebuilt).toEqual([expect.objectContaining({ workspace_id: owner.workspaceId, dropped: 0 })]);
    expect(rebuilt[0].applied).toBeGreaterThanOrEqual(4 + 4 + 10 + 2 + 1 + 1 + 1 + 1);

    const again = api(system.url, owner);
    const after = await again.ok<Record<string, any>>('GET', '/reports/marketing', undefined);
    expect(after).toEqual(before);
    const salesAfter = await again.ok<Record<string, any>>('GET', '/reports/sales', undefined);
    expect({ ...salesAfter, funnel: null }).toEqual({ ...salesBefore, funnel: null });
    expect(salesAfter.people).toEqual([
      expect.objectContaining({ owner_id: owner.user.id, owner_name: 'Ann', revenue: 40 }),
    ]);
    const companies = await again.ok<Record<string, any>>('POST', '/reports/run', {
      object: 'company',
      group_by: ['industry'],
    });
    expect(companies.rows).toEqual([{ keys: ['Retail'], labels: ['Retail'], value: 1, other_currency: [] }]);
  });
});
