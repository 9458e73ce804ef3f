import { EmbeddedSearchIndex } from '../embedded-search-index';
import { OrdinalSet } from '../ordinal-set';
import type { SearchDocument } from '../search-text';

// What the embedded index adds to the adapter contract (search-index-contract.spec.ts): how it
// orders hits inside a tier, and that it stays right through removals and renumbering.
const WORKSPACE = '0193a5f0-0000-7000-8000-00000000000a';

function company(id: string, name: string, fields: Partial<SearchDocument> = {}): SearchDocument {
  return {
    id,
    workspace_id: WORKSPACE,
    type: 'company',
    name,
    email: null,
    domain: null,
    account_number: null,
    postcode: null,
    phone: null,
    ...fields,
  };
}

const ids = async (index: EmbeddedSearchIndex, query: string, limit = 20) =>
  (await index.search(WORKSPACE, query, limit)).map((match) => match.id);

describe('EmbeddedSearchIndex', () => {
  it('ranks a word in a name before the same word elsewhere, then by the order records were indexed', async () => {
    const index = new EmbeddedSearchIndex();
    await index.upsert(
      Array.from({ length: 30 }, (_, n) => company(`domain-${n}`, `Other ${n}`, { domain: 'globex.example' })),
    );
    await index.upsert(Array.from({ length: 30 }, (_, n) => company(`name-${n}`, `Globex ${n}`)));
    expect(await ids(index, 'globex', 5)).toEqual(['name-0', 'name-1', 'name-2', 'name-3', 'name-4']);
    const all = await ids(index, 'globex', 60);
    expect(all).toHaveLength(60);
    expect(all.slice(30)).toEqual(Array.from({ length: 30 }, (_, n) => `domain-${n}`));
  });

  it('keeps a record in its place among the others when it is indexed again with words old and new', async () => {
    const index = new EmbeddedSearchIndex();
    await index.upsert([
      company('first', 'Alpha'),
      company('second', 'Harbour Beta'),
      company('third', 'Harbour Gamma'),
    ]);
    // A word the others hold (its position goes into the middle of theirs) and one nobody held.
    await index.upsert([company('first', 'Harbour Delta'), company('third', 'Harbour Delta Gamma')]);
    expect(await ids(index, 'harbour')).toEqual(['first', 'second', 'third']);
    expect(await ids(index, 'delta')).toEqual(['first', 'third']);
    expect(await ids(index, 'alpha')).toEqual([]);
    await index.upsert([company('second', 'Beta')]);
    expect(await ids(index, 'harbour')).toEqual(['first', 'third']);
  });

  it('finds a rare word among common ones first, then its typo neighbours, each holding every word', async () => {
    const index = new EmbeddedSearchIndex();
    await index.upsert(Array.from({ length: 3000 }, (_, n) => company(`c${n}`, `Zephyr${n}x Trading Ltd`)));
    const found = await index.search(WORKSPACE, 'Zephyr1234x Trading Ltd', 20);
    expect(found[0].id).toBe('c1234');
    expect(found).toHaveLength(20);
    // The others are one or two typos away: zephyr123x, zephyr1233x, zephyr12345x ...
    for (const match of found.slice(1)) expect(Math.abs(Number(match.id.slice(1)) - 1234)).toBeGreaterThan(0);
    expect(await ids(index, 'Zephyr1234x Trading Retail')).toEqual([]);
  });

  it('answers a one-letter prefix of thousands of words with records that have such a word', async () => {
    const index = new EmbeddedSearchIndex();
    await index.upsert(Array.from({ length: 2500 }, (_, n) => company(`z${n}`, `Zed${n} Holdings`)));
    await index.upsert([company('other', 'Harbour Holdings')]);
    const found = await ids(index, 'z', 20);
    expect(found).toHaveLength(20);
    expect(found.every((id) => id.startsWith('z'))).toBe(true);
    expect(await ids(index, 'holdings z', 20)).toHaveLength(20);
  });

  it('keeps answering right after most records are removed and the rest renumbered', async () => {
    const index = new EmbeddedSearchIndex();
    // Indexed first, with the word in its domain: after the renumbering it still ranks below the
    // records with the word in their name.
    await index.upsert([company('by-domain', 'Beacon Works', { domain: 'lantern.example' })]);
    await index.upsert(
      Array.from({ length: 3000 }, (_, n) => company(`c${n}`, `Lantern ${n % 2 === 0 ? 'Even' : 'Odd'} ${n}`)),
    );
    await index.remove(
      WORKSPACE,
      Array.from({ length: 2500 }, (_, n) => `c${n}`),
    );
    expect(index.size()).toBe(501);
    expect(await ids(index, 'lantern even', 3)).toEqual(['c2500', 'c2502', 'c2504']);
    expect((await ids(index, 'lantern', 501)).at(-1)).toBe('by-domain');
    expect(await ids(index, '2501')).toEqual(['c2501']);
    expect(await ids(index, '17')).toEqual([]);
    // A removed record comes back, after those that stayed.
    await index.upsert([company('c17', 'Lantern Odd 17')]);
    expect(await ids(index, '17')).toEqual(['c17']);
    expect((await ids(index, 'lantern odd', 300)).at(-1)).toBe('c17');
    // A replaced record keeps its place and loses the words it no longer has.
    await index.upsert([company('c2500', 'Lantern Renamed 2500')]);
    expect(await ids(index, 'lantern even', 1)).toEqual(['c2502']);
    expect(await ids(index, 'lantern', 1)).toEqual(['c2500']);
  });
});

describe('OrdinalSet', () => {
  it('keeps members across word boundaries and yields them in ascending order', () => {
    const set = OrdinalSet.of(100, [64, 3, 31, 32, 99]);
    expect([...set]).toEqual([3, 31, 32, 64, 99]);
    expect(set.has(31) && set.has(32) && !set.has(33)).toBe(true);
    const other = OrdinalSet.of(100, [3, 32, 50]);
    expect([...set.copy().and(other)]).toEqual([3, 32]);
    expect([...set.copy().andNot(other)]).toEqual([31, 64, 99]);
    expect([...set.copy().or(other)]).toEqual([3, 31, 32, 50, 64, 99]);
  });
});
