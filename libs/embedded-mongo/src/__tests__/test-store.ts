import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import mongoose, { mongo } from 'mongoose';
import { openEmbeddedMongo, type EmbeddedMongoClient, type EmbeddedMongoOptions } from '../index';

// Each test gets its own data directory and client; `cleanUp()` closes what was opened.

const opened: Array<{ close(): Promise<unknown> }> = [];
const directories: string[] = [];

export function temporaryDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-'));
  directories.push(dataDir);
  return dataDir;
}

export async function openClient(options: Partial<EmbeddedMongoOptions> = {}): Promise<EmbeddedMongoClient> {
  const client = await openEmbeddedMongo({
    dataDir: options.dataDir ?? temporaryDataDir(),
    dbName: 'test',
    ...options,
  });
  opened.push(client);
  return client;
}

export async function openConnection(client?: EmbeddedMongoClient): Promise<mongoose.Connection> {
  const connection = mongoose.createConnection();
  connection.setClient(client ?? (await openClient()));
  opened.push(connection);
  return connection;
}

export async function cleanUp(): Promise<void> {
  for (const resource of opened.splice(0).reverse()) await resource.close();
  for (const dataDir of directories.splice(0)) fs.rmSync(dataDir, { recursive: true, force: true });
}

export function journalFiles(dataDir: string): string[] {
  return fs
    .readdirSync(dataDir)
    .filter((name) => name.startsWith('journal-'))
    .sort()
    .map((name) => path.join(dataDir, name));
}

// Whether the promise has settled once every queued callback ran `turns` times (a write blocked
// on a lock, or waiting to share an fsync, cannot settle meanwhile).
export async function settledYet(promise: Promise<unknown>, turns = 1): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

// Tests use numbers and strings as _id; the driver's default schema type assumes ObjectId.
export type Loose = mongo.Document & { _id?: string | number | mongo.ObjectId };
