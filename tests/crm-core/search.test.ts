import { request, sharedTestSystem, signUpWithWorkspace, waitFor } from '../support/system';

// GET /search through the gateway: companies and contacts of the caller's workspace found by
// name, email, domain, account number, postcode and phone, exact and prefix matches before
// typo matches, records leaving the answers with the recycle bin and merges and coming back when
// restored. The index follows events: tests wait for it, never sleep. (What the index itself
// holds, and purges: services/crm-core/src/search/search/__tests__/search-projection.service.spec.ts.)
const base = sharedTestSystem().url;

type Hit = { type: string; id: string; title: string; subtitle: string | null };
type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;

async function create(owner: Owner, path: '/companies' | '/contacts', body: Record<string, unknown>): Promise<string> {
  const answer = await request(base, 'POST', path, { token: owner.token, body });
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 201 });
  return answer.body.id as string;
}

async function search(owner: Owner, q: string): Promise<Hit[]> {
  const answer = await request(base, 'GET', `/search?${new URLSearchParams({ q }).toString()}`, { token: owner.token });
  expect({ q, status: answer.status, body: answer.status === 200 ? 'ok' : answer.body }).toEqual({
    q,
    status: 200,
    body: 'ok',
  });
  return answer.body.data as Hit[];
}

const ids = (hits: Hit[]) => hits.map((hit) => hit.id);

// Until the search answers exactly these ids (in this order).
async function searchUntil(owner: Owner, q: string, expected: string[]): Promise<Hit[]> {
  let last: Hit[] = [];
  await waitFor(
    async () => {
      last = await search(owner, q);
      return JSON.stringify(ids(last)) === JSON.stringify(expected);
    },
    `search "${q}" to answer ${JSON.stringify(expected)}`,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; last answer ${JSON.stringify(last)}`);
  });
  return last;
}

// Until the search answers exactly these ids, in any order.
async function searchSetUntil(owner: Owner, q: string, expected: string[]): Promise<Hit[]> {
  let last: Hit[] = [];
  const wanted = JSON.stringify([...expected].sort());
  await waitFor(async () => {
    last = await search(owner, q);
    return JSON.stringify(ids(last).sort()) === wanted;
  }, `search "${q}" to answer ${wanted}`).catch((error: Error) => {
    throw new Error(`${error.message}; last answer ${JSON.stringify(last)}`);
  });
  return last;
}

describe('GET /search', () => {
  it('finds companies and contacts by each searchable field, with a title and subtitle for a picker', async () => {
    const owner = await signUpWithWorkspace(base, 'Sam');
    const acme = await create(owner, '/companies', {
      name: 'Quillfeather Ltd',
      domain: 'quillfeather.example',
      account_number: 'ACC-77123',
      address: { postcode: 'EC1A 1BB', city: 'London' },
      phone: '+44 20 7946 0958',
    });
    const cleo = await create(owner, '/contacts', {
      first_name: 'Cleo',
      last_name: 'Marchbanks',
      email: 'cleo.m@inkwell.example',
      mobile: '07700 900123',
      company_id: acme,
    });

    const hits = await searchUntil(owner, 'quillfeather', [acme]);
    expect(hits).toEqual([{ type: 'company', id: acme, title: 'Quillfeather Ltd', subtitle: 'quillfeather.example' }]);
    await searchUntil(owner, 'marchbanks', [cleo]);
    expect(await search(owner, 'Marchbanks')).toEqual([
      { type: 'contact', id: cleo, title: 'Cleo Marchbanks', subtitle: 'cleo.m@inkwell.example' },
    ]);
    // Email, domain, account number, postcode and phone (one group of digits, or all of them).
    expect(ids(await search(owner, 'cleo.m@inkwell.example'))).toEqual([cleo]);
    expect(ids(await search(owner, 'inkwell'))).toEqual([cleo]);
    expect(ids(await search(owner, 'quillfeather.example'))).toEqual([acme]);
    expect(ids(await search(owner, 'ACC-77123'))).toEqual([acme]);
    expect(ids(await search(owner, '77123'))).toEqual([acme]);
    expect(ids(await search(owner, 'ec1a 1bb'))).toEqual([acme]);
    expect(ids(await search(owner, '7946'))).toEqual([acme]);
    expect(ids(await search(owner, '442079460958'))).toEqual([acme]);
    expect(ids(await search(owner, '900123'))).toEqual([cleo]);
    // Prefixes, any case, accents ignored; every word must match.
    expect(ids(await search(owner, 'QUILL'))).toEqual([acme]);
    expect(ids(await search(owner, 'cléo march'))).toEqual([cleo]);
    expect(ids(await search(owner, 'cleo quillfeather'))).toEqual([]);
  });

  it('ranks exact matches, then prefix matches, then typo matches', async () => {
    const owner = await signUpWithWorkspace(base, 'Ria');
    const typo = await create(owner, '/companies', { name: 'Harbor Freight' });
    const prefix = await create(owner, '/companies', { name: 'Harbourside Cafe' });
    const exact = await create(owner, '/contacts', { first_name: 'Ada', last_name: 'Harbour' });
    // "harbour" is a whole word of the contact, the start of "harbourside", and one letter away
    // from "harbor" (7 letters allow one typo).
    await searchSetUntil(owner, 'harbour', [exact, prefix, typo]);
    expect(ids(await search(owner, 'harbour'))).toEqual([exact, prefix, typo]);
    // Any case and accents, same order.
    expect(ids(await search(owner, 'HARBOÜR'))).toEqual([exact, prefix, typo]);
    // Two exact words before one exact and one prefix.
    const both = await create(owner, '/companies', { name: 'Harbour Lights' });
    const startOnly = await create(owner, '/companies', { name: 'Harbour Lightship' });
    await searchSetUntil(owner, 'harbour lights', [both, startOnly]);
    expect(ids(await search(owner, 'harbour lights'))).toEqual([both, startOnly]);
    // Short words take no typo (fewer than 5 letters), digits never.
    expect(ids(await search(owner, 'ada'))).toEqual([exact]);
    expect(ids(await search(owner, 'adb'))).toEqual([]);
    const numbered = await create(owner, '/companies', { name: 'Numbered', account_number: '5551234' });
    await searchSetUntil(owner, '5551234', [numbered]);
    expect(ids(await search(owner, '5551235'))).toEqual([]);
  });

  it('answers at most 20 hits', async () => {
    const owner = await signUpWithWorkspace(base, 'Max');
    const created: string[] = [];
    for (let index = 0; index < 23; index += 1)
      created.push(await create(owner, '/companies', { name: `Lanternfish ${index}` }));
    // Every one of the 23 is findable (by its number), so all of them match "lanternfish".
    for (const [index, id] of created.entries())
      await waitFor(async () => ids(await search(owner, `lanternfish ${index}`)).includes(id), `company ${index}`);
    expect(await search(owner, 'lanternfish')).toHaveLength(20);
  });

  it('never answers another workspace’s records, even with the same names', async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const otto = await signUpWithWorkspace(base, 'Otto');
    const annCompany = await create(ann, '/companies', { name: 'Sharedname Holdings', domain: 'sharedname.example' });
    const ottoCompany = await create(otto, '/companies', { name: 'Sharedname Holdings', domain: 'sharedname.example' });
    const annContact = await create(ann, '/contacts', {
      first_name: 'Pat',
      last_name: 'Sharedname',
      email: 'pat@sharedname.example',
    });
    const ottoContact = await create(otto, '/contacts', {
      first_name: 'Pat',
      last_name: 'Sharedname',
      email: 'pat@sharedname.example',
    });

    await searchSetUntil(ann, 'sharedname', [annCompany, annContact]);
    await searchSetUntil(otto, 'sharedname', [ottoCompany, ottoContact]);
    expect(ids(await search(otto, 'pat@sharedname.example'))).toEqual([ottoContact]);
  });

  it('follows changes: renames, the recycle bin, restores and merges', async () => {
    const owner = await signUpWithWorkspace(base, 'Lou');
    const company = await create(owner, '/companies', { name: 'Oldbrook Mills' });
    await searchUntil(owner, 'oldbrook', [company]);
    expect(
      (await request(base, 'PATCH', `/companies/${company}`, { token: owner.token, body: { name: 'Newbrook Mills' } }))
        .status,
    ).toBe(200);
    await searchUntil(owner, 'newbrook', [company]);
    await searchUntil(owner, 'oldbrook', []);

    // The bin: out of the answers; restored: back.
    expect((await request(base, 'DELETE', `/companies/${company}`, { token: owner.token })).status).toBe(204);
    expect(await search(owner, 'newbrook')).toEqual([]);
    expect(
      (
        await request(base, 'POST', '/companies/bulk', {
          token: owner.token,
          body: { ids: [company], action: 'restore' },
        })
      ).body,
    ).toEqual({ updated: 1 });
    await searchUntil(owner, 'newbrook', [company]);

    // A contact in the bin and back.
    const contact = await create(owner, '/contacts', { first_name: 'Wren', last_name: 'Tallowby' });
    await searchUntil(owner, 'tallowby', [contact]);
    expect((await request(base, 'DELETE', `/contacts/${contact}`, { token: owner.token })).status).toBe(204);
    expect(await search(owner, 'tallowby')).toEqual([]);
    expect((await request(base, 'POST', `/contacts/${contact}/restore`, { token: owner.token })).status).toBe(204);
    await searchUntil(owner, 'tallowby', [contact]);

    // Merged away: the source leaves, the survivor stays.
    const source = await create(owner, '/companies', { name: 'Duplicity Works' });
    const survivor = await create(owner, '/companies', { name: 'Duplicity Works Ltd' });
    await searchSetUntil(owner, 'duplicity', [source, survivor]);
    expect(
      (
        await request(base, 'POST', `/companies/${survivor}/merge`, {
          token: owner.token,
          body: { source_ids: [source] },
        })
      ).status,
    ).toBe(200);
    await searchUntil(owner, 'duplicity', [survivor]);
  });

  it('refuses a missing, empty, too long or wordless q with 400 naming q', async () => {
    const owner = await signUpWithWorkspace(base, 'Val');
    for (const path of [
      '/search',
      '/search?q=',
      `/search?q=${'a'.repeat(101)}`,
      '/search?q=%20%2D%2D',
      '/search?q=a&limit=5',
    ]) {
      const answer = await request(base, 'GET', path, { token: owner.token });
      expect({ path, status: answer.status, code: answer.body.error.code }).toEqual({
        path,
        status: 400,
        code: 'validation_failed',
      });
      expect(answer.body.error.message).toMatch(/\bq\b|limit/);
    }
    expect((await request(base, 'GET', `/search?q=${'a'.repeat(100)}`, { token: owner.token })).status).toBe(200);
    expect((await request(base, 'GET', '/search?q=x')).status).toBe(401);
  });
});
