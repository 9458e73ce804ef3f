import { request, signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';

// GET /duplicates and POST /duplicates/dismiss through the gateway: companies sharing a domain
// or a normalised name, contacts sharing an email or a name at one company; the recycle bin
// never shows; a dismissed group stays hidden until its membership changes.
const system = sharedTestSystem();
const base = system.url;

type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;
interface Group {
  key: string;
  object: string;
  reason: string;
  value: string;
  size: number;
  records: Array<{ id: string; name?: string | null; email?: string | null }>;
}

async function create(owner: Owner, path: '/companies' | '/contacts', body: Record<string, unknown>): Promise<string> {
  const answer = await request(base, 'POST', path, { token: owner.token, body });
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 201 });
  return answer.body.id as string;
}

async function groups(owner: Owner, object: 'company' | 'contact'): Promise<Group[]> {
  const answer = await request(base, 'GET', `/duplicates?object=${object}`, { token: owner.token });
  expect({ status: answer.status, body: answer.status === 200 ? 'ok' : answer.body }).toEqual({
    status: 200,
    body: 'ok',
  });
  return answer.body.data as Group[];
}

// Which keys are shared follows the records' events: wait until the groups are as expected.
async function groupsUntil(
  owner: Owner,
  object: 'company' | 'contact',
  expected: ReturnType<typeof summary>,
): Promise<Group[]> {
  let last: Group[] = [];
  await waitFor(
    async () => {
      last = await groups(owner, object);
      return JSON.stringify(summary(last)) === JSON.stringify(expected);
    },
    `${object} groups ${JSON.stringify(expected)}`,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; last answer ${JSON.stringify(summary(last))}`);
  });
  return last;
}

const summary = (list: Group[]) =>
  list.map((group) => ({
    reason: group.reason,
    value: group.value,
    size: group.size,
    ids: group.records.map((record) => record.id),
  }));
const dismiss = (owner: Owner, body: unknown) =>
  request(base, 'POST', '/duplicates/dismiss', { token: owner.token, body });

describe('GET /duplicates', () => {
  it('groups companies by domain and by name ignoring case, punctuation, accents and legal suffixes', async () => {
    const owner = await signUpWithWorkspace(base, 'Dee');
    const a = await create(owner, '/companies', { name: 'Acme Widgets Ltd', domain: 'acme.example' });
    const b = await create(owner, '/companies', { name: 'ACME WIDGETS LIMITED', domain: 'www.Acme.example' });
    const c = await create(owner, '/companies', { name: 'Acmé-Widgets, Inc.' });
    const d = await create(owner, '/companies', { name: 'Zebra GmbH', website: 'https://zebra.example/about' });
    const e = await create(owner, '/companies', { name: 'Okapi plc', domain: 'zebra.example' });
    await create(owner, '/companies', { name: 'Acme Gadgets Ltd', domain: 'acme-gadgets.example' });
    await create(owner, '/companies', { name: 'Ltd' });

    await groupsUntil(owner, 'company', [
      { reason: 'same_domain', value: 'acme.example', size: 2, ids: [a, b] },
      { reason: 'same_domain', value: 'zebra.example', size: 2, ids: [d, e] },
      { reason: 'same_name', value: 'acmewidgets', size: 3, ids: [a, b, c] },
    ]);
    const [first] = await groups(owner, 'company');
    // Records are the contract's Company, oldest first.
    expect(first.records[0]).toMatchObject({
      id: a,
      name: 'Acme Widgets Ltd',
      domain: 'acme.example',
      deleted_at: null,
    });
    expect(first.object).toBe('company');
  });

  it('groups contacts by email and by name at one company, never across companies', async () => {
    const owner = await signUpWithWorkspace(base, 'Eve');
    const acme = await create(owner, '/companies', { name: 'Acme' });
    const globex = await create(owner, '/companies', { name: 'Globex' });
    const x = await create(owner, '/contacts', {
      first_name: 'Zoë',
      last_name: "O'Brien",
      company_id: acme,
      email: 'zoe@acme.example',
    });
    const y = await create(owner, '/contacts', { first_name: 'zoe', last_name: 'obrien', company_id: acme });
    const z = await create(owner, '/contacts', {
      first_name: 'Zoe',
      last_name: 'OBrien',
      company_id: globex,
      email: ' ZOE@acme.example',
    });
    await create(owner, '/contacts', { first_name: 'Solo', last_name: 'Person' });
    await create(owner, '/contacts', { first_name: 'Solo', last_name: 'Person' });

    await groupsUntil(owner, 'contact', [
      { reason: 'same_email', value: 'zoe@acme.example', size: 2, ids: [x, z] },
      { reason: 'same_name_at_company', value: `${acme}/zoeobrien`, size: 2, ids: [x, y] },
    ]);
  });

  it('leaves the recycle bin out and brings a restored record back', async () => {
    const owner = await signUpWithWorkspace(base, 'Fay');
    const a = await create(owner, '/companies', { name: 'Binned Co', domain: 'binned.example' });
    const b = await create(owner, '/companies', { name: 'Binned Company Ltd', domain: 'binned.example' });
    const both = [
      { reason: 'same_domain', value: 'binned.example', size: 2, ids: [a, b] },
      { reason: 'same_name', value: 'binned', size: 2, ids: [a, b] },
    ];
    await groupsUntil(owner, 'company', both);
    expect((await request(base, 'DELETE', `/companies/${b}`, { token: owner.token })).status).toBe(204);
    await groupsUntil(owner, 'company', []);
    expect(
      (await request(base, 'POST', '/companies/bulk', { token: owner.token, body: { ids: [b], action: 'restore' } }))
        .status,
    ).toBe(200);
    await groupsUntil(owner, 'company', both);
    // A contact in the bin leaves its group too.
    const c1 = await create(owner, '/contacts', { email: 'same@binned.example' });
    const c2 = await create(owner, '/contacts', { email: 'same@binned.example' });
    await groupsUntil(owner, 'contact', [
      { reason: 'same_email', value: 'same@binned.example', size: 2, ids: [c1, c2] },
    ]);
    expect((await request(base, 'DELETE', `/contacts/${c1}`, { token: owner.token })).status).toBe(204);
    await groupsUntil(owner, 'contact', []);
  });

  it('follows renames: the key is kept on every write', async () => {
    const owner = await signUpWithWorkspace(base, 'Gus');
    const a = await create(owner, '/companies', { name: 'Northwind' });
    const b = await create(owner, '/companies', { name: 'Southwind' });
    await groupsUntil(owner, 'company', []);
    expect(
      (await request(base, 'PATCH', `/companies/${b}`, { token: owner.token, body: { name: 'Northwind Trading Ltd' } }))
        .status,
    ).toBe(200);
    await groupsUntil(owner, 'company', []);
    expect(
      (await request(base, 'PATCH', `/companies/${b}`, { token: owner.token, body: { name: 'NORTHWIND LLC' } })).status,
    ).toBe(200);
    await groupsUntil(owner, 'company', [{ reason: 'same_name', value: 'northwind', size: 2, ids: [a, b] }]);
  });

  it('never shows another workspace’s records, even with the same names and domains', async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const otto = await signUpWithWorkspace(base, 'Otto');
    const mine = await create(ann, '/companies', { name: 'Twin Peaks Ltd', domain: 'twinpeaks.example' });
    await create(otto, '/companies', { name: 'Twin Peaks Ltd', domain: 'twinpeaks.example' });
    await groupsUntil(ann, 'company', []);
    const second = await create(ann, '/companies', { name: 'Twin Peaks', domain: 'other.example' });
    await groupsUntil(ann, 'company', [{ reason: 'same_name', value: 'twinpeaks', size: 2, ids: [mine, second] }]);
    await groupsUntil(otto, 'company', []);
    // Otto cannot dismiss Ann's group: it is no group of his workspace.
    const [group] = await groups(ann, 'company');
    const answer = await dismiss(otto, { object: 'company', key: group.key });
    expect([answer.status, answer.body.error.code]).toEqual([404, 'not_found']);
    expect((await groups(ann, 'company')).length).toBe(1);
  });

  it('shows and dismisses contact groups only to callers who may read and change contacts', async () => {
    const owner = await signUpWithWorkspace(base, 'Rex');
    const role = await request(base, 'POST', '/roles', {
      token: owner.token,
      body: { name: 'Company people', permissions: ['companies:read', 'companies:write'] },
    });
    expect(role.status).toBe(201);
    const key = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Companies only', kind: 'integration', role: 'Company people' },
    });
    expect(key.status).toBe(201);
    const limited = { ...owner, token: key.body.key as string };
    expect((await request(base, 'GET', '/duplicates?object=company', { token: limited.token })).status).toBe(200);
    const list = await request(base, 'GET', '/duplicates?object=contact', { token: limited.token });
    expect([list.status, list.body.error.code]).toEqual([403, 'forbidden']);
    const hide = await dismiss(limited, {
      object: 'contact',
      key: 'contact.same_email.YQ.00000000000000000000000000000000',
    });
    expect([hide.status, hide.body.error.code]).toEqual([403, 'forbidden']);
  });

  it('refuses a missing or unknown object with 400 naming object', async () => {
    const owner = await signUpWithWorkspace(base, 'Hal');
    for (const path of ['/duplicates', '/duplicates?object=deal', '/duplicates?object=company&limit=5']) {
      const answer = await request(base, 'GET', path, { token: owner.token });
      expect({
        path,
        status: answer.status,
        code: answer.body.error.code,
        names: /object|limit/.test(answer.body.error.message),
      }).toEqual({ path, status: 400, code: 'validation_failed', names: true });
    }
  });
});

describe('POST /duplicates/dismiss', () => {
  it('hides a group until its membership changes, and records it in the audit log', async () => {
    const owner = await signUpWithWorkspace(base, 'Ida');
    const a = await create(owner, '/companies', { name: 'Kestrel Ltd' });
    const b = await create(owner, '/companies', { name: 'Kestrel Limited' });
    const [group] = await groupsUntil(owner, 'company', [
      { reason: 'same_name', value: 'kestrel', size: 2, ids: [a, b] },
    ]);

    expect((await dismiss(owner, { object: 'company', key: group.key })).status).toBe(204);
    await groupsUntil(owner, 'company', []);
    // Again: nothing changes.
    expect((await dismiss(owner, { object: 'company', key: group.key })).status).toBe(204);
    await waitFor(async () => {
      const log = await request(base, 'GET', '/audit-log?source=record&limit=100', { token: owner.token });
      return (
        (log.body.data as Array<{ object_type: string; summary: string }>).filter(
          (entry) => entry.object_type === 'duplicate_group',
        ).length === 1
      );
    }, 'one audit entry for the dismissal');

    // A third Kestrel joins: the group is back, with a new key.
    const c = await create(owner, '/companies', { name: 'KESTREL plc' });
    const [back] = await groupsUntil(owner, 'company', [
      { reason: 'same_name', value: 'kestrel', size: 3, ids: [a, b, c] },
    ]);
    expect(back.key).not.toBe(group.key);
    // The old key no longer names the group as it is.
    const stale = await dismiss(owner, { object: 'company', key: group.key });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'duplicate_group_changed']);
    // It leaves again: the dismissed membership is the group again, still dismissed.
    expect((await request(base, 'DELETE', `/companies/${c}`, { token: owner.token })).status).toBe(204);
    await groupsUntil(owner, 'company', []);
  });

  it('dismisses contact groups; a group that no longer exists is 404', async () => {
    const owner = await signUpWithWorkspace(base, 'Jem');
    const x = await create(owner, '/contacts', { email: 'dup@example.com' });
    const y = await create(owner, '/contacts', { email: 'DUP@example.com' });
    const [group] = await groupsUntil(owner, 'contact', [
      { reason: 'same_email', value: 'dup@example.com', size: 2, ids: [x, y] },
    ]);
    expect((await dismiss(owner, { object: 'company', key: group.key })).status).toBe(400);
    expect((await request(base, 'DELETE', `/contacts/${x}`, { token: owner.token })).status).toBe(204);
    const gone = await dismiss(owner, { object: 'contact', key: group.key });
    expect([gone.status, gone.body.error.code]).toEqual([404, 'not_found']);
    expect((await request(base, 'POST', `/contacts/${x}/restore`, { token: owner.token })).status).toBe(204);
    expect((await dismiss(owner, { object: 'contact', key: group.key })).status).toBe(204);
    await groupsUntil(owner, 'contact', []);
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const owner = await signUpWithWorkspace(base, 'Kit');
    const cases: Array<[unknown, string]> = [
      [{ object: 'company' }, 'key'],
      [{ key: 'company.same_name.YQ.00000000000000000000000000000000' }, 'object'],
      [{ object: 'deal', key: 'x' }, 'object'],
      [{ object: 'company', key: '' }, 'key'],
      [{ object: 'company', key: 'k'.repeat(4001) }, 'key'],
      [{ object: 'company', key: 'not-a-key' }, 'key'],
      [{ object: 'company', key: 'company.same_name.YQ.00000000000000000000000000000000', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const answer = await dismiss(owner, body);
      expect({
        field,
        status: answer.status,
        code: answer.body.error.code,
        names: answer.body.error.message.includes(field),
      }).toEqual({ field, status: 400, code: 'validation_failed', names: true });
    }
  });
});
