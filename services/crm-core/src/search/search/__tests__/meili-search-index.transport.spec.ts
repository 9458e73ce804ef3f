import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@crm/kit';
import { MEILI_SETTINGS, MeiliSearchIndex, workspaceFilter } from '../meili-search-index';
import type { SearchDocument } from '../search-text';

// The Meilisearch adapter against a small fake server on loopback that records what the client
// sends and answers as Meilisearch does (tasks enqueued, then succeeded or failed): the settings,
// the filter every query carries and each request's shape are checked as sent, so a typo in the
// filter syntax or a missing setting fails here even where no Meilisearch runs.

interface Recorded {
  method: string;
  path: string;
  query: string;
  authorization: string | undefined;
  body: unknown;
}

const ANN = '0193a5f0-0000-7000-8000-00000000000a';
const OTTO = '0193a5f0-0000-7000-8000-00000000000b';

class FakeMeilisearch {
  readonly requests: Recorded[] = [];
  private server!: Server;
  private nextTask = 1;
  private readonly tasks = new Map<number, Record<string, unknown>>();
  // What POST /multi-search answers, per index uid.
  hits: Record<string, Array<Record<string, unknown>>> = {};
  // Task types that fail, with the error Meilisearch gives.
  failing: Record<string, { code: string; message: string }> = {};

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  writes(): Recorded[] {
    return this.requests.filter((request) => !(request.method === 'GET' && request.path.startsWith('/tasks/')));
  }

  private enqueue(res: ServerResponse, type: string, indexUid: string): void {
    const uid = this.nextTask++;
    const failure = this.failing[type];
    this.tasks.set(uid, {
      uid,
      batchUid: uid,
      indexUid,
      status: failure ? 'failed' : 'succeeded',
      type,
      canceledBy: null,
      details: {},
      error: failure ? { ...failure, type: 'invalid_request', link: 'https://docs.meilisearch.com' } : null,
      duration: 'PT0.001S',
      enqueuedAt: new Date().toISOString(),
      startedAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
    });
    this.json(res, 202, { taskUid: uid, indexUid, status: 'enqueued', type, enqueuedAt: new Date().toISOString() });
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    const method = req.method ?? 'GET';
    this.requests.push({
      method,
      path: url.pathname,
      query: url.search,
      authorization: req.headers.authorization,
      body,
    });
    const parts = url.pathname.split('/').filter(Boolean);
    if (method === 'GET' && parts[0] === 'tasks') return this.json(res, 200, this.tasks.get(Number(parts[1])));
    if (method === 'POST' && url.pathname === '/indexes')
      return this.enqueue(res, 'indexCreation', (body as { uid: string }).uid);
    if (method === 'PATCH' && parts[2] === 'settings') return this.enqueue(res, 'settingsUpdate', parts[1]);
    if (method === 'POST' && parts[2] === 'documents' && parts.length === 3)
      return this.enqueue(res, 'documentAdditionOrUpdate', parts[1]);
    if (
      parts[2] === 'documents' &&
      (parts[3] === 'delete-batch' || parts[3] === 'delete' || (method === 'DELETE' && parts.length === 3))
    )
      return this.enqueue(res, 'documentDeletion', parts[1]);
    if (method === 'POST' && url.pathname === '/multi-search') {
      const queries = (body as { queries: Array<{ indexUid: string; q: string }> }).queries;
      return this.json(res, 200, {
        results: queries.map((query) => ({
          indexUid: query.indexUid,
          hits: this.hits[query.indexUid] ?? [],
          query: query.q,
          processingTimeMs: 0,
          limit: 20,
          offset: 0,
          estimatedTotalHits: 0,
        })),
      });
    }
    this.json(res, 404, { message: 'not found', code: 'not_found', type: 'invalid_request', link: '' });
  }
}

function document(workspace: string, type: 'company' | 'contact', id: string, name: string): SearchDocument {
  return {
    id,
    workspace_id: workspace,
    type,
    name,
    email: null,
    domain: null,
    account_number: null,
    postcode: null,
    phone: null,
  };
}

describe('Meilisearch adapter (fake server)', () => {
  const fake = new FakeMeilisearch();
  let url: string;
  let index: MeiliSearchIndex;

  beforeAll(async () => {
    url = await fake.start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.hits = {};
    fake.failing = {};
    index = new MeiliSearchIndex({ url, apiKey: 'search-key-for-tests', indexPrefix: 'crm_', timeoutMs: 2000 });
  });

  it('creates one index per record type with the id as primary key, then applies the settings', async () => {
    // An index that already exists is what prepare wants: not a failure.
    fake.failing.indexCreation = { code: 'index_already_exists', message: 'Index `crm_companies` already exists.' };
    await index.prepare();
    expect(fake.writes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/indexes', body: { uid: 'crm_companies', primaryKey: 'id' } },
      { method: 'PATCH', path: '/indexes/crm_companies/settings', body: MEILI_SETTINGS },
      { method: 'POST', path: '/indexes', body: { uid: 'crm_contacts', primaryKey: 'id' } },
      { method: 'PATCH', path: '/indexes/crm_contacts/settings', body: MEILI_SETTINGS },
    ]);
    expect(MEILI_SETTINGS).toEqual({
      searchableAttributes: ['name', 'email', 'domain', 'account_number', 'postcode', 'phone'],
      filterableAttributes: ['workspace_id'],
      displayedAttributes: [
        'id',
        'type',
        'workspace_id',
        'name',
        'email',
        'domain',
        'account_number',
        'postcode',
        'phone',
      ],
      typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 }, disableOnNumbers: true },
    });
    expect(fake.requests.every((request) => request.authorization === 'Bearer search-key-for-tests')).toBe(true);
  });

  it('fails prepare when Meilisearch refuses the settings', async () => {
    fake.failing.settingsUpdate = { code: 'invalid_settings_filterable_attributes', message: 'bad' };
    await expect(index.prepare()).rejects.toThrow(/failed: bad/);
  });

  it('filters every query on the workspace, in both indexes, and merges the answers by tier then score', async () => {
    expect(workspaceFilter(ANN)).toBe(`workspace_id = "${ANN}"`);
    // A value can never escape its quotes.
    expect(workspaceFilter('a" OR workspace_id != "b')).toBe('workspace_id = "a\\" OR workspace_id != \\"b"');
    fake.hits = {
      crm_companies: [
        { id: 'c-prefix', workspace_id: ANN, type: 'company', name: 'Harbourside Cafe', _rankingScore: 0.99 },
        { id: 'c-typo', workspace_id: ANN, type: 'company', name: 'Harbor Freight', _rankingScore: 0.98 },
        // Never answered, whatever the server sends back.
        { id: 'c-other', workspace_id: OTTO, type: 'company', name: 'Harbour', _rankingScore: 1 },
      ],
      crm_contacts: [{ id: 'p-exact', workspace_id: ANN, type: 'contact', name: 'Ada Harbour', _rankingScore: 0.5 }],
    };
    const matches = await index.search(ANN, 'harbour', 20);
    expect(matches.map((match) => [match.type, match.id])).toEqual([
      ['contact', 'p-exact'],
      ['company', 'c-prefix'],
      ['company', 'c-typo'],
    ]);
    const [request] = fake.requests;
    expect({ method: request.method, path: request.path }).toEqual({ method: 'POST', path: '/multi-search' });
    const fields = ['id', 'type', 'workspace_id', 'name', 'email', 'domain', 'account_number', 'postcode', 'phone'];
    expect(request.body).toEqual({
      queries: [
        {
          indexUid: 'crm_companies',
          q: 'harbour',
          filter: `workspace_id = "${ANN}"`,
          limit: 20,
          matchingStrategy: 'all',
          showRankingScore: true,
          attributesToRetrieve: fields,
        },
        {
          indexUid: 'crm_contacts',
          q: 'harbour',
          filter: `workspace_id = "${ANN}"`,
          limit: 20,
          matchingStrategy: 'all',
          showRankingScore: true,
          attributesToRetrieve: fields,
        },
      ],
    });
  });

  it('adds documents to their type’s index, removes by id, and clears one workspace by filter', async () => {
    const companyDocument = document(ANN, 'company', 'c1', 'Acme');
    const contactDocument = document(ANN, 'contact', 'p1', 'Ada');
    await index.upsert([companyDocument, contactDocument]);
    await index.remove(ANN, ['c1', 'p1']);
    await index.clear(ANN);
    await index.clear();
    expect(fake.writes().map(({ method, path, query, body }) => ({ method, path, query, body }))).toEqual([
      { method: 'POST', path: '/indexes/crm_companies/documents', query: '?primaryKey=id', body: [companyDocument] },
      { method: 'POST', path: '/indexes/crm_contacts/documents', query: '?primaryKey=id', body: [contactDocument] },
      { method: 'POST', path: '/indexes/crm_companies/documents/delete-batch', query: '', body: ['c1', 'p1'] },
      { method: 'POST', path: '/indexes/crm_contacts/documents/delete-batch', query: '', body: ['c1', 'p1'] },
      {
        method: 'POST',
        path: '/indexes/crm_companies/documents/delete',
        query: '',
        body: { filter: `workspace_id = "${ANN}"` },
      },
      {
        method: 'POST',
        path: '/indexes/crm_contacts/documents/delete',
        query: '',
        body: { filter: `workspace_id = "${ANN}"` },
      },
      { method: 'DELETE', path: '/indexes/crm_companies/documents', query: '', body: undefined },
      { method: 'DELETE', path: '/indexes/crm_contacts/documents', query: '', body: undefined },
    ]);
  });

  it('fails a write whose task failed, so the consumer retries it', async () => {
    fake.failing.documentAdditionOrUpdate = { code: 'invalid_document_id', message: 'bad id' };
    await expect(index.upsert([document(ANN, 'company', 'c1', 'Acme')])).rejects.toThrow(/failed: bad id/);
  });

  it('answers 503 unavailable when the server cannot be reached', async () => {
    const down = new MeiliSearchIndex({ url: 'http://127.0.0.1:1', timeoutMs: 500 });
    const failure = await down.search(ANN, 'acme', 5).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 503, code: 'unavailable' });
  });
});
