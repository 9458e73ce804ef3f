import { randomBytes } from 'node:crypto';
import { dataFilesEqualTo } from '../support/data-files';
import { request, signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';
import { csvTable, unzip } from './export-support';
import { meetingsApi } from './meetings-support';
import { addMemberTo } from './references-support';
import { timelineApi } from './timeline-support';

// POST /export through the gateway: a ZIP of seven CSV files holding what the API lists for the
// workspace (and nothing of another), RFC 4180 quoting, formula cells neutralised, the exact
// size, a link that stops working once the export is removed, admin only, an audit entry.
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startTestSystem({ rateLimits: { perTokenPerMinute: 100_000, publicPerMinute: 100_000 } });
  base = system.url;
});

afterAll(() => system.destroy());

type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;
type Row = Record<string, string>;
const MINUTE = 60 * 1000;

const COLUMNS = {
  'companies.csv':
    'id,name,website,domain,phone,address_line1,address_line2,address_city,address_region,address_postcode,country_code,industry,turnover_band,employee_count,account_number,company_number,sic_codes,description,owner_id,owner_name,pipeline_id,stage_id,stage_name,is_account,source_id,source_name,campaign_id,campaign_name,primary_contact_id,custom,created_at,updated_at',
  'contacts.csv':
    'id,first_name,last_name,email,phone,mobile,job_title,company_id,reports_to_id,owner_id,lawful_basis,custom,created_at,updated_at',
  'deals.csv':
    'id,name,company_id,company_name,contact_id,contact_name,value,currency,pipeline_id,stage_id,stage_name,stage_kind,probability,expected_close,status,closed_at,lost_reason,owner_id,owner_name,source_id,campaign_id,campaign_name,custom,created_at,updated_at',
  'activities.csv': 'id,type,subject,body,outcome,target_type,target_id,actor_type,actor_id,actor_label,occurred_at',
  'tasks.csv':
    'id,title,notes,due_at,remind_at,status,target_type,target_id,assignee_id,created_by,completed_at,created_at',
  'meetings.csv':
    'id,title,location,notes,starts_at,ends_at,company_id,company_name,organiser_id,status,outcome,attendees,online_meeting,join_url,external_provider,sync_error',
  'users.csv': 'id,name,email,avatar,role,status',
};

async function created(owner: Owner, path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const answer = await request(base, 'POST', path, { token: owner.token, body });
  expect({ path, status: answer.status, body: answer.body }).toMatchObject({ path, status: 201 });
  return answer.body;
}

async function listed<T>(owner: Owner, path: string, limit = 50): Promise<T[]> {
  const seen: T[] = [];
  let cursor: string | null = null;
  do {
    const answer: { status: number; body: { data: T[]; next_cursor?: string | null } } = await request(
      base,
      'GET',
      `${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token: owner.token },
    );
    expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    seen.push(...answer.body.data);
    cursor = answer.body.next_cursor ?? null;
  } while (cursor !== null);
  return seen;
}

interface Exported {
  body: { url: string; size: number; file_name: string };
  bytes: Buffer;
  files: Map<string, { header: string[]; rows: Row[] }>;
  text: string;
}

// A signed link is handed out with the configured public origin: follow it on this system.
const onSystem = (url: string) => {
  const parsed = new URL(url);
  return `${new URL(base).origin}${parsed.pathname}${parsed.search}`;
};

async function exported(owner: Owner): Promise<Exported> {
  const answer = await request(base, 'POST', '/export', { token: owner.token });
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
  const body = answer.body as Exported['body'];
  expect(Object.keys(body).sort()).toEqual(['file_name', 'size', 'url']);
  const download = await fetch(onSystem(body.url));
  expect(download.status).toBe(200);
  expect(download.headers.get('content-type')).toBe('application/zip');
  expect(download.headers.get('content-length')).toBe(String(body.size));
  const bytes = Buffer.from(await download.arrayBuffer());
  const entries = await unzip(bytes);
  const files = new Map([...entries].map(([name, content]) => [name, csvTable(content)]));
  return { body, bytes, files, text: [...entries.values()].map((content) => content.toString('utf8')).join('\n') };
}

const rowsOf = (result: Exported, file: string): Row[] => result.files.get(file)!.rows;
const byId = (rows: Row[]) => new Map(rows.map((row) => [row.id, row]));
const cell = (value: string | null | undefined) => value ?? '';

describe('POST /export', () => {
  it("answers a ZIP of the workspace's records as the API lists them, exactly its size, named by slug and date", async () => {
    const owner = await signUpWithWorkspace(base, 'Exa');
    const other = await signUpWithWorkspace(base, 'Oth');
    const tricky = await created(owner, '/companies', {
      name: 'Acme, "Big" Widgets',
      description: 'Line one,\nline "two"',
      domain: 'acme.example',
      custom: { tier: 'gold', seats: 3 },
    });
    const formula = await created(owner, '/companies', {
      name: '=HYPERLINK("http://evil.example","x")',
      description: '+44 20 7946 0000',
    });
    const minus = await created(owner, '/companies', { name: '-2+3', industry: '@SUM(A1:A2)' });
    const plain = await created(owner, '/companies', {
      name: 'Zeta Ltd',
      sic_codes: ['62020', '62090'],
      address: { line1: '1 High St', city: 'Leeds', postcode: 'LS1 1AA' },
    });
    const binned = await created(owner, '/companies', { name: 'Binned Co' });
    expect((await request(base, 'DELETE', `/companies/${binned.id}`, { token: owner.token })).status).toBe(204);
    const contact = await created(owner, '/contacts', {
      first_name: 'Zoë',
      last_name: "O'Neill, Jr",
      email: 'zoe@acme.example',
      company_id: tricky.id,
    });
    const deal = await created(owner, '/deals', { name: 'Renewal', value: 1250.5, company_id: tricky.id });
    const bigDeal = await created(owner, '/deals', { name: 'Platform', value: 1000000.07 });
    const note = await timelineApi(base, owner).note('company', plain.id, {
      subject: 'Call back',
      body: 'Line one\r\nline "two"',
    });
    const task = await created(owner, '/tasks', { title: '=cmd|calc', target_type: 'company', target_id: plain.id });
    const meeting = await meetingsApi(base, owner).create({ title: 'Kick-off', company_id: plain.id });
    // Another workspace's records, with a name that would be easy to spot.
    const foreign = await created(other, '/companies', { name: 'Foreign Secret Co' });
    await created(other, '/contacts', { first_name: 'Foreign', email: 'secret@foreign.example' });

    const result = await exported(owner);

    // The name: the workspace slug and today's date (in the workspace's time zone, UTC here).
    const workspace = await request(base, 'GET', '/workspace', { token: owner.token });
    const slug = (workspace.body.workspace ?? workspace.body).slug as string;
    expect(result.body.file_name).toMatch(new RegExp(`^${slug}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    expect(Math.abs(Date.parse(result.body.file_name.slice(slug.length + 1, -4)) - Date.now())).toBeLessThan(
      2 * 24 * 60 * MINUTE,
    );
    expect(result.bytes.length).toBe(result.body.size);

    // Seven files, each with its header.
    expect([...result.files.keys()].sort()).toEqual(Object.keys(COLUMNS).sort());
    for (const [file, header] of Object.entries(COLUMNS))
      expect({ file, header: result.files.get(file)!.header.join(',') }).toEqual({ file, header });

    // Companies: exactly what GET /companies lists (not the binned one), field by field.
    const companies = await listed<Record<string, any>>(owner, '/companies');
    const companyRows = byId(rowsOf(result, 'companies.csv'));
    expect([...companyRows.keys()].sort()).toEqual(companies.map((company) => company.id).sort());
    expect(companyRows.has(binned.id)).toBe(false);
    for (const company of companies) {
      const row = companyRows.get(company.id)!;
      expect({
        id: company.id,
        stage: row.stage_name,
        stage_id: row.stage_id,
        owner: row.owner_name,
        owner_id: row.owner_id,
        created_at: row.created_at,
        updated_at: row.updated_at,
        is_account: row.is_account,
      }).toEqual({
        id: company.id,
        stage: cell(company.stage_name),
        stage_id: cell(company.stage_id),
        owner: cell(company.owner_name),
        owner_id: cell(company.owner_id),
        created_at: company.created_at,
        updated_at: company.updated_at,
        is_account: String(company.is_account),
      });
    }
    // Commas, quotes and line breaks survive the round trip; custom fields as JSON.
    expect(companyRows.get(tricky.id)).toMatchObject({
      name: 'Acme, "Big" Widgets',
      description: 'Line one,\nline "two"',
      domain: 'acme.example',
    });
    expect(JSON.parse(companyRows.get(tricky.id)!.custom)).toEqual({ tier: 'gold', seats: 3 });
    expect(companyRows.get(plain.id)).toMatchObject({
      name: 'Zeta Ltd',
      sic_codes: '62020; 62090',
      address_line1: '1 High St',
      address_city: 'Leeds',
      address_postcode: 'LS1 1AA',
      address_line2: '',
    });
    // Cells a spreadsheet would run as formulas are text.
    expect(companyRows.get(formula.id)).toMatchObject({
      name: `'=HYPERLINK("http://evil.example","x")`,
      description: "'+44 20 7946 0000",
    });
    expect(companyRows.get(minus.id)).toMatchObject({ name: "'-2+3", industry: "'@SUM(A1:A2)" });

    // Contacts, with accents kept (UTF-8) and a comma in a name.
    const contacts = await listed<Record<string, any>>(owner, '/contacts');
    const contactRows = byId(rowsOf(result, 'contacts.csv'));
    expect([...contactRows.keys()].sort()).toEqual(contacts.map((item) => item.id).sort());
    expect(contactRows.get(contact.id)).toMatchObject({
      first_name: 'Zoë',
      last_name: "O'Neill, Jr",
      email: 'zoe@acme.example',
      company_id: tricky.id,
      lawful_basis: cell(contact.lawful_basis),
      created_at: contact.created_at,
    });

    // Deals: money as decimal text with two decimals.
    const deals = (await request(base, 'GET', '/deals?limit=100', { token: owner.token })).body.data as Array<
      Record<string, any>
    >;
    const dealRows = byId(rowsOf(result, 'deals.csv'));
    expect([...dealRows.keys()].sort()).toEqual(deals.map((item) => item.id).sort());
    expect(dealRows.get(deal.id)).toMatchObject({
      name: 'Renewal',
      value: '1250.50',
      currency: deal.currency,
      company_id: tricky.id,
      company_name: 'Acme, "Big" Widgets',
      stage_name: deal.stage_name,
      status: 'open',
    });
    expect(dealRows.get(bigDeal.id)).toMatchObject({ value: '1000000.07' });

    // Activities (the note with its CRLF and quotes), tasks, meetings.
    const activityRows = byId(rowsOf(result, 'activities.csv'));
    expect(activityRows.get(note.id)).toMatchObject({
      type: 'note',
      subject: 'Call back',
      body: 'Line one\r\nline "two"',
      target_type: 'company',
      target_id: plain.id,
      occurred_at: note.occurred_at,
    });
    const tasks = await listed<Record<string, any>>(owner, '/tasks?assignee=any');
    const taskRows = byId(rowsOf(result, 'tasks.csv'));
    expect([...taskRows.keys()].sort()).toEqual(tasks.map((item) => item.id).sort());
    expect(taskRows.get(task.id)).toMatchObject({
      title: "'=cmd|calc",
      status: 'open',
      target_id: plain.id,
      created_at: task.created_at,
    });
    const meetingRows = byId(rowsOf(result, 'meetings.csv'));
    expect([...meetingRows.keys()]).toEqual([meeting.id]);
    expect(meetingRows.get(meeting.id)).toMatchObject({
      title: 'Kick-off',
      starts_at: meeting.starts_at,
      ends_at: meeting.ends_at,
      company_id: plain.id,
      company_name: 'Zeta Ltd',
      status: meeting.status,
    });
    expect(JSON.parse(meetingRows.get(meeting.id)!.attendees)).toEqual(meeting.attendees);

    // Users: what GET /members shows.
    const members = (await request(base, 'GET', '/members', { token: owner.token })).body.data as Array<
      Record<string, any>
    >;
    const userRows = rowsOf(result, 'users.csv');
    expect(userRows).toEqual(
      members
        .map((member) => ({
          id: member.id,
          name: member.name,
          email: member.email,
          avatar: cell(member.avatar),
          role: member.role,
          status: member.status,
        }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );

    // Nothing of the other workspace, anywhere.
    expect(result.text).not.toContain('Foreign');
    expect(result.text).not.toContain(foreign.id);
    expect(result.text).not.toContain(other.email);
    expect(result.text).not.toContain('secret@foreign.example');
  });

  it('is recorded in the audit log with who exported, and is refused to a member who is not an admin', async () => {
    const owner = await signUpWithWorkspace(base, 'Aud');
    const sales = await addMemberTo(system, owner, 'Sal');
    const refused = await request(base, 'POST', '/export', { token: sales.token });
    expect({ status: refused.status, code: refused.body.error?.code }).toEqual({ status: 403, code: 'forbidden' });

    await created(owner, '/companies', { name: 'Audited Co' });
    const result = await exported(owner);
    expect(rowsOf(result, 'companies.csv').map((row) => row.name)).toEqual(['Audited Co']);
    expect(rowsOf(result, 'users.csv')).toHaveLength(2);
    const entry = await waitFor(async () => {
      const log = await request(base, 'GET', '/audit-log?source=admin&limit=100', { token: owner.token });
      return (log.body.data as Array<Record<string, string | null>>).find(
        (item) => item.object_name === result.body.file_name,
      );
    }, 'the export in the audit log');
    expect(entry).toMatchObject({
      source: 'admin',
      actor: 'Aud',
      summary: 'Exported the workspace (1 companies, 0 contacts, 0 deals, 0 activities, 0 tasks, 0 meetings, 2 users)',
    });
    // The link is not in the log.
    expect(JSON.stringify(entry)).not.toContain('signature');
  });

  // The removal once the link has expired: services/documents/src/exports/__tests__/export-removal.service.spec.ts.
  it('answers a link valid at most 10 minutes that serves the file as long as it lasts; an altered link never works', async () => {
    const owner = await signUpWithWorkspace(base, 'Exp');
    await created(owner, '/companies', { name: 'Short Lived Co' });
    const answer = await request(base, 'POST', '/export', { token: owner.token });
    expect(answer.status).toBe(200);
    const url = onSystem(answer.body.url as string);
    const expires = Number(new URL(url).searchParams.get('expires')) * 1000;
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires - Date.now()).toBeLessThanOrEqual(10 * MINUTE);

    const altered = new URL(url);
    altered.searchParams.set('expires', String(Number(altered.searchParams.get('expires')) + 3600));
    expect((await fetch(altered)).status).toBe(403);

    const served = await fetch(url);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(answer.body.size);
    expect(dataFilesEqualTo(system.dataDir, bytes)).toHaveLength(1);
  });

  it('refuses a link moved to another workspace, and takes none of the storage quota', async () => {
    const owner = await signUpWithWorkspace(base, 'Quo');
    const intruder = await signUpWithWorkspace(base, 'Int');
    const answer = await request(base, 'POST', '/export', { token: owner.token });
    expect(answer.status).toBe(200);
    // The link names its workspace; changing it to another breaks the signature.
    const swapped = new URL(onSystem(answer.body.url as string));
    swapped.searchParams.set('workspace_id', intruder.workspaceId);
    expect((await fetch(swapped)).status).toBe(403);
    // Exports take no storage quota.
    const usage = await request(base, 'GET', '/documents/usage', { token: owner.token });
    expect(usage.body.used).toBe(0);
  });

  it('streams a workspace larger than a batch and than a part: every company once, the ZIP joined whole', async () => {
    const owner = await signUpWithWorkspace(base, 'Big');
    // 2,000 companies created in one import (sharing their creation time) with incompressible
    // descriptions: several read batches and several parts sent to documents.
    const rows = Array.from({ length: 2000 }, (_value, index) => ({
      name: `Company ${index}`,
      description: randomBytes(800).toString('hex'),
    }));
    const imported = await request(base, 'POST', '/import/companies', {
      token: owner.token,
      body: { rows, duplicates: 'create' },
    });
    expect({ status: imported.status, created: imported.body.created }).toEqual({ status: 200, created: 2000 });
    const result = await exported(owner);
    expect(result.body.size).toBeGreaterThan(1024 * 1024);
    const companyRows = rowsOf(result, 'companies.csv');
    expect(companyRows).toHaveLength(2000);
    expect(new Set(companyRows.map((row) => row.id)).size).toBe(2000);
    // One import gives its companies one creation time: the batches cut through records sharing
    // the sort key, which are finished by id, none skipped or repeated.
    expect(new Set(companyRows.map((row) => row.created_at)).size).toBeLessThan(2000);
    const byName = new Map(companyRows.map((row) => [row.name, row.description]));
    for (const row of rows) expect(byName.get(row.name)).toBe(row.description);
    // The import's 2,000 events are still being consumed by every projection (search, timeline,
    // reports, webhooks, ...) in this one process while the export runs: on a busy two-core
    // machine that takes longer than the default 30 s.
  }, 90_000);
});
