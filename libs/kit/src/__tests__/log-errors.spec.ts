import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Schema, type Connection, type Model } from 'mongoose';
import { connectDatabase, syncIndexes } from '../database';
import { AppError } from '../errors';
import { newId } from '../ids';
import { errorReason, scrubErrorMessage, serializeError } from '../log-errors';
import { createLogger } from '../logger';
import { runWithContext } from '../request-context';
import { tenantScoped } from '../tenancy';

// A person's data as it would sit in the documents, filters and updates of a failed write.
const EMAIL = 'wilhelmina.ostrander@example.org';
const PHONE = '+44 7700 900456';
const NAME = 'Ostrander';

interface Person {
  _id: string;
  workspace_id: string;
  name: string;
  email: string;
  phone: string;
}

let dataDir: string;
let connection: Connection;
let People: Model<Person>;
const workspaceId = newId();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kit-log-errors-'));
  connection = await connectDatabase({ service: 'log-errors-test', dataDir });
  const schema = new Schema<Person>(
    {
      _id: String,
      name: { type: String, maxlength: 5 },
      email: { type: String, match: /^[^@]+@[^@]+$/ },
      phone: String,
    },
    { collection: 'people', versionKey: false },
  );
  schema.plugin(tenantScoped);
  schema.index({ workspace_id: 1, email: 1 }, { unique: true });
  People = connection.model<Person>('LoggedPerson', schema);
  await syncIndexes(connection);
});

afterAll(async () => {
  await connection.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const inWorkspace = <T>(work: () => Promise<T>): Promise<T> =>
  runWithContext({ request_id: newId(), workspace_id: workspaceId }, work);

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('the operation was expected to fail');
}

// Everything a log line would hold of the error, as the log writes it.
function loggedText(error: unknown): string {
  const lines: string[] = [];
  const logger = createLogger('test', 'info', { write: (line: string) => void lines.push(line) });
  logger.warn({ err: error, also: error }, 'event handler failed, will redeliver');
  logger.error(error as Error);
  return lines.join('\n');
}

const expectNoPersonalData = (text: string) => {
  for (const value of [EMAIL, PHONE, NAME, 'wilhelmina']) expect(text).not.toContain(value);
};

describe('errors in log lines', () => {
  it('a bulk write that fails keeps its kind, code and operation kinds, not the update it carried', async () => {
    await inWorkspace(() =>
      People.create({ _id: newId(), workspace_id: workspaceId, name: 'Wil', email: EMAIL, phone: PHONE }),
    );
    const error = await failureOf(() =>
      inWorkspace(() =>
        People.bulkWrite([
          {
            insertOne: {
              document: { _id: newId(), workspace_id: workspaceId, name: 'Wil', email: EMAIL, phone: PHONE },
            },
          },
          {
            updateOne: {
              filter: { workspace_id: workspaceId, email: EMAIL },
              update: { $setOnInsert: { phone: PHONE, name: NAME } },
              upsert: true,
            },
          },
        ]),
      ),
    );
    // The raw error does carry the person: this is what the serializer must keep out.
    expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).toContain(EMAIL);
    const fields = serializeError(error);
    expect(fields).toMatchObject({
      type: 'MongoBulkWriteError',
      code: 11000,
      writeErrors: [{ index: 0, code: 11000, operation: 'insert' }],
    });
    expectNoPersonalData(JSON.stringify(fields));
    expectNoPersonalData(loggedText(error));
    expect(JSON.parse(loggedText(error).split('\n')[0]).err.type).toBe('MongoBulkWriteError');
  });

  it('a duplicate key names the index, not the key value', async () => {
    const error = await failureOf(() =>
      inWorkspace(() =>
        People.create({ _id: newId(), workspace_id: workspaceId, name: 'Wil', email: EMAIL, phone: PHONE }),
      ),
    );
    expect((error as Error).message).toContain(EMAIL);
    const fields = serializeError(error);
    expect(fields).toMatchObject({ code: 11000 });
    expect(fields.message).toContain('E11000');
    expectNoPersonalData(loggedText(error));
  });

  it('a mongoose validation error lists paths and rules, never the rejected values', async () => {
    const error = await failureOf(() =>
      inWorkspace(() =>
        People.create({ _id: newId(), workspace_id: workspaceId, name: NAME, email: `${PHONE} ${NAME}`, phone: PHONE }),
      ),
    );
    expect((error as Error).message).toContain(NAME);
    const fields = serializeError(error);
    expect(fields.type).toBe('ValidationError');
    expect(fields.paths).toEqual(
      expect.arrayContaining([
        { path: 'name', kind: 'maxlength' },
        { path: 'email', kind: 'regexp' },
      ]),
    );
    expectNoPersonalData(loggedText(error));
  });

  it('a cast error keeps the path, not the value', async () => {
    const error = await failureOf(() =>
      inWorkspace(() => People.find({ workspace_id: workspaceId, name: { $gt: { $where: EMAIL } } }).exec()),
    );
    expectNoPersonalData(loggedText(error));
    expect(serializeError(error).type).toMatch(/Error$/);
  });

  it('causes are serialized the same way, and our own error codes and messages are kept', () => {
    const error = new AppError('internal', 'search index unavailable', 500);
    (error as Error & { cause?: unknown }).cause = new Error(`write of {"email":"${EMAIL}"} failed for '${NAME}'`);
    const fields = serializeError(error);
    expect(fields).toMatchObject({
      type: 'AppError',
      code: 'internal',
      status: 500,
      message: 'search index unavailable',
      cause: { type: 'Error' },
    });
    expectNoPersonalData(JSON.stringify(fields));
    expect(String(fields.stack)).toMatch(/^AppError: search index unavailable\n\s+at /);
  });

  it('messages lose quoted and bracketed text and email addresses, and keep the rest', () => {
    expect(
      scrubErrorMessage(
        `E11000 duplicate key error collection: crm.people index: email_1 dup key: { email: "${EMAIL}" }`,
      ),
    ).toBe('E11000 duplicate key error collection: crm.people index: email_1 dup key: [redacted]');
    expect(scrubErrorMessage(`no mailbox for ${EMAIL} at host`)).toBe('no mailbox for [redacted] at host');
    expect(scrubErrorMessage(`value '${NAME}' too long`)).toBe('value [redacted] too long');
    expect(scrubErrorMessage('connect ECONNREFUSED 127.0.0.1:5672')).toBe('connect ECONNREFUSED 127.0.0.1:5672');
    expect(
      errorReason(Object.assign(new Error(`write conflict on "${EMAIL}"`), { codeName: 'WriteConflict', code: 112 })),
    ).toBe('Error (WriteConflict): write conflict on [redacted]');
    expect(errorReason(new Error(`no route to '${NAME}'`))).toBe('no route to [redacted]');
    expect(errorReason('plain text')).toBe('plain text');
  });
});
