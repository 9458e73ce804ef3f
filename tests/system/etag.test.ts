import { request, signUpWithWorkspace, sharedTestSystem } from '../support/system';

// ETag, If-None-Match and If-Match through the gateway (docs/concurrency.md): every tagged record
// kind, each on the service that owns it, with no handler code of its own.
const system = sharedTestSystem();
let token: string;

beforeAll(async () => {
  token = (await signUpWithWorkspace(system.url, 'Tags')).token;
});

const call = (method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
  request(system.url, method, path, { token, ...options });
const tagOf = (answer: { headers: Headers }) => answer.headers.get('etag');

interface Kind {
  name: string;
  path: string;
  create: Record<string, unknown>;
  change: (round: number) => Record<string, unknown>;
  hasGet: boolean;
  deletes: boolean;
}

const KINDS: Kind[] = [
  {
    name: 'company',
    path: '/companies',
    create: { name: 'Tagged Ltd' },
    change: (round) => ({ name: `Tagged ${round}` }),
    hasGet: true,
    deletes: true,
  },
  {
    name: 'contact',
    path: '/contacts',
    create: { first_name: 'Tia' },
    change: (round) => ({ first_name: `Tia ${round}` }),
    hasGet: true,
    deletes: true,
  },
  {
    name: 'deal',
    path: '/deals',
    create: { name: 'Tagged deal' },
    change: (round) => ({ name: `Deal ${round}` }),
    hasGet: true,
    deletes: true,
  },
  {
    name: 'campaign',
    path: '/campaigns',
    create: { name: 'Tagged campaign' },
    change: (round) => ({ name: `Campaign ${round}` }),
    hasGet: true,
    deletes: true,
  },
  {
    name: 'saved report',
    path: '/reports/saved',
    create: { name: 'Tagged report', definition: { object: 'company', group_by: ['stage_id'] } },
    change: (round) => ({ name: `Report ${round}` }),
    hasGet: false,
    deletes: true,
  },
  {
    name: 'web form',
    path: '/web-forms',
    create: { name: 'Tagged form' },
    change: (round) => ({ name: `Form ${round}` }),
    hasGet: false,
    deletes: false,
  },
  {
    name: 'meeting',
    path: '/meetings',
    create: { title: 'Tagged meeting', starts_at: '2030-01-01T10:00:00.000Z', ends_at: '2030-01-01T11:00:00.000Z' },
    change: (round) => ({ title: `Meeting ${round}` }),
    hasGet: true,
    deletes: false,
  },
  {
    name: 'task',
    path: '/tasks',
    create: { title: 'Tagged task' },
    change: (round) => ({ title: `Task ${round}` }),
    hasGet: false,
    deletes: false,
  },
  {
    name: 'saved view',
    path: '/saved-views',
    create: { name: 'Tagged view', object: 'company', filters: {} },
    change: (round) => ({ name: `View ${round}` }),
    hasGet: false,
    deletes: true,
  },
  {
    name: 'custom field',
    path: '/custom-fields',
    create: { object: 'company', label: 'Tagged field', type: 'text' },
    change: (round) => ({ label: `Field ${round}` }),
    hasGet: false,
    deletes: false,
  },
  {
    name: 'pipeline',
    path: '/pipelines',
    create: { object: 'deal', name: 'Tagged pipeline' },
    change: (round) => ({ name: `Pipeline ${round}` }),
    hasGet: false,
    deletes: true,
  },
];

describe.each(KINDS)('the ETag of a $name', (kind) => {
  it('comes with the record, answers 304 while it holds, and guards changes with If-Match', async () => {
    const created = await call('POST', kind.path, { body: kind.create });
    expect(created.status).toBe(201);
    const first = tagOf(created);
    expect(first).toMatch(/^"[^"]+"$/);
    const path = `${kind.path}/${created.body.id}`;

    if (kind.hasGet) {
      const read = await call('GET', path);
      expect(read.status).toBe(200);
      expect(tagOf(read)).toBe(first);
      const unchanged = await call('GET', path, { headers: { 'If-None-Match': first! } });
      expect(unchanged.status).toBe(304);
      expect(unchanged.body).toBeUndefined();
      expect(tagOf(unchanged)).toBe(first);
      // Any other tag is not a match: the record comes whole.
      expect((await call('GET', path, { headers: { 'If-None-Match': '"v999"' } })).status).toBe(200);
    }

    // Someone else changes it: the first tag no longer matches.
    const other = await call('PATCH', path, { body: kind.change(1) });
    expect(other.status).toBe(200);
    const second = tagOf(other);
    expect(second).not.toBe(first);
    if (kind.hasGet) {
      const changed = await call('GET', path, { headers: { 'If-None-Match': first! } });
      expect(changed.status).toBe(200);
      expect(tagOf(changed)).toBe(second);
    }

    const stale = await call('PATCH', path, { body: kind.change(2), headers: { 'If-Match': first! } });
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe('precondition_failed');
    // The refused change did not happen.
    const kept = await call('PATCH', path, { body: kind.change(1), headers: { 'If-Match': second! } });
    expect(kept.status).toBe(200);
    const third = tagOf(kept);

    const current = await call('PATCH', path, { body: kind.change(3), headers: { 'If-Match': third! } });
    expect(current.status).toBe(200);
    expect(tagOf(current)).not.toBe(third);

    if (kind.deletes) {
      const refused = await call('DELETE', path, { headers: { 'If-Match': third! } });
      expect(refused.status).toBe(412);
      const deleted = await call('DELETE', path, { headers: { 'If-Match': tagOf(current)! } });
      expect(deleted.status).toBe(204);
    }
  });
});

describe('the merged OpenAPI document', () => {
  it('shows the headers and answers of keys and tags on the operations that have them', async () => {
    const document = (await request(system.url, 'GET', '/openapi.json')).body;
    const refs = (operation: Record<string, any>) =>
      (operation.parameters as Array<{ $ref?: string }>).map((parameter) => parameter.$ref).filter(Boolean);
    expect(refs(document.paths['/companies/{id}'].get)).toEqual(['#/components/parameters/IfNoneMatch']);
    expect(document.paths['/companies/{id}'].get.responses['304']).toBeDefined();
    expect(refs(document.paths['/companies/{id}'].patch)).toEqual([
      '#/components/parameters/IdempotencyKey',
      '#/components/parameters/IfMatch',
    ]);
    expect(Object.keys(document.paths['/companies/{id}'].patch.responses)).toEqual(
      expect.arrayContaining(['409', '412', '422']),
    );
    expect(document.paths['/companies'].post.responses['201'].headers).toMatchObject({
      ETag: { $ref: '#/components/headers/ETag' },
      'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' },
    });
    expect(refs(document.paths['/roles'].post)).toEqual(['#/components/parameters/IdempotencyKey']);
    expect(refs(document.paths['/auth/sign-in'].post)).toEqual([]);
    expect(document.components.parameters.IdempotencyKey.name).toBe('Idempotency-Key');
  });
});

describe('preconditions', () => {
  it('accept * and lists, refuse weak tags on If-Match and malformed headers, and never reveal another workspace', async () => {
    const company = await call('POST', '/companies', { body: { name: 'Lists Ltd' } });
    const path = `/companies/${company.body.id}`;
    const tag = tagOf(company)!;
    expect((await call('PATCH', path, { body: { name: 'Any' }, headers: { 'If-Match': '*' } })).status).toBe(200);
    const now = tagOf(await call('GET', path))!;
    expect(
      (await call('PATCH', path, { body: { name: 'Listed' }, headers: { 'If-Match': `${tag}, ${now}` } })).status,
    ).toBe(200);
    const latest = tagOf(await call('GET', path))!;
    expect((await call('PATCH', path, { body: { name: 'Weak' }, headers: { 'If-Match': `W/${latest}` } })).status).toBe(
      412,
    );
    expect((await call('GET', path, { headers: { 'If-None-Match': `W/${latest}` } })).status).toBe(304);
    const malformed = await call('PATCH', path, { body: { name: 'Bad' }, headers: { 'If-Match': 'v1' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('validation_failed');

    const stranger = await signUpWithWorkspace(system.url, 'Stranger');
    const elsewhere = await request(system.url, 'PATCH', path, {
      token: stranger.token,
      body: { name: 'Mine' },
      headers: { 'If-Match': latest },
    });
    expect(elsewhere.status).toBe(404);
    expect(
      (await request(system.url, 'GET', path, { token: stranger.token, headers: { 'If-None-Match': latest } })).status,
    ).toBe(404);
  });

  it('follow what the answer shows for If-None-Match, and the record’s own version for If-Match', async () => {
    const company = await call('POST', '/companies', { body: { name: 'Staged Ltd' } });
    const path = `/companies/${company.body.id}`;
    const before = await call('GET', path);
    const tag = tagOf(before)!;
    // Renaming its stage changes the name the company shows, not the company.
    const renamed = await call('PATCH', `/pipeline-stages/${before.body.stage_id}`, {
      body: { name: `Renamed ${Date.now()}` },
    });
    expect(renamed.status).toBe(200);
    const after = await call('GET', path, { headers: { 'If-None-Match': tag } });
    expect(after.status).toBe(200);
    expect(after.body.stage_name).toBe(renamed.body.name);
    expect(tagOf(after)).not.toBe(tag);
    expect((await call('PATCH', path, { body: { name: 'Still mine' }, headers: { 'If-Match': tag } })).status).toBe(
      200,
    );
  });

  it('are not given to lists or other answers without a declared tag', async () => {
    const list = await call('GET', '/companies', { headers: { 'If-None-Match': '*' } });
    expect(list.status).toBe(200);
    expect(tagOf(list)).toBeNull();
    expect(tagOf(await call('GET', '/me'))).toBeNull();
  });

  it('let exactly one of two changes made from the same tag through', async () => {
    const deal = await call('POST', '/deals', { body: { name: 'Contested' } });
    const path = `/deals/${deal.body.id}`;
    const tag = tagOf(deal)!;
    const answers = await Promise.all(
      ['Mine', 'Yours', 'Theirs', 'Ours'].map((name) =>
        call('PATCH', path, { body: { name }, headers: { 'If-Match': tag } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 412, 412, 412]);
    const winner = answers.find((answer) => answer.status === 200)!;
    const read = await call('GET', path);
    expect(read.body.name).toBe(winner.body.name);
    expect(tagOf(read)).toBe(tagOf(winner));
  });
});
