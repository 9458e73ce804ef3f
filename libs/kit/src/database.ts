import { join } from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { EmbeddedMongoClient, openEmbeddedMongo } from '@crm/embedded-mongo';
import { handOnTurn, inBackgroundTurn } from './turn-hand-off';
import type { Logger } from './logger';
import { assertModelsDeclared, installTenancyGuard } from './tenancy';

export interface DatabaseOptions {
  // Service name: the database is `crm_<service>` on MongoDB, `<dataDir>/<service>` embedded.
  service: string;
  mongoUrl?: string;
  dataDir: string;
}

export function databaseName(service: string): string {
  return `crm_${service.replace(/-/g, '_')}`;
}

// How long, at most, an event consumer's commit on the embedded store waits for other writes to
// share its fdatasync (a journal write and its fdatasync cost about 0.2 ms of CPU): no client
// waits on a batch.
const BACKGROUND_GROUP_COMMIT_MS = 2;

// Mongoose is the one data-access API: with MONGO_URL it talks to MongoDB, otherwise the
// embedded client is plugged in under it, so models, queries and transactions are the same.
export async function connectDatabase(options: DatabaseOptions): Promise<Connection> {
  // Before any model exists, so no collection is ever used unguarded.
  installTenancyGuard();
  const dbName = databaseName(options.service);
  if (options.mongoUrl) {
    const connection = mongoose.createConnection(options.mongoUrl, {
      dbName,
      serverSelectionTimeoutMS: 5000,
    });
    await connection.asPromise();
    return connection;
  }
  const client = await openEmbeddedMongo({
    dataDir: join(options.dataDir, options.service),
    dbName,
    // A consumer's batch waiting for its commit's fdatasync lets the next batch run.
    beforeDurabilityWait: handOnTurn,
    // A consumer's batch may wait for other writes to share its fdatasync; a request's write
    // never waits, and takes the batches waiting with it.
    groupCommitMs: BACKGROUND_GROUP_COMMIT_MS,
    gatherWrites: inBackgroundTurn,
  });
  const connection = mongoose.createConnection();
  connection.setClient(client);
  return connection;
}

// Readiness: a round trip to the database, not just a flag.
export async function pingDatabase(connection: Connection): Promise<void> {
  if (connection.readyState !== mongoose.ConnectionStates.connected || !connection.db)
    throw new Error('database not connected');
  await connection.db.command({ ping: 1 });
}

// Creates declared indexes before serving, so unique rules hold from the first request. Every
// service calls it at start: a model that is neither tenant-scoped nor declared global stops the
// service (and its tests) there.
export async function syncIndexes(connection: Connection): Promise<void> {
  assertModelsDeclared(connection);
  for (const model of Object.values(connection.models)) await model.init();
}

// Asks the storage engine to reclaim the space of deleted and overwritten documents, so erased
// values leave the disk: the embedded store rewrites its snapshot and drops its journals (one
// command covers every collection); MongoDB compacts each named collection. A MongoDB that
// refuses (a user without the right, a managed service) is logged, not thrown: the data is
// already gone from the collections, and the operator's storage policy covers the rest.
// Services do not call it per change: they ask for it (requestStorageCompaction of
// @crm/service-host), and one job runs it at most once per interval.
export async function compactStorage(
  connection: Connection,
  collections: readonly string[],
  logger?: Pick<Logger, 'warn'>,
): Promise<void> {
  const db = connection.db;
  if (!db) throw new Error('database not connected');
  if (connection.getClient() instanceof EmbeddedMongoClient) {
    await db.command({ compact: collections[0] ?? 'outbox' });
    return;
  }
  for (const collection of collections) {
    try {
      await db.command({ compact: collection });
    } catch (error) {
      logger?.warn(
        { collection, reason: error instanceof Error ? error.message : String(error) },
        'compact refused by the database',
      );
    }
  }
}

// Operations written in bulk writes of at most `size` each (`write` makes one, unordered): a bulk
// is one write to the journal and one wait for the disk, where an operation at a time waits once
// per operation (an erasure rewriting 20,000 audit entries one by one spent most of its time
// waiting). Answers how many documents changed.
export async function writeInBatches<O>(
  operations: readonly O[],
  write: (batch: O[]) => Promise<{ modifiedCount: number }>,
  size = 1000,
): Promise<number> {
  let modified = 0;
  for (let start = 0; start < operations.length; start += size) {
    modified += (await write(operations.slice(start, start + size))).modifiedCount;
  }
  return modified;
}
