import { request, signUpWithWorkspace, sharedTestSystem } from '../support/system';
import { companiesApi, createCampaign, expectRefusal, idsOf, type CompanyBody } from './companies-support';
import { addMemberTo } from './references-support';

// The company list as a client pages it: every filter alone and combined, five sorts, cursor
// paging that neither repeats nor skips while others insert and delete, offset paging with a
// total, `q` by prefix, counts that agree with the lists, and a saved view replayed as the query.
const system = sharedTestSystem();
const base = system.url;

const sorted = (ids: string[]) => [...ids].sort();

describe('company list filters', () => {
  it('applies every filter alone and combined, each page of each the same set as the filter says', async () => {
    const owner = await signUpWithWorkspace(base, 'Fil');
    const api = companiesApi(base, owner);
    const bea = await addMemberTo(system, owner, 'Bea');
    const stages = await api.companyStages();
    const defaultPipeline = stages[0].pipeline_id;
    const lead = stages.find((stage) => stage.pipeline_id === defaultPipeline && stage.kind === 'open')!;
    const account = stages.find((stage) => stage.pipeline_id === defaultPipeline && stage.kind === 'account')!;
    const partners = await api.call('POST', '/pipelines', {
      name: 'Partners',
      object: 'company',
      stages: [{ name: 'Talking' }, { name: 'Signed', kind: 'account' }],
    });
    const talking = (partners.body.stages as Array<{ id: string; name: string }>).find(
      (stage) => stage.name === 'Talking',
    )!;
    const [web, referral] = await api.sources();
    const spring = await createCampaign(base, owner, 'Spring');
    const kinds = [
      { name: 'A', owner_id: owner.user.id, stage_id: lead.id, source_id: web.id, custom: { tier: 'gold' } },
      {
        name: 'B',
        owner_id: owner.user.id,
        stage_id: account.id,
        source_id: referral.id,
        campaign_id: spring,
        custom: { tier: 'gold', vip: true },
      },
      { name: 'C', owner_id: bea.userId, stage_id: account.id, source_id: web.id, custom: { tier: 'silver' } },
      { name: 'D', owner_id: null, stage_id: talking.id, campaign_id: spring, custom: { seats: 5 } },
      { name: 'E', owner_id: null, stage_id: lead.id, source_id: referral.id },
      { name: 'F', owner_id: bea.userId, stage_id: lead.id, custom: { tier: 'gold', vip: false } },
    ];
    const made: CompanyBody[] = [];
    for (const fields of kinds) made.push(await api.create(fields));
    const binned = await api.create({
      name: 'G',
      owner_id: owner.user.id,
      stage_id: lead.id,
      custom: { tier: 'gold' },
    });
    expect((await api.call('DELETE', `/companies/${binned.id}`)).status).toBe(204);
    const byName = (...names: string[]) =>
      sorted(made.filter((company) => names.includes(company.name)).map((company) => company.id));

    const cases: Array<[Record<string, string>, string[]]> = [
      [{}, ['A', 'B', 'C', 'D', 'E', 'F']],
      [{ owner: 'me' }, ['A', 'B']],
      [{ owner: 'none' }, ['D', 'E']],
      [{ owner: bea.userId }, ['C', 'F']],
      [{ owner: bea.userId.toUpperCase() }, ['C', 'F']],
      [{ kind: 'lead' }, ['A', 'D', 'E', 'F']],
      [{ kind: 'account' }, ['B', 'C']],
      [{ stage_id: lead.id }, ['A', 'E', 'F']],
      [{ pipeline_id: defaultPipeline }, ['A', 'B', 'C', 'E', 'F']],
      [{ pipeline_id: partners.body.id }, ['D']],
      [{ source_id: web.id }, ['A', 'C']],
      [{ campaign_id: spring }, ['B', 'D']],
      [{ custom: '{"tier":"gold"}' }, ['A', 'B', 'F']],
      [{ custom: '{"tier":"gold","vip":true}' }, ['B']],
      [{ custom: '{"vip":false}' }, ['F']],
      [{ custom: '{"vip":null}' }, ['A', 'C', 'D', 'E']],
      [{ custom: '{"seats":5}' }, ['D']],
      [{ custom: '{"seats":"5"}' }, []],
      [{ owner: 'me', kind: 'account' }, ['B']],
      [{ owner: 'none', kind: 'lead', pipeline_id: defaultPipeline }, ['E']],
      [{ kind: 'lead', custom: '{"tier":"gold"}', owner: bea.userId }, ['F']],
      [{ source_id: referral.id, campaign_id: spring, kind: 'account' }, ['B']],
      [{ deleted: 'false', owner: 'me' }, ['A', 'B']],
    ];
    for (const [query, names] of cases) {
      for (const limit of ['1', '25']) {
        const seen = await api.all({ ...query, limit });
        expect({ query, limit, ids: sorted(idsOf(seen)) }).toEqual({ query, limit, ids: byName(...names) });
      }
    }
    expect(idsOf(await api.all({ deleted: 'true' }))).toEqual([binned.id]);
    expect(idsOf(await api.all({ deleted: 'true', owner: 'me', custom: '{"tier":"gold"}', kind: 'lead' }))).toEqual([
      binned.id,
    ]);
    expect(idsOf(await api.all({ deleted: 'true', owner: 'none' }))).toEqual([]);
  });

  it('refuses malformed parameters, naming them', async () => {
    const owner = await signUpWithWorkspace(base, 'Bad');
    const api = companiesApi(base, owner);
    const query = (params: string) => api.call('GET', `/companies?${params}`);
    expectRefusal(await query('limit=0'), 'limit');
    expectRefusal(await query('limit=51'), 'limit');
    expectRefusal(await query('offset=100001'), 'offset');
    expectRefusal(await query('offset=-1'), 'offset');
    expectRefusal(await query('owner=someone'), 'owner');
    expectRefusal(await query('kind=customer'), 'kind');
    expectRefusal(await query('sort=size'), 'sort');
    expectRefusal(await query('stage_id=first'), 'stage_id');
    expectRefusal(await query('deleted=maybe'), 'deleted');
    expectRefusal(await query(`q=${'q'.repeat(101)}`), 'q');
    expectRefusal(await query(`custom=${encodeURIComponent('{"tier":')}`), 'custom');
    expectRefusal(await query(`custom=${encodeURIComponent('{"tier":{"$ne":1}}')}`), 'custom');
    expectRefusal(await query(`custom=${encodeURIComponent(JSON.stringify({ note: 'x'.repeat(2000) }))}`), 'custom');
    expectRefusal(await query('cursor=garbage'), 'cursor');
    expectRefusal(await query('colour=red'), 'colour');
    for (let index = 0; index < 3; index += 1) await api.create({ name: `Co ${index}` });
    const first = await api.list({ limit: '1' });
    expectRefusal(await query(`sort=name_asc&cursor=${encodeURIComponent(first.next_cursor!)}`), 'cursor');
  });
});

describe('company list order and paging', () => {
  it('sorts five ways, names without regard to case', async () => {
    const owner = await signUpWithWorkspace(base, 'Sor');
    const api = companiesApi(base, owner);
    const names = ['beta', 'Alpha', 'delta', 'Charlie', 'echo'];
    const made: CompanyBody[] = [];
    for (const name of names) made.push(await api.create({ name }));
    await api.patch(made[1].id, { industry: 'Touched' });
    const namesOf = async (sort: string) => (await api.all({ sort, limit: '2' })).map((company) => company.name);
    expect(await namesOf('created_desc')).toEqual(['echo', 'Charlie', 'delta', 'Alpha', 'beta']);
    expect(await namesOf('created_asc')).toEqual(names);
    expect(await namesOf('name_asc')).toEqual(['Alpha', 'beta', 'Charlie', 'delta', 'echo']);
    expect(await namesOf('name_desc')).toEqual(['echo', 'delta', 'Charlie', 'beta', 'Alpha']);
    expect((await namesOf('updated_desc'))[0]).toBe('Alpha');
    expect((await api.list()).data.map((company) => company.name)).toEqual(await namesOf('created_desc'));
  });

  it('pages by cursor without repeating or skipping while others insert and delete, and ends with null', async () => {
    const owner = await signUpWithWorkspace(base, 'Cur');
    const api = companiesApi(base, owner);
    const original: CompanyBody[] = [];
    for (let index = 0; index < 14; index += 1)
      original.push(await api.create({ name: `Stable ${String(index).padStart(2, '0')}` }));
    for (const sort of ['created_desc', 'created_asc', 'name_asc', 'name_desc', 'updated_desc']) {
      const seen: string[] = [];
      const deleted = new Set<string>();
      let cursor: string | null = null;
      let page = 0;
      do {
        const answer: Awaited<ReturnType<typeof api.list>> = await api.list(
          cursor ? { sort, limit: '4', cursor } : { sort, limit: '4' },
        );
        seen.push(...idsOf(answer.data));
        cursor = answer.next_cursor;
        page += 1;
        // Between pages: new companies arrive (before and after the position, by name) and one
        // not seen yet goes to the bin.
        await api.create({ name: `Zz inserted ${sort} ${page}` });
        await api.create({ name: `Aa inserted ${sort} ${page}` });
        const victim = original.find((company) => !seen.includes(company.id) && !deleted.has(company.id));
        if (victim && cursor) {
          expect((await api.call('DELETE', `/companies/${victim.id}`)).status).toBe(204);
          deleted.add(victim.id);
        }
      } while (cursor !== null);
      expect(new Set(seen).size).toBe(seen.length);
      const survivors = original.filter((company) => !deleted.has(company.id)).map((company) => company.id);
      expect(survivors.filter((id) => !seen.includes(id))).toEqual([]);
      expect(seen.filter((id) => deleted.has(id))).toEqual([]);
      // Restore for the next sort's walk.
      expect((await api.bulk({ ids: [...deleted], action: 'restore' })).body).toEqual({ updated: deleted.size });
    }
  });

  it('pages by offset with the total, combinable with filters', async () => {
    const owner = await signUpWithWorkspace(base, 'Off');
    const api = companiesApi(base, owner);
    const made: CompanyBody[] = [];
    for (let index = 0; index < 7; index += 1)
      made.push(await api.create({ name: `Offset ${index}`, owner_id: index % 2 === 0 ? owner.user.id : null }));
    const ascending = idsOf(made);
    expect(await api.list({ sort: 'created_asc', offset: '0', limit: '3' })).toEqual({
      data: made.slice(0, 3),
      next_cursor: null,
      total: 7,
    });
    expect(idsOf((await api.list({ sort: 'created_asc', offset: '3', limit: '3' })).data)).toEqual(
      ascending.slice(3, 6),
    );
    expect(await api.list({ sort: 'created_asc', offset: '6', limit: '3' })).toMatchObject({
      next_cursor: null,
      total: 7,
    });
    expect(await api.list({ offset: '100000' })).toEqual({ data: [], next_cursor: null, total: 7 });
    const mine = await api.list({ owner: 'me', sort: 'created_asc', offset: '1', limit: '2' });
    expect({ ids: idsOf(mine.data), total: mine.total }).toEqual({ ids: [ascending[2], ascending[4]], total: 4 });
    const plain = await api.list({ offset: 'null', limit: '3' });
    expect(plain.total).toBeUndefined();
    expect(plain.next_cursor).toEqual(expect.any(String));
  });
});

describe('company search', () => {
  it('matches a prefix of the name, domain, account number or postcode in any case, outside the bin unless asked', async () => {
    const owner = await signUpWithWorkspace(base, 'Que');
    const api = companiesApi(base, owner);
    const globex = await api.create({ name: 'Globex Services', website: 'https://globex.example' });
    const hooli = await api.create({ name: 'Hooli', domain: 'GLOBAL-hooli.example', account_number: 'AC-77' });
    const stark = await api.create({
      name: 'Stark Industries',
      address: { postcode: 'SW1A 2AA' },
      account_number: 'gl-1',
    });
    const gone = await api.create({ name: 'Globex Holdings' });
    expect((await api.call('DELETE', `/companies/${gone.id}`)).status).toBe(204);
    const found = async (q: string, extra: Record<string, string> = {}) =>
      sorted(idsOf(await api.all({ q, limit: '1', ...extra })));
    expect(await found('glo')).toEqual(sorted([globex.id, hooli.id]));
    expect(await found('GL')).toEqual(sorted([globex.id, hooli.id, stark.id]));
    expect(await found('globex ser')).toEqual([globex.id]);
    expect(await found('Globex.EX')).toEqual([globex.id]);
    expect(await found('ac-7')).toEqual([hooli.id]);
    expect(await found('sw1a')).toEqual([stark.id]);
    expect(await found('industries')).toEqual([]);
    expect(await found('services')).toEqual([]);
    expect(await found('globex', { deleted: 'true' })).toEqual([gone.id]);
    expect(await found('g', { sort: 'name_desc' })).toEqual(sorted([globex.id, hooli.id, stark.id]));
    expect((await api.all({ q: 'g', sort: 'name_asc', limit: '2' })).map((company) => company.name)).toEqual([
      'Globex Services',
      'Hooli',
      'Stark Industries',
    ]);
    expect(await api.list({ q: 'g', sort: 'name_asc', offset: '1', limit: '1' })).toMatchObject({
      data: [{ id: hooli.id }],
      next_cursor: null,
      total: 3,
    });
    expect(await found('gl', { owner: 'none', kind: 'lead' })).toEqual(sorted([globex.id, hooli.id, stark.id]));
    expect(await found('gl', { owner: 'me' })).toEqual([]);
  });
});

describe('company search with many matches', () => {
  it('pages the same way when a term has more matches than are gathered in memory', async () => {
    const owner = await signUpWithWorkspace(base, 'Many');
    const api = companiesApi(base, owner);
    const names = Array.from({ length: 1100 }, (_, index) => `Umbrella ${String(index).padStart(4, '0')}`);
    const imported = await request(base, 'POST', '/import/companies', {
      token: owner.token,
      body: { rows: names.map((name) => ({ name })) },
    });
    expect(imported.body.created).toBe(1100);
    // 1,100 matches: walked in the list's order; 1,000: gathered from the index.
    const many = (await api.all({ q: 'UMBRELLA', sort: 'name_desc', limit: '50' })).map((company) => company.name);
    expect(many).toEqual([...names].reverse());
    const few = (await api.all({ q: 'umbrella 0', sort: 'name_desc', limit: '50' })).map((company) => company.name);
    expect(few).toEqual(names.slice(0, 1000).reverse());
    expect(await api.list({ q: 'umbrella', offset: '1090', limit: '25', sort: 'name_asc' })).toMatchObject({
      total: 1100,
      next_cursor: null,
    });
    expect(
      (await api.list({ q: 'umbrella', offset: '1090', limit: '25', sort: 'name_asc' })).data.map(
        (company) => company.name,
      ),
    ).toEqual(names.slice(1090));
    expect((await api.list({ q: 'umbrella 10', sort: 'name_asc' })).data.map((company) => company.name)).toEqual(
      names.slice(1000, 1025),
    );
  });
});

describe('company counts', () => {
  it('agree with the lists, tab by tab', async () => {
    const owner = await signUpWithWorkspace(base, 'Cnt');
    const api = companiesApi(base, owner);
    const bea = await addMemberTo(system, owner, 'Bea');
    const stages = await api.companyStages();
    const account = stages.find((stage) => stage.kind === 'account')!;
    const plan = [
      { owner_id: owner.user.id },
      { owner_id: owner.user.id, stage_id: account.id },
      { owner_id: bea.userId },
      { owner_id: null, stage_id: account.id },
      { owner_id: null },
      { owner_id: owner.user.id },
    ];
    const made: CompanyBody[] = [];
    for (const fields of plan) made.push(await api.create({ name: 'Counted', ...fields }));
    await api.bulk({ ids: [made[0].id, made[3].id], action: 'delete' });
    const counts = await api.counts();
    expect(counts).toEqual({ all: 4, leads: 3, accounts: 1, mine: 2, unassigned: 1, deleted: 2 });
    const tabs: Record<string, Record<string, string>> = {
      all: {},
      leads: { kind: 'lead' },
      accounts: { kind: 'account' },
      mine: { owner: 'me' },
      unassigned: { owner: 'none' },
      deleted: { deleted: 'true' },
    };
    for (const [tab, query] of Object.entries(tabs)) {
      expect({ tab, listed: (await api.all(query)).length }).toEqual({ tab, listed: counts[tab] });
      expect({ tab, total: (await api.list({ ...query, offset: '0' })).total }).toEqual({ tab, total: counts[tab] });
    }
    expect(await companiesApi(base, bea).counts()).toMatchObject({ all: 4, mine: 1 });
  });
});

describe('saved views on the company list', () => {
  it('replay as query parameters of the list', async () => {
    const owner = await signUpWithWorkspace(base, 'Vie');
    const api = companiesApi(base, owner);
    const stages = await api.companyStages();
    const account = stages.find((stage) => stage.kind === 'account')!;
    const gold = await api.create({
      name: 'Gold account',
      owner_id: owner.user.id,
      stage_id: account.id,
      custom: { tier: 'gold' },
    });
    const goldToo = await api.create({
      name: 'another gold',
      owner_id: owner.user.id,
      stage_id: account.id,
      custom: { tier: 'gold' },
    });
    await api.create({ name: 'Gold lead', owner_id: owner.user.id, custom: { tier: 'gold' } });
    await api.create({
      name: 'Silver account',
      owner_id: owner.user.id,
      stage_id: account.id,
      custom: { tier: 'silver' },
    });
    await api.create({ name: 'Unowned gold account', stage_id: account.id, custom: { tier: 'gold' } });
    const filters = {
      kind: 'account',
      owner: 'me',
      custom: '{"tier":"gold"}',
      sort: 'name_asc',
      pipeline_id: account.pipeline_id,
      deleted: 'false',
    };
    const view = await api.call('POST', '/saved-views', { object: 'company', name: 'My gold accounts', filters });
    expect(view.status).toBe(201);
    const views = await api.call('GET', '/saved-views?object=company');
    const saved = (views.body.data as Array<{ id: string; filters: Record<string, string> }>).find(
      (item) => item.id === view.body.id,
    )!;
    const replayed = await api.list(saved.filters);
    expect(replayed.data.map((company) => company.id)).toEqual([goldToo.id, gold.id]);
    const search = await api.call('POST', '/saved-views', {
      object: 'company',
      name: 'Search',
      filters: { q: 'UNOWNED g', owner: 'none' },
    });
    expect((await api.list(search.body.filters as Record<string, string>)).data.map((company) => company.name)).toEqual(
      ['Unowned gold account'],
    );
  });
});
