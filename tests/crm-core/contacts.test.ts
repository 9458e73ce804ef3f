import { request, signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';
import { contactAudit, contactsApi, idsOf } from './contacts-support';

// Contacts as a client meets them through the gateway: every writable field with its limits,
// read-only and unknown fields refused by name, references checked, nothing half-written, the
// list's filters, search and cursor paging, and an audit entry per change.
const system = sharedTestSystem();
const base = system.url;

const NO_SUCH_ID = '0193a5f2-7c1e-7d3a-9f43-2a1b3c4d5e6f';

describe('creating, reading and changing contacts', () => {
  it('creates a contact from no fields or all of them, and reads it back', async () => {
    const owner = await signUpWithWorkspace(base, 'Cleo');
    const contacts = contactsApi(base, owner);

    const empty = await contacts.create({});
    expect(empty).toMatchObject({
      first_name: null,
      last_name: null,
      email: null,
      custom: {},
      deleted_at: null,
      lawful_basis: null,
    });
    expect(empty.created_at).toBe(empty.updated_at);

    const manager = await contacts.create({ first_name: 'Mia', last_name: 'Boss' });
    const full = await contacts.create({
      first_name: '  Ann ',
      last_name: 'Lee',
      email: 'Ann.Lee@Example.com',
      phone: '+44 20 7946 0000',
      mobile: '+44 7700 900000',
      job_title: 'Buyer',
      lawful_basis: 'consent',
      owner_id: owner.user.id,
      reports_to_id: manager.id,
      custom: { shoe_size: 42, vip: true, note: 'x', gone: null },
    });
    expect(full).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee',
      // Stored as given; compared and searched lower-cased.
      email: 'Ann.Lee@Example.com',
      job_title: 'Buyer',
      lawful_basis: 'consent',
      owner_id: owner.user.id,
      reports_to_id: manager.id,
      custom: { shoe_size: 42, vip: true, note: 'x' },
    });
    expect((await contacts.get(full.id)).body).toEqual(full);
    expect((await contacts.get(NO_SUCH_ID)).status).toBe(404);
    expect((await contacts.get('not-a-uuid')).status).toBe(400);
  });

  it('refuses each bad field by name and writes nothing', async () => {
    const owner = await signUpWithWorkspace(base, 'Dora');
    const contacts = contactsApi(base, owner);
    const other = await contacts.create({ first_name: 'Other' });
    const field = await request(base, 'POST', '/custom-fields', {
      token: owner.token,
      body: { object: 'contact', label: 'Tier', type: 'select', options: ['gold', 'silver'] },
    });
    expect(field.status).toBe(201);

    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ first_name: 'x'.repeat(101) }, /^first_name must NOT have more than 100 characters/],
      [{ last_name: 'x'.repeat(101) }, /^last_name /],
      [{ email: 'not an email' }, /^email must be a valid email/],
      [{ email: `${'a'.repeat(250)}@x.io` }, /^email /],
      [{ phone: '1'.repeat(41) }, /^phone /],
      [{ mobile: '1'.repeat(41) }, /^mobile /],
      [{ job_title: 'x'.repeat(151) }, /^job_title /],
      [{ first_name: 'two\nlines' }, /^first_name must be one line/],
      [{ lawful_basis: 'because' }, /^lawful_basis must be one of legitimate_interest, consent, contract/],
      [{ company_id: 'nope' }, /^company_id must be a valid uuid/],
      [{ company_id: NO_SUCH_ID }, /^company_id is not a company of this workspace/],
      [{ reports_to_id: NO_SUCH_ID }, /^reports_to_id is not a contact of this workspace/],
      [{ owner_id: NO_SUCH_ID }, /^owner_id is not a member of this workspace/],
      [{ custom: { tier: 'bronze' } }, /^custom\.tier must be one of gold, silver/],
      [{ custom: { nested: { a: 1 } } }, /^custom\.nested must be string or number or boolean or null/],
      [{ custom: [] }, /^custom must be object/],
      [{ id: NO_SUCH_ID }, /^id is read-only/],
      [{ created_at: '2020-01-01T00:00:00.000Z' }, /^created_at is read-only/],
      [{ updated_at: '2020-01-01T00:00:00.000Z' }, /^updated_at is read-only/],
      [{ deleted_at: null }, /^deleted_at is read-only/],
      [{ favourite_colour: 'blue' }, /^unknown field 'favourite_colour'/],
    ];
    for (const [body, message] of cases) {
      const created = await contacts.call('POST', '/contacts', { first_name: 'Never', ...body });
      expect({ body, status: created.status, code: created.body.error?.code }).toEqual({
        body,
        status: 400,
        code: 'validation_failed',
      });
      expect({ body, message: created.body.error.message }).toEqual({ body, message: expect.stringMatching(message) });
      const patched = await contacts.call('PATCH', `/contacts/${other.id}`, { first_name: 'Changed', ...body });
      expect({ body, status: patched.status, message: patched.body.error?.message }).toEqual({
        body,
        status: 400,
        message: expect.stringMatching(message),
      });
    }
    // Nothing was half-written: only the one contact exists, unchanged.
    expect(idsOf(await contacts.all())).toEqual([other.id]);
    expect((await contacts.get(other.id)).body).toEqual(other);
    // The limits themselves are accepted.
    const longest = await contacts.create({
      first_name: 'x'.repeat(100),
      job_title: 'y'.repeat(150),
      phone: '1'.repeat(40),
      email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.io`,
    });
    expect(longest.first_name).toHaveLength(100);
  });

  it('changes only the fields sent, merges custom by key and refuses reporting cycles', async () => {
    const owner = await signUpWithWorkspace(base, 'Edda');
    const contacts = contactsApi(base, owner);
    const company = await contacts.company('Lee Trading');
    const boss = await contacts.create({ first_name: 'Big', last_name: 'Boss' });
    const ann = await contacts.create({ first_name: 'Ann', email: 'ann@example.com', custom: { a: 1, b: 'two' } });

    const patched = await contacts.call('PATCH', `/contacts/${ann.id}`, {
      last_name: 'Lee',
      company_id: company,
      reports_to_id: boss.id,
      custom: { b: null, c: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      company_id: company,
      reports_to_id: boss.id,
      custom: { a: 1, c: true },
    });
    expect(patched.body.updated_at >= ann.updated_at).toBe(true);
    expect((await contacts.get(ann.id)).body).toEqual(patched.body);
    expect(idsOf(await contacts.all({ q: 'ann lee' }))).toEqual([ann.id]);

    // null clears a field; an empty string is none too.
    const cleared = await contacts.call('PATCH', `/contacts/${ann.id}`, { email: null, last_name: '' });
    expect(cleared.body).toMatchObject({ email: null, last_name: null, first_name: 'Ann' });
    expect(idsOf(await contacts.all({ q: 'ann@' }))).toEqual([]);
    expect(idsOf(await contacts.all({ q: 'ann lee' }))).toEqual([]);

    // A contact cannot report to itself, nor to someone below it.
    expect((await contacts.call('PATCH', `/contacts/${ann.id}`, { reports_to_id: ann.id })).body.error.message).toBe(
      'reports_to_id must not be the contact itself',
    );
    const cycle = await contacts.call('PATCH', `/contacts/${boss.id}`, { reports_to_id: ann.id });
    expect({ status: cycle.status, message: cycle.body.error.message }).toEqual({
      status: 400,
      message: 'reports_to_id would make a reporting cycle',
    });
    expect((await contacts.get(boss.id)).body.reports_to_id).toBeNull();

    // A company or manager in the recycle bin cannot be chosen.
    expect((await contacts.call('DELETE', `/contacts/${boss.id}`)).status).toBe(204);
    expect((await contacts.call('PATCH', `/contacts/${ann.id}`, { reports_to_id: null })).status).toBe(200);
    expect((await contacts.call('PATCH', `/contacts/${ann.id}`, { reports_to_id: boss.id })).body.error.message).toBe(
      'reports_to_id is not a contact of this workspace',
    );
    expect((await contacts.call('DELETE', `/companies/${company}`)).status).toBe(204);
    expect((await contacts.call('POST', '/contacts', { company_id: company })).body.error.message).toBe(
      'company_id is not a company of this workspace',
    );
    expect((await contacts.call('PATCH', `/contacts/${NO_SUCH_ID}`, { first_name: 'x' })).status).toBe(404);
  });
});

describe('the contact list', () => {
  it('filters by company, manager, owner, custom and search, newest first', async () => {
    const owner = await signUpWithWorkspace(base, 'Fern');
    const contacts = contactsApi(base, owner);
    const company = await contacts.company('Acme');
    const boss = await contacts.create({ first_name: 'Zed', last_name: 'Boss', email: 'zed@boss.example' });
    const ann = await contacts.create({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ANN.LEE@Example.com',
      company_id: company,
      reports_to_id: boss.id,
      owner_id: owner.user.id,
      custom: { tier: 'gold' },
    });
    const anna = await contacts.create({
      first_name: 'Anna',
      last_name: 'Smith',
      email: 'anna@smith.example',
      company_id: company,
      custom: { tier: 'silver' },
    });
    const leon = await contacts.create({
      first_name: 'Leon',
      last_name: 'Anders',
      email: 'leon@x.example',
      reports_to_id: boss.id,
    });

    expect(idsOf(await contacts.all())).toEqual([leon.id, anna.id, ann.id, boss.id]);
    expect(idsOf(await contacts.all({ company_id: company }))).toEqual([anna.id, ann.id]);
    // A uuid means the same in either case.
    expect(idsOf(await contacts.all({ company_id: company.toUpperCase() }))).toEqual([anna.id, ann.id]);
    expect((await contacts.get(ann.id.toUpperCase())).body.id).toBe(ann.id);
    expect(
      (await contacts.call('PATCH', `/contacts/${leon.id}`, { company_id: company.toUpperCase() })).body.company_id,
    ).toBe(company);
    expect((await contacts.call('PATCH', `/contacts/${leon.id}`, { company_id: null })).status).toBe(200);
    expect(idsOf(await contacts.all({ reports_to_id: boss.id }))).toEqual([leon.id, ann.id]);
    expect(idsOf(await contacts.all({ owner: 'me' }))).toEqual([ann.id]);
    expect(idsOf(await contacts.all({ owner: owner.user.id }))).toEqual([ann.id]);
    expect(idsOf(await contacts.all({ custom: '{"tier":"gold"}' }))).toEqual([ann.id]);
    expect(idsOf(await contacts.all({ custom: '{"tier":null}' }))).toEqual([leon.id, boss.id]);
    // q: the start of the full name, the last name or the email, any case.
    expect(idsOf(await contacts.all({ q: 'ann' }))).toEqual([anna.id, ann.id]);
    expect(idsOf(await contacts.all({ q: ' ANN  LE' }))).toEqual([ann.id]);
    expect(idsOf(await contacts.all({ q: 'anders' }))).toEqual([leon.id]);
    expect(idsOf(await contacts.all({ q: 'ann.lee@ex' }))).toEqual([ann.id]);
    expect(idsOf(await contacts.all({ q: 'nn' }))).toEqual([]);
    expect(idsOf(await contacts.all({ q: 'ann', company_id: company, custom: '{"tier":"silver"}' }))).toEqual([
      anna.id,
    ]);

    const bad: Array<[string, RegExp]> = [
      ['limit=0', /^limit must be >= 1/],
      ['limit=51', /^limit must be <= 50/],
      [`q=${'a'.repeat(101)}`, /^q must NOT have more than 100 characters/],
      ['owner=none', /^owner must be me or a uuid/],
      ['company_id=x', /^company_id must be a valid uuid/],
      ['custom=[1]', /^custom must be a JSON object/],
      [
        `custom=${encodeURIComponent(JSON.stringify({ k: 'x'.repeat(2000) }))}`,
        /^custom must NOT have more than 2000 characters/,
      ],
      ['cursor=garbage', /^cursor is invalid/],
      ['deleted=maybe', /^deleted must be boolean/],
      ['sort=name_asc', /^unknown query parameter 'sort'/],
    ];
    for (const [query, message] of bad) {
      const answer = await contacts.call('GET', `/contacts?${query}`);
      expect({ query, status: answer.status, message: answer.body.error?.message }).toEqual({
        query,
        status: 400,
        message: expect.stringMatching(message),
      });
    }
  });

  it('pages by cursor without repeating or skipping anyone while others insert and delete', async () => {
    const owner = await signUpWithWorkspace(base, 'Gus');
    const contacts = contactsApi(base, owner);
    const made = [];
    for (let index = 0; index < 9; index += 1) made.push(await contacts.create({ first_name: `Page ${index}` }));
    const expected = idsOf(made).reverse();

    const first = await contacts.list({ limit: '3' });
    expect(idsOf(first.data)).toEqual(expected.slice(0, 3));
    // Meanwhile: new contacts arrive (before the cursor), one already seen and one not yet seen go.
    await contacts.create({ first_name: 'Late 1' });
    expect((await contacts.call('DELETE', `/contacts/${expected[1]}`)).status).toBe(204);
    expect((await contacts.call('DELETE', `/contacts/${expected[6]}`)).status).toBe(204);
    const second = await contacts.list({ limit: '3', cursor: first.next_cursor! });
    await contacts.create({ first_name: 'Late 2' });
    const rest = await contacts.all({ limit: '3', cursor: second.next_cursor! });
    const seen = [...idsOf(first.data), ...idsOf(second.data), ...idsOf(rest)];
    expect(seen).toEqual(expected.filter((id) => id !== expected[6]));
    expect(new Set(seen).size).toBe(seen.length);

    // A search pages the same way, with its own cursor.
    const searched = [];
    let page = await contacts.list({ q: 'page', limit: '2' });
    searched.push(...page.data);
    while (page.next_cursor) {
      page = await contacts.list({ q: 'page', limit: '2', cursor: page.next_cursor });
      searched.push(...page.data);
    }
    expect(idsOf(searched)).toEqual(expected.filter((id) => id !== expected[1] && id !== expected[6]));
  });

  it('finds the same contacts in the same order whether a search matches few or many', async () => {
    const owner = await signUpWithWorkspace(base, 'Gwen');
    const contacts = contactsApi(base, owner);
    // More matches than the search reads from its indexes, imported with a company each.
    const rows = Array.from({ length: 1100 }, (_, index) => ({
      name: `Employer ${index}`,
      contact: {
        first_name: index % 2 === 0 ? 'Many' : 'Other',
        last_name: `Match${index}`,
        email: `m${index}@example.com`,
      },
    }));
    const imported = await contacts.call('POST', '/import/companies', { rows });
    expect(imported.body.created).toBe(1100);
    // The list's own order, without a search: what every search must keep.
    const newestFirst = (await contacts.all({ limit: '50' })).map((contact) => ({
      _id: contact.id,
      first_name: contact.first_name!,
      last_name: contact.last_name!,
    }));
    expect(newestFirst).toHaveLength(1100);
    const byName = (lastName: string) => newestFirst.find((contact) => contact.last_name === lastName)!;
    const seeded = Object.fromEntries([5, 900, 3].map((index) => [index, byName(`Match${index}`)]));

    const some = await contacts.all({ q: 'match1', limit: '50' });
    expect(idsOf(some)).toEqual(
      newestFirst.filter((contact) => contact.last_name.startsWith('Match1')).map((contact) => contact._id),
    );
    const few = await contacts.all({ q: 'many match10', limit: '7' });
    expect(idsOf(few)).toEqual(
      newestFirst
        .filter((contact) => `${contact.first_name} ${contact.last_name}`.toLowerCase().startsWith('many match10'))
        .map((contact) => contact._id),
    );
    const firstPage = await contacts.list({ q: 'm', limit: '50' });
    expect(idsOf(firstPage.data)).toEqual(newestFirst.slice(0, 50).map((contact) => contact._id));

    // The bin lists the most recently deleted first.
    for (const contact of [seeded[5], seeded[900], seeded[3]])
      expect((await contacts.call('DELETE', `/contacts/${contact._id}`)).status).toBe(204);
    expect(idsOf(await contacts.all({ deleted: 'true', limit: '2' }))).toEqual([
      seeded[3]._id,
      seeded[900]._id,
      seeded[5]._id,
    ]);
    // Many matches, paged by cursor to the end: every active one once, newest first.
    const deleted = new Set([seeded[5]._id, seeded[900]._id, seeded[3]._id]);
    expect(idsOf(await contacts.all({ q: 'match', limit: '50' }))).toEqual(
      newestFirst.map((contact) => contact._id).filter((id) => !deleted.has(id)),
    );
  });

  it("replays a saved view's filters as the list's query parameters", async () => {
    const owner = await signUpWithWorkspace(base, 'Hana');
    const contacts = contactsApi(base, owner);
    const company = await contacts.company('Views Ltd');
    const boss = await contacts.create({ first_name: 'Vera', last_name: 'Boss' });
    const match = await contacts.create({
      first_name: 'Viktor',
      company_id: company,
      reports_to_id: boss.id,
      owner_id: owner.user.id,
      custom: { region: 'north' },
    });
    await contacts.create({
      first_name: 'Viktoria',
      company_id: company,
      reports_to_id: boss.id,
      custom: { region: 'south' },
    });
    await contacts.create({
      first_name: 'Walter',
      company_id: company,
      reports_to_id: boss.id,
      owner_id: owner.user.id,
      custom: { region: 'north' },
    });

    const filters = {
      q: 'vik',
      company_id: company,
      reports_to_id: boss.id,
      owner: 'me',
      custom: '{"region":"north"}',
      deleted: 'false',
    };
    const view = await request(base, 'POST', '/saved-views', {
      token: owner.token,
      body: { object: 'contact', name: 'Northern Viks', filters },
    });
    expect(view.status).toBe(201);
    const replayed = await contacts.list(view.body.filters as Record<string, string>);
    expect(idsOf(replayed.data)).toEqual([match.id]);
  });
});

describe('audit', () => {
  it('records one entry per change naming the contact and the actor, also a key by its name', async () => {
    const owner = await signUpWithWorkspace(base, 'Ines');
    const contacts = contactsApi(base, owner);
    const ann = await contacts.create({ first_name: 'Ann', last_name: 'Audit' });
    expect((await contacts.call('PATCH', `/contacts/${ann.id}`, { job_title: 'Buyer' })).status).toBe(200);
    // A PATCH that changes nothing is not a change.
    expect((await contacts.call('PATCH', `/contacts/${ann.id}`, { job_title: 'Buyer' })).status).toBe(200);
    expect((await contacts.call('DELETE', `/contacts/${ann.id}`)).status).toBe(204);
    expect((await contacts.call('POST', `/contacts/${ann.id}/restore`)).status).toBe(204);

    const key = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Sync script', kind: 'integration', role: 'Agent (read & write)' },
    });
    expect(key.status).toBe(201);
    const byKey = await contactsApi(base, { token: key.body.key as string }).create({ email: 'keyed@example.com' });

    const entries = await waitFor(async () => {
      const items = await contactAudit(base, owner);
      return items.length === 5 ? items : undefined;
    }, 'five contact audit entries');
    expect(entries.map((item) => [item.summary, item.object_id, item.object_name]).reverse()).toEqual([
      ['Created contact "Ann Audit"', ann.id, 'Ann Audit'],
      ['Updated contact "Ann Audit"', ann.id, 'Ann Audit'],
      ['Deleted contact "Ann Audit"', ann.id, 'Ann Audit'],
      ['Restored contact "Ann Audit"', ann.id, 'Ann Audit'],
      ['Created contact "keyed@example.com"', byKey.id, 'keyed@example.com'],
    ]);
    expect(entries[1].actor).toBe('Ines');
    expect(entries[0].actor).toBe('Sync script');
  });
});
