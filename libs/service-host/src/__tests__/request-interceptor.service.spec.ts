import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Schema, type Connection, type Model } from 'mongoose';
import { InProcessBroker } from '@crm/bus';
import { waitUntil } from '@crm/testing';
import {
  AppError,
  createLogger,
  declareOperation,
  generateInternalKeyPair,
  implement,
  implementCreate,
  INTERNAL_TOKEN_HEADER,
  newId,
  notFound,
  noteVersion,
  signInternalToken,
  Strict,
  tenantScoped,
  Type,
  Uuid,
  workspaceOf,
  type InternalClaims,
} from '@crm/kit';
import { checkpointsOf } from '../checkpoints';
import { claimKey, idempotencyKeyModel, IDEMPOTENCY_LEASE_MS, keyRefOf } from '../idempotency';
import type { ServiceContext } from '../service-context';
import { defineService, startService, type RunningService } from '../service-host';
import { commit } from '../unit-of-work';

// The host's interceptor on a service of its own: handlers below have no idempotency or
// precondition code, yet keys are honoured and tags checked.
interface Thing {
  _id: string;
  workspace_id: string;
  name: string;
  version: number;
}

const thingSchema = new Schema<Thing>(
  { _id: String, name: String, version: { type: Number, default: 1 } },
  { collection: 'things', versionKey: false },
);
thingSchema.plugin(tenantScoped);
const things = (connection: Connection): Model<Thing> =>
  (connection.models.Thing as Model<Thing> | undefined) ?? connection.model<Thing>('Thing', thingSchema);

const Thing = Strict({ id: Uuid(), name: Type.String() });
const params = Type.Object({ id: Uuid() });
const runs: string[] = [];
let gate: Promise<void> | undefined;
// The resumable operation below: fails with 503 before writing this name; a request begun while
// `pauseBefore` is set waits on its gate before writing that name.
let failBefore: string | undefined;
let pauseBefore: { name: string; gate: Promise<void> } | undefined;

const createThing = (path: string, summary: string) =>
  declareOperation({
    method: 'POST',
    path,
    summary,
    access: 'caller',
    body: Strict({ name: Type.String() }),
    status: 201,
    response: Thing,
    etag: 'things',
  });
const changeThing = (path: string, summary: string) =>
  declareOperation({
    method: 'PATCH',
    path,
    summary,
    access: 'caller',
    params,
    body: Strict({ name: Type.String() }),
    status: 200,
    response: Thing,
    etag: 'things',
  });

function operations(context: ServiceContext) {
  const view = (thing: Thing) => ({ id: thing._id, name: thing.name });
  const insertThing = async (workspaceId: string, name: string): Promise<Thing> => {
    const thing = { _id: newId(), workspace_id: workspaceId, name, version: 1 };
    await commit(context, async ({ transaction }) => {
      await things(context.connection).create([thing], { session: transaction });
    });
    return thing;
  };
  const renameThing = async (workspaceId: string, id: string, name: string): Promise<Thing> => {
    const thing = await commit(context, ({ transaction }) =>
      things(context.connection)
        .findOneAndUpdate(
          { _id: id, workspace_id: workspaceId },
          { $set: { name }, $inc: { version: 1 } },
          { new: true, session: transaction },
        )
        .lean<Thing>()
        .exec(),
    );
    if (!thing) throw notFound('thing');
    return thing;
  };
  return [
    // One thing per step, each step with its checkpoint: the count of names written.
    implement(
      declareOperation({
        method: 'POST',
        path: '/batches',
        summary: 'Create many, in steps',
        access: 'caller',
        body: Strict({ names: Type.Array(Type.String()) }),
        status: 200,
        response: Strict({ written: Type.Integer(), resumed_at: Type.Integer() }),
        resumable: true,
      }),
      async ({ req, body }) => {
        const checkpoints = checkpointsOf<{ done: number }>(req);
        const resumedAt = checkpoints?.last?.done ?? 0;
        // As it was when the request began, whatever the test sets meanwhile.
        const pause = pauseBefore;
        for (let done = resumedAt; done < body.names.length; done++) {
          const name = body.names[done];
          if (failBefore === name) throw new AppError('unavailable', 'the database is away');
          if (pause?.name === name) await pause.gate;
          runs.push(`step ${name}`);
          await commit(context, async (unit) => {
            await things(context.connection).create(
              [{ _id: newId(), workspace_id: workspaceOf(req), name, version: 1 }],
              { session: unit.transaction },
            );
            await checkpoints?.save(unit, { done: done + 1 });
          });
        }
        return { written: body.names.length, resumed_at: resumedAt };
      },
    ),
    implement(createThing('/things', 'Create'), async ({ req, body }) => {
      runs.push(`create ${body.name}`);
      if (body.name === 'fail') throw new AppError('validation_failed', 'refused');
      if (gate) await gate;
      return view(await insertThing(workspaceOf(req), body.name));
    }),
    implement(
      declareOperation({
        method: 'GET',
        path: '/things/{id}',
        summary: 'Get',
        access: 'caller',
        params,
        status: 200,
        response: Thing,
        etag: 'things',
      }),
      async ({ req, params: { id } }) => {
        const thing = await things(context.connection)
          .findOne({ _id: id, workspace_id: workspaceOf(req) })
          .lean<Thing>()
          .exec();
        if (!thing) throw notFound('thing');
        return view(thing);
      },
    ),
    // The same record, read by a handler that notes the version it read: no read of the version
    // is made for it, and its tag is that version's.
    implement(
      declareOperation({
        method: 'GET',
        path: '/noted-things/{id}',
        summary: 'Get, noting the version',
        access: 'caller',
        params,
        status: 200,
        response: Thing,
        etag: 'things',
      }),
      async ({ req, params: { id } }) => {
        const thing = await things(context.connection)
          .findOne({ _id: id, workspace_id: workspaceOf(req) })
          .lean<Thing>()
          .exec();
        if (!thing) throw notFound('thing');
        noteVersion(req, thing.version);
        return view(thing);
      },
      { notesVersion: true },
    ),
    // Writes that note the version their change wrote: their tag needs no read after the change.
    implementCreate(createThing('/noted-things', 'Create, noting the version'), async ({ req, body }) =>
      view(await insertThing(workspaceOf(req), body.name)),
    ),
    implement(
      changeThing('/noted-things/{id}', 'Change, noting the version'),
      async ({ req, params: { id }, body }) => {
        const thing = await renameThing(workspaceOf(req), id, body.name);
        // A name that says so forgets to note it: the answer then has no tag.
        if (body.name !== 'unnoted') noteVersion(req, thing.version);
        return view(thing);
      },
      { notesVersion: true },
    ),
    implement(changeThing('/things/{id}', 'Change'), async ({ req, params: { id }, body }) => {
      runs.push(`change ${body.name}`);
      return view(await renameThing(workspaceOf(req), id, body.name));
    }),
  ];
}

const definition = defineService({
  name: 'interceptor-test',
  runtime: (context) => context,
  modules: [{ models: (connection) => void things(connection), operations }],
});
const keys = generateInternalKeyPair();
const claimsOf = (userId: string): InternalClaims => ({
  workspace_id: 'w1',
  user_id: userId,
  actor: { type: 'user', id: userId, label: userId },
  role: 'Owner',
  permissions: [],
  is_admin: true,
  plan: 'standard',
});

let dataDir: string;
let running: RunningService;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'interceptor-'));
  running = await startService(definition, {
    host: '127.0.0.1',
    httpPort: 0,
    grpcPort: 0,
    dataDir,
    internalPublicKey: keys.publicKey,
    inProcessBroker: new InProcessBroker(),
    logger: createLogger('interceptor-test', 'silent'),
  });
});

afterAll(async () => {
  await running.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  runs.length = 0;
  gate = undefined;
  failBefore = undefined;
  pauseBefore = undefined;
});

const namesOf = async (prefix: string) =>
  (
    await things(running.context.connection)
      .find({ workspace_id: 'w1', name: new RegExp(`^${prefix}`) })
      .lean<Thing[]>()
      .exec()
  )
    .map((thing) => thing.name)
    .sort();

async function send(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; user?: string } = {},
) {
  const response = await fetch(`http://127.0.0.1:${running.httpPort}/v1${path}`, {
    method,
    headers: {
      [INTERNAL_TOKEN_HEADER]: signInternalToken(keys.privateKey, claimsOf(options.user ?? 'u1')),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as Record<string, any>) : undefined,
  };
}

describe('a GET whose handler notes the version it read', () => {
  it('answers the tag of that version: the same as a read of the version gives, 304 while it holds, a new one after a change', async () => {
    const created = await send('POST', '/things', { body: { name: 'noted' } });
    const id = created.body?.id as string;
    const read = await send('GET', `/things/${id}`);
    const noted = await send('GET', `/noted-things/${id}`);
    expect(noted.status).toBe(200);
    expect(noted.headers.get('etag')).toBe(read.headers.get('etag'));
    expect(noted.headers.get('etag')).toBe(created.headers.get('etag'));
    expect(
      (await send('GET', `/noted-things/${id}`, { headers: { 'If-None-Match': noted.headers.get('etag')! } })).status,
    ).toBe(304);
    const changed = await send('PATCH', `/things/${id}`, { body: { name: 'noted again' } });
    const again = await send('GET', `/noted-things/${id}`, {
      headers: { 'If-None-Match': noted.headers.get('etag')! },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).toBe(changed.headers.get('etag'));
    expect(again.headers.get('etag')).not.toBe(noted.headers.get('etag'));
  });

  it('is only for an operation of a declared record', () => {
    const untagged = declareOperation({
      method: 'GET',
      path: '/y/{id}',
      summary: 'Get',
      access: 'caller',
      params,
      status: 200,
      response: Thing,
    });
    expect(() => implement(untagged, async () => ({ id: newId(), name: 'x' }), { notesVersion: true })).toThrow(
      /only an operation of a declared record notes its version/,
    );
  });
});

describe('a write whose handler notes the version it wrote', () => {
  it('answers the tag a read of the record gives, which If-Match then accepts', async () => {
    const created = await send('POST', '/noted-things', { body: { name: 'noted write' } });
    expect(created.status).toBe(201);
    const id = created.body?.id as string;
    const read = await send('GET', `/things/${id}`);
    expect(created.headers.get('etag')).toBe(read.headers.get('etag'));
    const changed = await send('PATCH', `/noted-things/${id}`, {
      body: { name: 'noted write again' },
      headers: { 'If-Match': created.headers.get('etag')! },
    });
    expect(changed.status).toBe(200);
    const after = await send('GET', `/things/${id}`);
    expect(changed.headers.get('etag')).toBe(after.headers.get('etag'));
    expect(changed.headers.get('etag')).not.toBe(created.headers.get('etag'));
    // The tag it was changed from no longer holds.
    const stale = await send('PATCH', `/noted-things/${id}`, {
      body: { name: 'too late' },
      headers: { 'If-Match': created.headers.get('etag')! },
    });
    expect(stale.status).toBe(412);
    expect((await send('GET', `/things/${id}`)).body?.name).toBe('noted write again');
  });

  it('replays the tag with the answer of a keyed request', async () => {
    const headers = { 'Idempotency-Key': 'noted-create' };
    const first = await send('POST', '/noted-things', { body: { name: 'noted keyed' }, headers });
    const again = await send('POST', '/noted-things', { body: { name: 'noted keyed' }, headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('etag')).toBeTruthy();
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('gets no tag when the handler does not note one, so the omission shows', async () => {
    const created = await send('POST', '/noted-things', { body: { name: 'to be unnoted' } });
    const changed = await send('PATCH', `/noted-things/${created.body?.id as string}`, { body: { name: 'unnoted' } });
    expect(changed.status).toBe(200);
    expect(changed.body?.name).toBe('unnoted');
    expect(changed.headers.get('etag')).toBeNull();
  });
});

describe('idempotency keys in the service host', () => {
  it('runs a keyed request once and replays its answer to the same caller', async () => {
    const first = await send('POST', '/things', { body: { name: 'one' }, headers: { 'Idempotency-Key': 'k1' } });
    const again = await send('POST', '/things', { body: { name: 'one' }, headers: { 'Idempotency-Key': 'k1' } });
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(runs).toEqual(['create one']);
    expect(
      (await send('POST', '/things', { body: { name: 'two' }, headers: { 'Idempotency-Key': 'k1' } })).body?.error.code,
    ).toBe('idempotency_key_reused');
    // Another caller's key of the same text is another key.
    expect(
      (
        await send('POST', '/things', { body: { name: 'one' }, headers: { 'Idempotency-Key': 'k1' }, user: 'u2' })
      ).headers.get('idempotent-replayed'),
    ).toBeNull();
    expect(runs).toEqual(['create one', 'create one']);
  });

  it('answers 409 request_in_progress while the first request runs, and gives a failed request its key back', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const first = send('POST', '/things', { body: { name: 'slow' }, headers: { 'Idempotency-Key': 'k2' } });
    await waitUntil(() => runs.includes('create slow'), Boolean, 'the first request to run');
    const during = await send('POST', '/things', { body: { name: 'slow' }, headers: { 'Idempotency-Key': 'k2' } });
    expect(during.status).toBe(409);
    expect(during.body?.error.code).toBe('request_in_progress');
    expect(during.headers.get('retry-after')).toBe('1');
    open();
    expect((await first).status).toBe(201);

    expect(
      (await send('POST', '/things', { body: { name: 'fail' }, headers: { 'Idempotency-Key': 'k3' } })).status,
    ).toBe(400);
    expect(
      (await send('POST', '/things', { body: { name: 'fail' }, headers: { 'Idempotency-Key': 'k3' } })).status,
    ).toBe(400);
    expect(runs.filter((run) => run === 'create fail')).toHaveLength(2);
  });

  it('lets a retry take over a key whose request died, once its lease is over', async () => {
    const connection = running.context.connection;
    const claims = claimsOf('u3');
    const ref = keyRefOf(claims, 'k4');
    const { id } = ref;
    const earlier = new Date(Date.now() - IDEMPOTENCY_LEASE_MS - 1000);
    const dead = await claimKey(connection, claims, ref, 'digest', earlier);
    expect(dead.kind).toBe('claimed');
    await expect(claimKey(connection, claims, ref, 'other digest')).rejects.toMatchObject({
      code: 'idempotency_key_reused',
      status: 422,
    });
    const taken = await claimKey(connection, claims, ref, 'digest');
    expect(taken.kind).toBe('claimed');
    const row = await idempotencyKeyModel(connection).findOne({ _id: id }).lean().exec();
    expect(row?.lock_token).toBe((taken as { lockToken: string }).lockToken);
    await expect(claimKey(connection, claims, ref, 'digest')).rejects.toMatchObject({ code: 'request_in_progress' });
  });

  it('keeps the stored answer sealed under the key: readable by a retry with it, by nothing else', async () => {
    const marker = `private-${newId()}`;
    const headers = { 'Idempotency-Key': 'k5' };
    const first = await send('POST', '/things', { body: { name: marker }, headers });
    expect(first.status).toBe(201);
    const rows = await idempotencyKeyModel(running.context.connection).find({}).lean().exec();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(marker);
    const retry = await send('POST', '/things', { body: { name: marker }, headers });
    expect({
      status: retry.status,
      replayed: retry.headers.get('idempotent-replayed'),
      body: retry.body,
      etag: retry.headers.get('etag'),
    }).toEqual({
      status: 201,
      replayed: 'true',
      body: first.body,
      etag: first.headers.get('etag'),
    });
  });
});

describe('record tags in the service host', () => {
  it('tags answers with the version, answers 304 and 412, and checks If-Match before the handler runs', async () => {
    const created = await send('POST', '/things', { body: { name: 'tagged' } });
    const tag = created.headers.get('etag')!;
    expect(tag).toMatch(/^"v1-[0-9a-f]{16}"$/);
    const path = `/things/${created.body!.id}`;
    expect((await send('GET', path, { headers: { 'If-None-Match': tag } })).status).toBe(304);
    const changed = await send('PATCH', path, { body: { name: 'changed' }, headers: { 'If-Match': tag } });
    expect(changed.headers.get('etag')).toMatch(/^"v2-[0-9a-f]{16}"$/);
    // The answer's tag is the one a read gives.
    expect((await send('GET', path)).headers.get('etag')).toBe(changed.headers.get('etag'));
    runs.length = 0;
    const stale = await send('PATCH', path, { body: { name: 'lost' }, headers: { 'If-Match': tag } });
    expect(stale.status).toBe(412);
    expect(stale.body?.error.code).toBe('precondition_failed');
    expect(runs).toEqual([]);
    expect((await send('GET', path)).body?.name).toBe('changed');
    // A record that is not there is the handler's 404, whatever the tag.
    expect(
      (await send('PATCH', `/things/${newId()}`, { body: { name: 'x' }, headers: { 'If-Match': tag } })).status,
    ).toBe(404);
  });
});

describe('a resumable operation with a key', () => {
  it('keeps the key and its checkpoint when it fails part-way, and the retry resumes after the last committed step', async () => {
    const body = { names: ['r1-a', 'r1-b', 'r1-c', 'r1-d'] };
    const headers = { 'Idempotency-Key': 'resume-1' };
    failBefore = 'r1-c';
    const failed = await send('POST', '/batches', { body, headers });
    expect(failed.status).toBe(503);
    expect(await namesOf('r1-')).toEqual(['r1-a', 'r1-b']);
    // The same key with another body is refused: the steps done belong to the first body.
    expect((await send('POST', '/batches', { body: { names: ['r1-a'] }, headers })).status).toBe(422);

    failBefore = undefined;
    runs.length = 0;
    const retry = await send('POST', '/batches', { body, headers });
    expect(retry).toMatchObject({ status: 200, body: { written: 4, resumed_at: 2 } });
    expect(runs).toEqual(['step r1-c', 'step r1-d']);
    expect(await namesOf('r1-')).toEqual(['r1-a', 'r1-b', 'r1-c', 'r1-d']);
    const replay = await send('POST', '/batches', { body, headers });
    expect(replay).toMatchObject({ status: 200, body: retry.body });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(runs).toEqual(['step r1-c', 'step r1-d']);
  });

  it('gives the key back when it fails before any step committed', async () => {
    const body = { names: ['r2-a', 'r2-b'] };
    failBefore = 'r2-a';
    expect((await send('POST', '/batches', { body, headers: { 'Idempotency-Key': 'resume-2' } })).status).toBe(503);
    failBefore = undefined;
    // Another body with the key runs: nothing was done under it.
    expect(
      await send('POST', '/batches', { body: { names: ['r2-b'] }, headers: { 'Idempotency-Key': 'resume-2' } }),
    ).toMatchObject({ status: 200, body: { written: 1, resumed_at: 0 } });
  });

  it('stops a request whose claim was taken over: its next step does not commit, the one that took over finishes', async () => {
    const body = { names: ['r3-a', 'r3-b', 'r3-c'] };
    const headers = { 'Idempotency-Key': 'resume-3' };
    let open!: () => void;
    pauseBefore = { name: 'r3-b', gate: new Promise((resolve) => (open = resolve)) };
    const stalled = send('POST', '/batches', { body, headers });
    await waitUntil(async () => (await namesOf('r3-')).length === 1, Boolean, 'the first step to commit');
    // While it runs, its lease holds the key.
    expect((await send('POST', '/batches', { body, headers })).status).toBe(409);
    // As if it had stalled past its lease: the retry takes the key over and finishes from the checkpoint.
    const { id } = keyRefOf(claimsOf('u1'), 'resume-3');
    pauseBefore = undefined;
    // (Its heartbeat may renew the lease in between: then expire it again.)
    const retry = await waitUntil(
      async () => {
        await idempotencyKeyModel(running.context.connection).updateOne(
          { _id: id },
          { $set: { locked_until: new Date(Date.now() - 1000) } },
        );
        return send('POST', '/batches', { body, headers });
      },
      (answer) => answer.status !== 409,
      'the retry to take the key over',
    );
    expect(retry).toMatchObject({ status: 200, body: { written: 3, resumed_at: 1 } });
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    open();
    const late = await stalled;
    expect(late.status).toBe(409);
    expect(late.body?.error.code).toBe('request_in_progress');
    expect(await namesOf('r3-')).toEqual(['r3-a', 'r3-b', 'r3-c']);
    expect((await send('POST', '/batches', { body, headers })).headers.get('idempotent-replayed')).toBe('true');
  });

  it('is declared only for authenticated JSON writes without a tag', () => {
    expect(() =>
      declareOperation({
        method: 'GET',
        path: '/z',
        summary: 'Read',
        access: 'caller',
        status: 200,
        response: Thing,
        resumable: true,
      }),
    ).toThrow(/resumable/);
    expect(() =>
      declareOperation({
        method: 'POST',
        path: '/z',
        summary: 'Public',
        access: 'public',
        status: 200,
        response: Thing,
        resumable: true,
      }),
    ).toThrow(/resumable/);
  });
});
