import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { credentials, Metadata, status, type ServiceError } from '@grpc/grpc-js';
import mongoose, { mongo } from 'mongoose';
import { openEmbeddedMongo, type EmbeddedMongoClient } from '@crm/embedded-mongo';
import {
  BILLING_ERRORS,
  CRM_CORE_ERRORS,
  DOCUMENTS_ERRORS,
  healthV1,
  IDENTITY_ERRORS,
  MARKETING_ERRORS,
  REPORTS_ERRORS,
  SERVICE_ERRORS,
  WEBHOOKS_ERRORS,
} from '@crm/protos';
import { AppError, conflict, CONFLICT_CODES, ERROR_CODES, GENERIC_ERROR_CODES, toAppError } from '../errors';
import { closeServer, createServiceApp, finishServiceApp, listen, portOf } from '../http';
import { createLogger } from '../logger';

// A port nothing listens on: bound once, then released.
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = portOf(server);
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

let dataDir: string;
let client: EmbeddedMongoClient;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kit-errors-'));
  client = await openEmbeddedMongo({ dataDir, dbName: 'errors' });
});

afterAll(async () => {
  await client.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function duplicateKeyError(collection: string): Promise<unknown> {
  const people = client.db().collection(collection);
  await people.createIndex({ workspace_id: 1, email: 1 }, { unique: true });
  await people.insertOne({ _id: 'p1', workspace_id: 'w1', email: 'ann@example.com' } as never);
  return rejection(people.insertOne({ _id: 'p2', workspace_id: 'w1', email: 'ann@example.com' } as never));
}

describe('toAppError maps by cause', () => {
  test('a duplicate key is 409 conflict naming the fields but never the values', async () => {
    const error = toAppError(await duplicateKeyError('people'));
    expect({ code: error.code, status: error.status }).toEqual({ code: 'conflict', status: 409 });
    expect(error.message).toBe('a record with the same email already exists');
    expect(error.message).not.toContain('ann@example.com');
  });

  test('a duplicate key inside a bulk write is 409 too', async () => {
    const tags = client.db().collection('tags');
    await tags.createIndex({ label: 1 }, { unique: true });
    const error = await rejection(
      tags.insertMany([
        { _id: 't1', label: 'x' },
        { _id: 't2', label: 'x' },
      ] as never[]),
    );
    expect(toAppError(error).status).toBe(409);
  });

  test('a database that cannot be reached is 503 unavailable with Retry-After', async () => {
    const port = await closedPort();
    const connection = mongoose.createConnection(`mongodb://127.0.0.1:${port}/x`, { serverSelectionTimeoutMS: 50 });
    const error = await rejection(connection.asPromise());
    await connection.close().catch(() => undefined);
    expect((error as Error).name).toBe('MongooseServerSelectionError');
    const mapped = toAppError(error);
    expect({ code: mapped.code, status: mapped.status, headers: mapped.headers }).toEqual({
      code: 'unavailable',
      status: 503,
      headers: { 'Retry-After': '5' },
    });
  });

  test.each([
    ['a network error', new mongo.MongoNetworkError('connection reset')],
    ['a network timeout', new mongo.MongoNetworkTimeoutError('timed out')],
    ['a closed client', new mongo.MongoNotConnectedError('closed')],
    ['a stepped-down primary', new mongo.MongoServerError({ code: 189, errmsg: 'PrimarySteppedDown' })],
  ])('%s from the driver is 503', (_name, error) => {
    expect(toAppError(error).status).toBe(503);
  });

  test('a refused socket is 503, also when wrapped as a cause (fetch)', async () => {
    const port = await closedPort();
    const error = await rejection(fetch(`http://127.0.0.1:${port}/`));
    expect((error as Error).message).toBe('fetch failed');
    expect(toAppError(error).status).toBe(503);
  });

  test('a gRPC peer that is down is 503; a gRPC error of another kind is not', async () => {
    const port = await closedPort();
    const health = new healthV1.HealthClient(`127.0.0.1:${port}`, credentials.createInsecure());
    const error = await new Promise<ServiceError>((done) =>
      health.check({ service: '' }, new Metadata(), { deadline: Date.now() + 2000 }, (failure) => done(failure!)),
    );
    health.close();
    expect(error.code).toBe(status.UNAVAILABLE);
    expect(toAppError(error).status).toBe(503);
    const deadline: Partial<ServiceError> = {
      code: status.DEADLINE_EXCEEDED,
      details: 'Deadline exceeded',
      metadata: new Metadata(),
    };
    expect(toAppError(Object.assign(new Error('deadline'), deadline)).status).toBe(503);
    // gRPC's ALREADY_EXISTS shares its number (6) with MongoDB's HostUnreachable: not a database error.
    const internal: Partial<ServiceError> = { code: status.INTERNAL, details: 'boom', metadata: new Metadata() };
    expect(toAppError(Object.assign(new Error('boom'), internal)).status).toBe(500);
  });

  test('a concurrent write that kept conflicting is 409', () => {
    const error = new mongo.MongoServerError({ code: 112, codeName: 'WriteConflict', errmsg: 'WriteConflict error' });
    expect(toAppError(error).status).toBe(409);
  });

  test('anything else is 500 internal without its message', () => {
    const mapped = toAppError(new Error('secret detail at /srv/app.js:12'));
    expect(mapped.toBody()).toEqual({ error: { code: 'internal', message: 'internal error' } });
    expect(toAppError('a string').status).toBe(500);
    expect(toAppError(null).status).toBe(500);
  });

  test('an AppError passes unchanged, also as the cause of another error', () => {
    const original = new AppError('not_found', 'company not found');
    expect(toAppError(original)).toBe(original);
    expect(toAppError(new Error('wrapped', { cause: original }))).toBe(original);
  });
});

describe('409 codes are a closed list', () => {
  test('conflict() and AppError accept listed codes and refuse others', () => {
    expect(conflict('the last owner', 'last_owner').toBody()).toEqual({
      error: { code: 'last_owner', message: 'the last owner' },
    });
    expect(new AppError('role_in_use', 'in use', 409).status).toBe(409);
    expect(() => new AppError('made_up_code', 'nope', 409)).toThrow(/CONFLICT_CODES/);
  });

  test('docs/errors.md lists exactly CONFLICT_CODES', () => {
    const docs = readFileSync(resolve(__dirname, '../../../../docs/errors.md'), 'utf8');
    const section = docs.split('## Specific codes for broken rules (409)')[1].split('\n## ')[0];
    const documented = [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual([...CONFLICT_CODES].sort());
  });

  test('the published codes are the generic ones and those of the services, each named once', () => {
    const owned = [IDENTITY_ERRORS, CRM_CORE_ERRORS, BILLING_ERRORS, DOCUMENTS_ERRORS, MARKETING_ERRORS];
    const serviceCodes = [...owned, REPORTS_ERRORS, WEBHOOKS_ERRORS].flatMap((codes) => Object.keys(codes));
    expect(serviceCodes.sort()).toEqual(Object.keys(SERVICE_ERRORS).sort());
    const generic = new Set<string>(GENERIC_ERROR_CODES);
    expect(serviceCodes.filter((code) => generic.has(code))).toEqual([]);
    expect([...GENERIC_ERROR_CODES, ...serviceCodes].sort()).toEqual([...ERROR_CODES].sort());
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  test('ERROR_CODES, the enum of error.code in the OpenAPI document, is every code docs/errors.md lists', () => {
    const docs = readFileSync(resolve(__dirname, '../../../../docs/errors.md'), 'utf8');
    const [statusTable, rest] = docs.split('## Specific codes for broken rules (409)');
    const statusCodes = [...statusTable.matchAll(/^\| \d{3} \| `([a-z_]+)` \|/gm)].map((match) => match[1]);
    const conflictCodes = [...rest.split('\n## ')[0].matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]);
    expect([...new Set([...statusCodes, ...conflictCodes])].sort()).toEqual([...ERROR_CODES].sort());
  });
});

describe('over HTTP', () => {
  let server: Server;
  let base: string;
  let serverSelection: unknown;
  let duplicate: unknown;

  beforeAll(async () => {
    const port = await closedPort();
    const connection = mongoose.createConnection(`mongodb://127.0.0.1:${port}/x`, { serverSelectionTimeoutMS: 50 });
    serverSelection = await rejection(connection.asPromise());
    await connection.close().catch(() => undefined);
    duplicate = await duplicateKeyError('members');
    const logger = createLogger('test', 'silent');
    const app = createServiceApp({ name: 'test', logger });
    app.get('/down', () => {
      throw serverSelection;
    });
    app.get('/duplicate', () => {
      throw duplicate;
    });
    finishServiceApp(app, logger);
    server = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${portOf(server)}`;
  });

  afterAll(() => closeServer(server));

  test('a database that is down answers 503 with Retry-After', async () => {
    const response = await fetch(`${base}/down`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({
      error: { code: 'unavailable', message: 'a dependency is not reachable, try again shortly' },
    });
  });

  test('a duplicate key answers 409 conflict', async () => {
    const response = await fetch(`${base}/duplicate`);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: { code: 'conflict', message: 'a record with the same email already exists' },
    });
  });
});
