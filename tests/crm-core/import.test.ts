import { request, signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';

// POST /import/companies through the gateway: rows of CompanyCreate fields with an optional
// contact; duplicates (same domain or normalised name) skipped, updated or created again; a dry
// run answering exactly what the real run does while writing nothing; row errors reported per
// row without stopping the others; a body limit of its own.
const system = sharedTestSystem();
const base = system.url;

type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;
interface Result {
  created: number;
  updated: number;
  skipped: number;
  contacts: number;
  errors: Array<{ index: number; field: string | null; message: string }>;
  dry_run: boolean;
}
type Company = {
  id: string;
  name: string;
  domain: string | null;
  phone: string | null;
  industry: string | null;
  stage_id: string | null;
  custom: Record<string, unknown>;
};
type Contact = {
  id: string;
  company_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  job_title: string | null;
};

const importRows = (owner: Owner, body: unknown) =>
  request<Result & { error?: { code: string; message: string } }>(base, 'POST', '/import/companies', {
    token: owner.token,
    body,
  });

async function imported(owner: Owner, body: Record<string, unknown>): Promise<Result> {
  const answer = await importRows(owner, body);
  expect({ status: answer.status, body: answer.status === 200 ? 'ok' : answer.body }).toEqual({
    status: 200,
    body: 'ok',
  });
  return answer.body;
}

async function all<T>(owner: Owner, path: string): Promise<T[]> {
  const seen: T[] = [];
  let cursor: string | null = null;
  do {
    const answer: { status: number; body: { data: T[]; next_cursor: string | null } } = await request(
      base,
      'GET',
      `${path}${path.includes('?') ? '&' : '?'}limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token: owner.token },
    );
    expect(answer.status).toBe(200);
    seen.push(...answer.body.data);
    cursor = answer.body.next_cursor;
  } while (cursor !== null);
  return seen;
}

const companies = (owner: Owner) => all<Company>(owner, '/companies?sort=created_asc');
const contacts = (owner: Owner) => all<Contact>(owner, '/contacts');

async function create(owner: Owner, path: string, body: Record<string, unknown>): Promise<string> {
  const answer = await request(base, 'POST', path, { token: owner.token, body });
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 201 });
  return answer.body.id as string;
}

describe('POST /import/companies', () => {
  it('creates companies and their contacts, each with its event in the audit log', async () => {
    const owner = await signUpWithWorkspace(base, 'Imo');
    const result = await imported(owner, {
      rows: [
        {
          name: 'Alder Ltd',
          domain: 'alder.example',
          industry: 'Timber',
          contact: { first_name: 'Ann', last_name: 'Alder', email: 'ann@alder.example' },
        },
        {
          name: 'Birch plc',
          website: 'https://www.birch.example/home',
          address: { city: 'Leeds', postcode: 'LS1 1AA' },
        },
        { name: '  Cedar  ', contact: { first_name: 'Cal' } },
      ],
    });
    expect(result).toEqual({ created: 3, updated: 0, skipped: 0, contacts: 2, errors: [], dry_run: false });

    const stored = await companies(owner);
    expect(stored.map((company) => [company.name, company.domain, company.industry])).toEqual([
      ['Alder Ltd', 'alder.example', 'Timber'],
      ['Birch plc', 'birch.example', null],
      ['Cedar', null, null],
    ]);
    // New companies start in the first stage of the default pipeline, as POST /companies does.
    const stages = (await request(base, 'GET', '/pipeline-stages', { token: owner.token })).body.data as Array<{
      id: string;
      object: string;
      position: number;
    }>;
    expect(stored.every((company) => company.stage_id === stages.find((stage) => stage.object === 'company')!.id)).toBe(
      true,
    );
    const people = await contacts(owner);
    expect(people.map((contact) => [contact.first_name, contact.company_id]).sort()).toEqual([
      ['Ann', stored[0].id],
      ['Cal', stored[2].id],
    ]);
    // Found by search and by list like any other record.
    await waitFor(
      async () => (await request(base, 'GET', '/search?q=alder', { token: owner.token })).body.data.length === 2,
      'imported records searchable',
    );

    await waitFor(async () => {
      const log = await request(base, 'GET', '/audit-log?source=record&limit=100', { token: owner.token });
      const entries = log.body.data as Array<{ object_type: string; summary: string }>;
      return (
        entries.filter((entry) => entry.object_type === 'company' && entry.summary.startsWith('Created')).length ===
          3 && entries.filter((entry) => entry.object_type === 'contact').length === 2
      );
    }, 'an audit entry per imported company and contact');
  });

  it('skips rows whose company exists (by domain or normalised name), earlier rows included', async () => {
    const owner = await signUpWithWorkspace(base, 'Sid');
    const existing = await create(owner, '/companies', {
      name: 'Elm Trading Limited',
      domain: 'elm.example',
      industry: 'Old',
    });
    const binned = await create(owner, '/companies', { name: 'Fir Ltd' });
    expect((await request(base, 'DELETE', `/companies/${binned}`, { token: owner.token })).status).toBe(204);
    const result = await imported(owner, {
      rows: [
        { name: 'Something Else', domain: 'WWW.elm.example', contact: { email: 'x@elm.example' } },
        { name: 'ELM TRADING, LTD', industry: 'New' },
        { name: 'Fir', domain: 'fir.example' },
        { name: 'Fir Limited' },
        { name: 'Gum', domain: 'fir.example' },
      ],
    });
    // Row 2 is new (the binned Fir is no match); rows 3 and 4 match it by name and by domain.
    expect(result).toEqual({ created: 1, updated: 0, skipped: 4, contacts: 0, errors: [], dry_run: false });
    const stored = await companies(owner);
    expect(stored.map((company) => company.name)).toEqual(['Elm Trading Limited', 'Fir']);
    expect(stored[0]).toMatchObject({ id: existing, industry: 'Old' });
    expect(await contacts(owner)).toEqual([]);
  });

  it('updates matching companies and contacts with duplicates=update, counting only real changes', async () => {
    const owner = await signUpWithWorkspace(base, 'Uma');
    const elm = await create(owner, '/companies', {
      name: 'Elm Ltd',
      domain: 'elm.example',
      industry: 'Old',
      phone: '0100',
    });
    const same = await create(owner, '/companies', { name: 'Oak Ltd', industry: 'Wood' });
    const ann = await create(owner, '/contacts', { first_name: 'Ann', email: 'ann@elm.example', job_title: 'Buyer' });
    const result = await imported(owner, {
      duplicates: 'update',
      rows: [
        {
          name: 'Elm Limited',
          domain: 'elm.example',
          industry: 'New',
          contact: { email: 'ANN@elm.example', job_title: 'Head buyer' },
        },
        { name: 'Oak Ltd', industry: 'Wood', contact: { first_name: 'Ola', email: 'ola@oak.example' } },
        { name: 'Pine', contact: { first_name: 'Pia' } },
        { name: 'Pine', phone: '0200', contact: { first_name: 'Pia' } },
      ],
    });
    // Elm changes (its name too: the row's fields are set as PATCH sets them); Oak has nothing
    // to change: skipped, its new contact created; Pine is created, then updated by the next
    // row, whose contact is Pia again at that company (same name): nothing to change.
    expect(result).toEqual({ created: 1, updated: 2, skipped: 1, contacts: 3, errors: [], dry_run: false });
    const stored = await companies(owner);
    expect(
      stored.map((company) => [
        company.id === elm || company.id === same ? 'kept' : 'new',
        company.name,
        company.industry,
        company.phone,
      ]),
    ).toEqual([
      ['kept', 'Elm Limited', 'New', '0100'],
      ['kept', 'Oak Ltd', 'Wood', null],
      ['new', 'Pine', null, '0200'],
    ]);
    const people = await contacts(owner);
    expect(people.find((contact) => contact.id === ann)).toMatchObject({
      job_title: 'Head buyer',
      company_id: elm,
      email: 'ANN@elm.example',
    });
    expect(people.map((contact) => contact.first_name).sort()).toEqual(['Ann', 'Ola', 'Pia']);
  });

  it('creates duplicates anyway with duplicates=create', async () => {
    const owner = await signUpWithWorkspace(base, 'Cy');
    await create(owner, '/companies', { name: 'Yew', domain: 'yew.example' });
    const result = await imported(owner, {
      duplicates: 'create',
      rows: [
        { name: 'Yew', domain: 'yew.example', contact: { email: 'a@yew.example' } },
        { name: 'Yew Ltd', contact: { email: 'a@yew.example' } },
      ],
    });
    expect(result).toEqual({ created: 2, updated: 0, skipped: 0, contacts: 2, errors: [], dry_run: false });
    expect((await companies(owner)).length).toBe(3);
    // The duplicates list shows them (it follows the records' events).
    await waitFor(async () => {
      const groups = await request(base, 'GET', '/duplicates?object=company', { token: owner.token });
      return (
        JSON.stringify(
          groups.body.data.map((group: { reason: string; size: number }) => [group.reason, group.size]),
        ) ===
        JSON.stringify([
          ['same_domain', 2],
          ['same_name', 3],
        ])
      );
    }, 'the imported duplicates listed');
  });

  it('reports each bad row by index and field and imports the others', async () => {
    const owner = await signUpWithWorkspace(base, 'Eda');
    const other = await signUpWithWorkspace(base, 'Oz');
    const theirContact = await create(other, '/contacts', { first_name: 'Theirs' });
    const rows: unknown[] = [
      { name: 'Good One' },
      { domain: 'no-name.example' },
      { name: 'x'.repeat(201) },
      { name: 'Unknown', colour: 'red' },
      { name: 'ReadOnly', id: '0193a5f2-7c1e-7d3a-9f43-2a1b3c4d5e6f' },
      { name: 'Bad contact', contact: { email: 'not-an-email' } },
      { name: 'Contact company', contact: { company_id: '0193a5f2-7c1e-7d3a-9f43-2a1b3c4d5e6f' } },
      { name: 'Stranger', owner_id: other.user.id },
      { name: 'Stage', stage_id: '0193a5f2-7c1e-7d3a-9f43-2a1b3c4d5e6f' },
      { name: 'Primary', primary_contact_id: theirContact },
      'not a row',
      { name: 'Bad sic', sic_codes: ['12'] },
      { name: 'Good Two', contact: { first_name: 'Gail', lawful_basis: 'consent' } },
      { name: 'Bad contact key', contact: { nickname: 'G' } },
    ];
    const result = await imported(owner, { rows });
    expect(result.errors.map((error) => [error.index, error.field])).toEqual([
      [1, 'name'],
      [2, 'name'],
      [3, 'colour'],
      [4, 'id'],
      [5, 'contact.email'],
      [6, 'contact.company_id'],
      [7, 'owner_id'],
      [8, 'stage_id'],
      [9, 'primary_contact_id'],
      [10, null],
      [11, 'sic_codes.0'],
      [13, 'contact.nickname'],
    ]);
    for (const error of result.errors) if (error.field) expect(error.message).toContain(error.field.split('.')[0]);
    expect({ ...result, errors: result.errors.length }).toEqual({
      created: 2,
      updated: 0,
      skipped: 0,
      contacts: 1,
      errors: 12,
      dry_run: false,
    });
    expect((await companies(owner)).map((company) => company.name)).toEqual(['Good One', 'Good Two']);
    expect((await contacts(owner)).map((contact) => contact.first_name)).toEqual(['Gail']);
  });

  it('answers a dry run exactly as the real run, writing nothing', async () => {
    const owner = await signUpWithWorkspace(base, 'Dru');
    await create(owner, '/companies', { name: 'Hazel', domain: 'hazel.example' });
    const body = {
      duplicates: 'update',
      rows: [
        { name: 'Hazel Ltd', industry: 'Nuts', contact: { email: 'h@hazel.example' } },
        { name: 'Holly', contact: { first_name: 'Hal' } },
        { name: 'HOLLY', phone: '123' },
        { name: '' },
        { name: 'Hazel Ltd', domain: 'hazel.example' },
      ],
    };
    const before = await companies(owner);
    const dry = await imported(owner, { ...body, dry_run: true });
    expect(await companies(owner)).toEqual(before);
    expect(await contacts(owner)).toEqual([]);
    const real = await imported(owner, body);
    expect({ ...dry, dry_run: false }).toEqual(real);
    expect(dry.dry_run).toBe(true);
    // Hazel changes (name, industry), Holly is created then changed by HOLLY, the last row finds
    // Hazel as the first row left it: nothing to change.
    expect(real).toEqual({
      created: 1,
      updated: 2,
      skipped: 1,
      contacts: 2,
      errors: [{ index: 3, field: 'name', message: expect.stringContaining('name') }],
      dry_run: false,
    });
  });

  it('never matches or names another workspace’s records', async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const otto = await signUpWithWorkspace(base, 'Otto');
    await create(otto, '/companies', { name: 'Shared Name Ltd', domain: 'shared.example' });
    const result = await imported(ann, { rows: [{ name: 'Shared Name Ltd', domain: 'shared.example' }] });
    expect(result).toEqual({ created: 1, updated: 0, skipped: 0, contacts: 0, errors: [], dry_run: false });
    expect((await companies(otto)).length).toBe(1);
    expect((await companies(ann)).length).toBe(1);
  });

  it('refuses a bad request as a whole with 400 naming the field', async () => {
    const owner = await signUpWithWorkspace(base, 'Bo');
    const cases: Array<[unknown, string]> = [
      [{}, 'rows'],
      [{ rows: [] }, 'rows'],
      [{ rows: 'x' }, 'rows'],
      [{ rows: Array.from({ length: 10001 }, () => ({})) }, 'rows'],
      [{ rows: [{ name: 'A' }], duplicates: 'merge' }, 'duplicates'],
      [{ rows: [{ name: 'A' }], dry_run: 'yes' }, 'dry_run'],
      [{ rows: [{ name: 'A' }], extra: true }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const answer = await importRows(owner, body);
      expect({
        field,
        status: answer.status,
        code: answer.body.error?.code,
        names: String(answer.body.error?.message).includes(field),
      }).toEqual({ field, status: 400, code: 'validation_failed', names: true });
    }
    expect(await companies(owner)).toEqual([]);
  });

  it('needs contacts:write for rows with a contact', async () => {
    const owner = await signUpWithWorkspace(base, 'Rho');
    const role = await request(base, 'POST', '/roles', {
      token: owner.token,
      body: { name: 'Company importers', permissions: ['companies:read', 'companies:write'] },
    });
    expect(role.status).toBe(201);
    const key = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Importer', kind: 'integration', role: 'Company importers' },
    });
    expect(key.status).toBe(201);
    const importer = { ...owner, token: key.body.key as string };
    const refused = await importRows(importer, { rows: [{ name: 'With contact', contact: { first_name: 'Cy' } }] });
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'forbidden']);
    expect(await companies(owner)).toEqual([]);
    expect(await imported(importer, { rows: [{ name: 'Companies only' }] })).toEqual({
      created: 1,
      updated: 0,
      skipped: 0,
      contacts: 0,
      errors: [],
      dry_run: false,
    });
  });

  it('accepts a body over 1 MiB on this path only, up to 16 MiB', async () => {
    const owner = await signUpWithWorkspace(base, 'Big');
    const rows = Array.from({ length: 1500 }, (_, index) => ({ name: `Bulk ${index}`, description: 'd'.repeat(1000) }));
    const result = await imported(owner, { rows, dry_run: true });
    expect(result).toMatchObject({ created: 1500, errors: [], dry_run: true });
    // Elsewhere the limit stays 1 MiB.
    const elsewhere = await request(base, 'POST', '/companies', {
      token: owner.token,
      body: { name: 'Big', description: 'd'.repeat(1000), custom: { pad: 'p'.repeat(1100 * 1024) } },
    });
    expect([elsewhere.status, elsewhere.body.error.code]).toEqual([413, 'payload_too_large']);
    const huge = await request(base, 'POST', '/import/companies', {
      token: owner.token,
      rawBody: JSON.stringify({ rows: [{ name: 'x', description: 'd'.repeat(17 * 1024 * 1024) }] }),
    });
    expect([huge.status, huge.body.error.code, huge.body.error.message]).toEqual([
      413,
      'payload_too_large',
      'request body exceeds 16 MiB',
    ]);
  });
});
