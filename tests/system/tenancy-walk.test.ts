import { OPERATIONS, type Operation } from '@crm/protos';
import { request, signUpWithWorkspace, startTestSystem, type TestSystem } from '../support/system';

// Tenancy as a client meets it: every declared operation with an id in its path, called by the
// owner of workspace B with the id of a record of workspace A, answers 404 (never 403, 400 or
// 409, which would reveal that the id exists), and afterwards A's record reads exactly as
// before; each list of B never shows A's records. An id-bearing operation that a service
// declares without a record maker here fails the walk, so a new operation must join it.
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startTestSystem();
  base = system.url;
});

afterAll(() => system.destroy());

type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;

interface RecordKind {
  // Makes a record in the workspace; returns its id.
  make(owner: Owner): Promise<string>;
  // How the owner reads it back (a single GET, or the list that shows it).
  read(owner: Owner, id: string): Promise<unknown>;
  // The list paths where another workspace must never see it.
  lists: string[];
  // A body that is valid for the operation, so that only the id decides the answer.
  bodies?: Record<string, (foreign: Owner) => unknown>;
  // The owner's own record for each other path parameter (`{spend_id}`), under the record `id`.
  nested?: Record<string, (owner: Owner, id: string) => Promise<string>>;
}

async function created(owner: Owner, path: string, body: unknown): Promise<string> {
  const answer = await request(base, 'POST', path, { token: owner.token, body });
  expect({ path, status: answer.status }).toEqual({ path, status: 201 });
  return answer.body.id as string;
}

async function read(owner: Owner, path: string): Promise<unknown> {
  const answer = await request(base, 'GET', path, { token: owner.token });
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  return answer.body;
}

// The item of a list with this id, as the owner sees it.
async function itemOf(owner: Owner, listPath: string, id: string): Promise<unknown> {
  const list = (await read(owner, listPath)) as { data: Array<Record<string, unknown>> };
  const item = list.data.find((entry) => entry.id === id);
  expect({ listPath, found: item !== undefined }).toEqual({ listPath, found: true });
  return item;
}

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;

// The company each file of the walk is on.
const documentTargets = new Map<string, string>();

const KINDS: Record<string, RecordKind> = {
  companies: {
    make: (owner) => created(owner, '/companies', { name: unique('Tenancy Ltd') }),
    read: (owner, id) => read(owner, `/companies/${id}`),
    lists: ['/companies', '/companies?deleted=true'],
    bodies: {
      'PATCH /companies/{id}': () => ({ name: 'Renamed by a stranger' }),
      'POST /companies/{id}/merge': async (foreign) => ({
        source_ids: [await created(foreign, '/companies', { name: unique('Own Ltd') })],
      }),
    },
  },
  contacts: {
    make: (owner) => created(owner, '/contacts', { first_name: unique('Tenancy') }),
    read: (owner, id) => read(owner, `/contacts/${id}`),
    lists: ['/contacts', '/contacts?deleted=true'],
    bodies: {
      'PATCH /contacts/{id}': () => ({ first_name: 'Stranger' }),
      'POST /contacts/{id}/merge': async (foreign) => ({
        source_ids: [await created(foreign, '/contacts', { first_name: unique('Own') })],
      }),
      'POST /contacts/{id}/erase': () => ({ confirm: 'ERASE' }),
    },
  },
  deals: {
    make: (owner) => created(owner, '/deals', { name: unique('Tenancy deal') }),
    read: (owner, id) => read(owner, `/deals/${id}`),
    lists: ['/deals', '/deals?status=open'],
    bodies: { 'PATCH /deals/{id}': () => ({ name: 'Renamed by a stranger' }) },
  },
  meetings: {
    // Within the list's default window (the next 30 days), so the list would show it.
    make: (owner) =>
      created(owner, '/meetings', {
        title: unique('Tenancy meeting'),
        starts_at: new Date(Date.now() + 3600_000).toISOString(),
        ends_at: new Date(Date.now() + 7200_000).toISOString(),
      }),
    read: (owner, id) => read(owner, `/meetings/${id}`),
    lists: ['/meetings'],
    bodies: { 'PATCH /meetings/{id}': () => ({ title: 'Renamed by a stranger' }) },
  },
  tasks: {
    make: (owner) => created(owner, '/tasks', { title: unique('Tenancy task') }),
    read: (owner, id) => itemOf(owner, '/tasks?assignee=any', id),
    lists: ['/tasks?assignee=any'],
    bodies: { 'PATCH /tasks/{id}': () => ({ title: 'Renamed by a stranger' }) },
  },
  campaigns: {
    make: (owner) => created(owner, '/campaigns', { name: unique('Tenancy campaign') }),
    read: (owner, id) => read(owner, `/campaigns/${id}`),
    lists: ['/campaigns'],
    bodies: {
      'PATCH /campaigns/{id}': () => ({ name: 'Renamed by a stranger' }),
      'POST /campaigns/{id}/spend': () => ({ lines: [{ spent_on: '2027-01-01', amount: 1 }] }),
    },
    nested: {
      spend_id: async (owner, id) => {
        const added = await request(base, 'POST', `/campaigns/${id}/spend`, {
          token: owner.token,
          body: { lines: [{ spent_on: '2027-01-02', amount: 5 }] },
        });
        expect(added.status).toBeLessThan(300);
        const lines = (await read(owner, `/campaigns/${id}/spend`)) as { data: Array<{ id: string }> };
        return lines.data[0].id;
      },
    },
  },
  'web-forms': {
    make: (owner) => created(owner, '/web-forms', { name: unique('Tenancy form') }),
    read: (owner, id) => itemOf(owner, '/web-forms', id),
    lists: ['/web-forms'],
    bodies: { 'PATCH /web-forms/{id}': () => ({ name: 'Renamed by a stranger' }) },
  },
  // A completed file on a company of its own (read back through that company's list).
  documents: {
    make: async (owner) => {
      const company = await created(owner, '/companies', { name: unique('Tenancy files') });
      const started = await request(base, 'POST', '/documents', {
        token: owner.token,
        body: {
          target_type: 'company',
          target_id: company,
          name: 'tenancy.txt',
          content_type: 'text/plain',
          size_bytes: 5,
        },
      });
      expect(started.status).toBe(201);
      const upload = new URL(started.body.upload_url as string);
      const put = await fetch(`${new URL(base).origin}${upload.pathname}${upload.search}`, {
        method: 'PUT',
        body: 'bytes',
        headers: { 'content-type': 'text/plain' },
      });
      expect(put.status).toBe(204);
      const id = started.body.document.id as string;
      expect((await request(base, 'POST', `/documents/${id}/complete`, { token: owner.token })).status).toBe(200);
      documentTargets.set(id, company);
      return id;
    },
    read: (owner, id) => itemOf(owner, `/documents?target_type=company&target_id=${documentTargets.get(id)}`, id),
    lists: [],
  },
  pipelines: {
    make: (owner) => created(owner, '/pipelines', { name: unique('Tenancy pipeline'), stages: [{ name: 'First' }] }),
    read: (owner, id) => itemOf(owner, '/pipelines', id),
    lists: ['/pipelines'],
    bodies: { 'PATCH /pipelines/{id}': () => ({ name: 'Stranger' }) },
  },
  'pipeline-stages': {
    make: async (owner) => {
      const pipelines = (await read(owner, '/pipelines')) as {
        data: Array<{ id: string; object: string; is_default: boolean }>;
      };
      const pipeline = pipelines.data.find((item) => item.object === 'company' && item.is_default)!;
      return created(owner, '/pipeline-stages', { pipeline_id: pipeline.id, name: unique('Tenancy stage') });
    },
    read: (owner, id) => itemOf(owner, '/pipeline-stages', id),
    lists: ['/pipeline-stages'],
    bodies: { 'PATCH /pipeline-stages/{id}': () => ({ name: 'Stranger' }) },
  },
  'lead-sources': {
    make: (owner) => created(owner, '/lead-sources', { name: unique('Tenancy source'), channel: 'web' }),
    read: (owner, id) => itemOf(owner, '/lead-sources', id),
    lists: ['/lead-sources'],
    bodies: { 'PATCH /lead-sources/{id}': () => ({ name: 'Stranger' }) },
  },
  'custom-fields': {
    make: (owner) =>
      created(owner, '/custom-fields', { object: 'company', label: unique('Tenancy field'), type: 'text' }),
    read: (owner, id) => itemOf(owner, '/custom-fields?include_archived=true', id),
    lists: ['/custom-fields?include_archived=true'],
    bodies: { 'PATCH /custom-fields/{id}': () => ({ label: 'Stranger' }) },
  },
  'saved-views': {
    make: (owner) => created(owner, '/saved-views', { object: 'company', name: unique('Tenancy view'), filters: {} }),
    read: (owner, id) => itemOf(owner, '/saved-views', id),
    lists: ['/saved-views'],
    bodies: { 'PATCH /saved-views/{id}': () => ({ name: 'Stranger' }) },
  },
  reports: {
    make: (owner) =>
      created(owner, '/reports/saved', {
        name: unique('Tenancy report'),
        definition: { object: 'company', group_by: ['stage_id'] },
      }),
    read: (owner, id) => itemOf(owner, '/reports/saved', id),
    lists: ['/reports/saved'],
    bodies: { 'PATCH /reports/saved/{id}': () => ({ name: 'Stranger' }) },
  },
  'api-keys': {
    make: (owner) => created(owner, '/api-keys', { name: unique('Tenancy key'), kind: 'integration' }),
    read: (owner, id) => itemOf(owner, '/api-keys', id),
    lists: ['/api-keys'],
  },
  roles: {
    make: (owner) => created(owner, '/roles', { name: unique('Tenancy role'), permissions: ['companies:read'] }),
    read: (owner, id) => itemOf(owner, '/roles', id),
    lists: ['/roles'],
    bodies: { 'PATCH /roles/{id}': () => ({ name: 'Stranger' }) },
  },
  invitations: {
    make: async (owner) => {
      const roles = (await read(owner, '/roles')) as { data: Array<{ id: string; name: string }> };
      const role = roles.data.find((item) => item.name === 'Sales') ?? roles.data[roles.data.length - 1];
      return created(owner, '/invitations', {
        email: `${unique('invitee').replace(' ', '.')}@example.com`,
        role_id: role.id,
      });
    },
    read: (owner, id) => itemOf(owner, '/invitations', id),
    lists: ['/invitations'],
  },
  members: {
    make: async (owner) => {
      const members = (await read(owner, '/members')) as { data: Array<{ id: string; email: string }> };
      return members.data.find((member) => member.email === owner.email)!.id;
    },
    read: (owner, id) => itemOf(owner, '/members', id),
    lists: ['/members'],
    bodies: { 'PATCH /members/{id}': () => ({ status: 'disabled' }) },
  },
};

async function declaredOperations(): Promise<Operation[]> {
  const services = [...new Set(OPERATIONS.map((operation) => operation.service))];
  const declared = new Set<string>();
  for (const service of services) {
    const document = (await (
      await fetch(`http://127.0.0.1:${system.services[service].httpPort}/openapi.json`)
    ).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, item] of Object.entries(document.paths))
      for (const method of Object.keys(item)) declared.add(`${method.toUpperCase()} ${path}`);
  }
  return OPERATIONS.filter(
    (operation) => declared.has(`${operation.method} ${operation.path}`) && operation.path.includes('{id}'),
  );
}

describe('tenancy over every id-bearing operation', () => {
  it('answers 404 to another workspace and leaves the record as it was', async () => {
    const owner = await signUpWithWorkspace(base, 'Ada');
    const stranger = await signUpWithWorkspace(base, 'Sid');
    const operations = await declaredOperations();
    expect(operations.length).toBeGreaterThan(0);

    const missing = operations
      .filter((operation) => !KINDS[operation.path.split('/')[1]])
      .map((operation) => `${operation.method} ${operation.path}`);
    expect(missing).toEqual([]);

    for (const operation of operations) {
      const kind = KINDS[operation.path.split('/')[1]];
      const id = await kind.make(owner);
      let path = operation.path.replace('{id}', id);
      for (const [name, make] of Object.entries(kind.nested ?? {}))
        if (path.includes(`{${name}}`)) path = path.replace(`{${name}}`, await make(owner, id));
      const before = await kind.read(owner, id);
      const key = `${operation.method} ${operation.path}`;
      const body = ['POST', 'PATCH', 'PUT'].includes(operation.method)
        ? ((await kind.bodies?.[key]?.(stranger)) ?? {})
        : undefined;
      expect({ operation: key, path }).toEqual({ operation: key, path: expect.not.stringMatching(/[{}]/) });
      const answer = await request(base, operation.method, path, { token: stranger.token, body });
      expect({ operation: key, status: answer.status, code: answer.body?.error?.code }).toEqual({
        operation: key,
        status: 404,
        code: 'not_found',
      });
      expect({ operation: key, after: await kind.read(owner, id) }).toEqual({ operation: key, after: before });
      for (const list of kind.lists) {
        const seen = (await read(stranger, list)) as { data: Array<{ id: string }> };
        expect({ list, leaked: seen.data.some((item) => item.id === id) }).toEqual({ list, leaked: false });
      }
    }
  });
});
