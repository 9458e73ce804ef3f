import { randomUUID } from 'node:crypto';
import { EmbeddedSearchIndex } from '../embedded-search-index';
import { MeiliSearchIndex } from '../meili-search-index';
import type { SearchIndex } from '../search-index';
import type { SearchDocument } from '../search-text';

// What every SearchIndex adapter must do, run against the embedded index always and against a
// Meilisearch server whenever MEILI_URL is set (MEILI_KEY if it needs one). Without MEILI_URL
// the suite runs on the embedded index alone; `npm test` says so in one line.
interface Adapter {
  name: string;
  open(): Promise<{ index: SearchIndex; close(): Promise<void> }>;
}

const embedded: Adapter = {
  name: 'embedded',
  async open() {
    const index = new EmbeddedSearchIndex();
    return { index, close: () => index.close() };
  },
};

const MEILI_URL = process.env.MEILI_URL;
const meilisearch: Adapter | undefined = MEILI_URL
  ? {
      name: 'Meilisearch at MEILI_URL',
      async open() {
        // Indexes of their own, removed afterwards: a shared server keeps its other indexes.
        const prefix = `contract_${randomUUID().slice(0, 8)}_`;
        const index = new MeiliSearchIndex({
          url: MEILI_URL,
          apiKey: process.env.MEILI_KEY,
          indexPrefix: prefix,
          timeoutMs: 20_000,
        });
        await index.prepare();
        return {
          index,
          close: async () => {
            const headers = {
              'content-type': 'application/json',
              ...(process.env.MEILI_KEY ? { authorization: `Bearer ${process.env.MEILI_KEY}` } : {}),
            };
            for (const type of ['company', 'contact'] as const)
              await fetch(`${MEILI_URL.replace(/\/$/, '')}/indexes/${index.indexName(type)}`, {
                method: 'DELETE',
                headers,
              });
          },
        };
      },
    }
  : undefined;

const adapters = meilisearch ? [embedded, meilisearch] : [embedded];

const ANN = '0193a5f0-0000-7000-8000-00000000000a';
const OTTO = '0193a5f0-0000-7000-8000-00000000000b';

function company(workspace: string, name: string, fields: Partial<SearchDocument> = {}): SearchDocument {
  return {
    id: randomUUID(),
    workspace_id: workspace,
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

function contact(workspace: string, name: string, fields: Partial<SearchDocument> = {}): SearchDocument {
  return { ...company(workspace, name, fields), type: 'contact', ...fields };
}

describe.each(adapters)('SearchIndex contract: $name', (adapter) => {
  let opened: Awaited<ReturnType<Adapter['open']>>;
  beforeEach(async () => {
    opened = await adapter.open();
  });
  afterEach(async () => {
    await opened.close();
  });

  const ids = async (workspace: string, query: string, limit = 20) =>
    (await opened.index.search(workspace, query, limit)).map((match) => match.id);

  it('finds records by each searchable field, by prefix, in any case and without accents', async () => {
    const acme = company(ANN, 'Quillfeather Ltd', {
      domain: 'quillfeather.example',
      account_number: 'ACC-77123',
      postcode: 'EC1A 1BB',
      phone: '20 7946 0958 2079460958',
    });
    const cleo = contact(ANN, 'Cléo Marchbanks', { email: 'cleo.m@inkwell.example', phone: '07700 900123' });
    await opened.index.upsert([acme, cleo]);
    expect(await ids(ANN, 'quillfeather')).toEqual([acme.id]);
    expect(await ids(ANN, 'QUILL')).toEqual([acme.id]);
    expect(await ids(ANN, 'cleo march')).toEqual([cleo.id]);
    expect(await ids(ANN, 'inkwell')).toEqual([cleo.id]);
    expect(await ids(ANN, '77123')).toEqual([acme.id]);
    expect(await ids(ANN, 'ec1a')).toEqual([acme.id]);
    expect(await ids(ANN, '2079460958')).toEqual([acme.id]);
    expect(await ids(ANN, '900123')).toEqual([cleo.id]);
    expect((await opened.index.search(ANN, 'cleo', 5))[0]).toMatchObject({ type: 'contact', id: cleo.id });
    // Every word must match.
    expect(await ids(ANN, 'cleo quillfeather')).toEqual([]);
  });

  it('ranks exact words, then prefixes, then typos; short words and digits take no typo', async () => {
    const typo = company(ANN, 'Harbor Freight');
    const prefix = company(ANN, 'Harbourside Cafe');
    const exact = contact(ANN, 'Ada Harbour');
    await opened.index.upsert([typo, prefix, exact]);
    expect(await ids(ANN, 'harbour')).toEqual([exact.id, prefix.id, typo.id]);
    expect(await ids(ANN, 'ada')).toEqual([exact.id]);
    expect(await ids(ANN, 'adb')).toEqual([]);
    const numbered = company(ANN, 'Numbered', { account_number: '5551234' });
    await opened.index.upsert([numbered]);
    expect(await ids(ANN, '5551234')).toEqual([numbered.id]);
    expect(await ids(ANN, '5551235')).toEqual([]);
  });

  it('answers one workspace only, whatever the other holds', async () => {
    const mine = company(ANN, 'Sharedname Holdings', { domain: 'sharedname.example' });
    const theirs = company(OTTO, 'Sharedname Holdings', { domain: 'sharedname.example' });
    await opened.index.upsert([mine, theirs]);
    expect(await ids(ANN, 'sharedname')).toEqual([mine.id]);
    expect(await ids(OTTO, 'sharedname')).toEqual([theirs.id]);
    expect(await ids('0193a5f0-0000-7000-8000-00000000000c', 'sharedname')).toEqual([]);
    // Clearing one workspace leaves the other alone.
    await opened.index.clear(ANN);
    expect(await ids(ANN, 'sharedname')).toEqual([]);
    expect(await ids(OTTO, 'sharedname')).toEqual([theirs.id]);
  });

  it('replaces a record by id, removes records, and honours the limit', async () => {
    const record = company(ANN, 'Oldbrook Mills');
    await opened.index.upsert([record]);
    await opened.index.upsert([{ ...record, name: 'Newbrook Mills' }]);
    expect(await ids(ANN, 'oldbrook')).toEqual([]);
    expect(await ids(ANN, 'newbrook')).toEqual([record.id]);
    await opened.index.remove(ANN, [record.id, randomUUID()]);
    expect(await ids(ANN, 'newbrook')).toEqual([]);
    const many = Array.from({ length: 7 }, (_, index) => company(ANN, `Lanternfish ${index}`));
    await opened.index.upsert(many);
    expect((await ids(ANN, 'lanternfish', 5)).length).toBe(5);
    expect(await ids(ANN, '--')).toEqual([]);
    await opened.index.clear();
    expect(await ids(ANN, 'lanternfish')).toEqual([]);
  });
});
