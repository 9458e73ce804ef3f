import * as fs from 'node:fs';
import { mongo } from 'mongoose';
import { serializeDocument, type Document } from './bson-values';
import type { CollectionStore } from './collection-store';
import { acquireLock } from './data-dir';
import { DecodedDocuments } from './decoded-documents';
import { closedError, ErrorCodes, isMongoError, noSuchTransactionError, serverError } from './errors';
import type { JournalOperation } from './journal-records';
import type { PackedTreeStats } from './packed-tree';
import { Persistence } from './persistence';
import { recoverDataDir } from './recovery';
import { captureCollections } from './snapshot-file';
import { StoreCatalog } from './store-catalog';
import { requestedIndex } from './store-indexes';
import { countDocuments, findDocuments, type FindOutcome, type FindRequest } from './store-queries';
import { LockWait, Writer, type WriteTarget } from './store-writer';
import type { TransactionState } from './transaction';
import { TransactionTable } from './transaction-table';
import { DEFAULT_TTL_MONITOR_INTERVAL_MS, expiredDocumentFilters, startTtlMonitor } from './ttl-monitor';

export type { FindOutcome, FindRequest } from './store-queries';
export { Writer } from './store-writer';

export interface StoreOptions {
  readonly dataDir: string;
  // How long, at most, a write that may wait (gatherWrites) waits for others to share its
  // fdatasync, while other transactions are open or writes that may not wait keep coming (see
  // appendRecord). Writes of one event-loop turn, and those made while the journal is being
  // written, share one anyway.
  readonly groupCommitMs?: number;
  // Asked, in the writer's async context, as a write is journaled: whether it may wait
  // groupCommitMs (work nobody waits on, such as an event consumer's batch). Unset: every write
  // may. A write that may not goes to the disk at the next turn with every one waiting.
  readonly gatherWrites?: () => boolean;
  // Journal size that triggers a new snapshot.
  readonly compactThresholdBytes?: number;
  // Transactions still open after this long are aborted (MongoDB's default is 60 s).
  readonly transactionLifetimeMs?: number;
  // How often expired documents of TTL indexes are deleted (MongoDB's TTL monitor: 60 s); 0 = never.
  readonly ttlMonitorIntervalMs?: number;
  // Called, in the writer's async context, when a write is applied and starts waiting for the
  // disk (an fdatasync, a millisecond or more): a scheduler can let other work run meanwhile.
  readonly beforeDurabilityWait?: () => void;
}

const DEFAULT_COMPACT_THRESHOLD_BYTES = 64 * 1024 * 1024;
const DEFAULT_TRANSACTION_LIFETIME_MS = 60_000;
// Whole documents kept decoded for reads of the same records again (decoded-documents.ts): about
// a thousand records of a KiB, 3-4 MB of heap a store (5,000 records of any size held about 50 MB
// over the seven stores at 20,000 imported rows).
const DECODED_BYTES_KEPT = 1024 * 1024;

// The storage engine behind one client, composed of its parts: the catalog of committed data
// (store-catalog.ts), reads (store-queries.ts), single-document writes (store-writer.ts), index
// definitions (store-indexes.ts), transactions and their locks (transaction-table.ts), the journal
// and compaction (persistence.ts, snapshot-file.ts), opening a data directory (recovery.ts) and
// TTL indexes (ttl-monitor.ts).
export class Store implements WriteTarget {
  private readonly catalog = new StoreCatalog();
  private readonly transactions = new TransactionTable();
  private readonly persistence: Persistence;
  private sequence = 0;
  private state: 'open' | 'closing' | 'closed' = 'open';
  private lockLost: Error | undefined;
  private ttlTimer: NodeJS.Timeout | undefined;
  private readonly releaseLock: () => void;
  private readonly transactionLifetimeMs: number;
  private readonly decoded = new DecodedDocuments(DECODED_BYTES_KEPT);
  // When a write that may not wait (see gatherWrites) was last journaled.
  private lastPromptWriteAt = Number.NEGATIVE_INFINITY;

  private constructor(readonly options: StoreOptions) {
    this.transactionLifetimeMs = options.transactionLifetimeMs ?? DEFAULT_TRANSACTION_LIFETIME_MS;
    this.persistence = new Persistence(
      options.dataDir,
      {
        groupCommitMs: options.groupCommitMs ?? 0,
        compactThresholdBytes: options.compactThresholdBytes ?? DEFAULT_COMPACT_THRESHOLD_BYTES,
      },
      () => captureCollections(this.catalog),
      () => this.state === 'open',
    );
    fs.mkdirSync(options.dataDir, { recursive: true });
    this.releaseLock = acquireLock(options.dataDir, (reason) => {
      // Someone else took the directory: writing on would corrupt it.
      this.lockLost = new Error(
        `embedded MongoDB lost the lock on ${options.dataDir} (${reason}); the store refuses further operations`,
      );
    });
  }

  // Opens a data directory: lock, load the snapshot, replay the journals (dropping a torn tail),
  // start a new journal and fold the old ones into a new snapshot in the background.
  static async open(options: StoreOptions): Promise<Store> {
    const store = new Store(options);
    try {
      store.persistence.startAfterRecovery(recoverDataDir(options.dataDir, store.catalog, () => store.nextVersion()));
    } catch (error) {
      store.releaseLock();
      throw error;
    }
    store.ttlTimer = startTtlMonitor(
      options.ttlMonitorIntervalMs ?? DEFAULT_TTL_MONITOR_INTERVAL_MS,
      () => store.state === 'open' && !store.lockLost && !store.persistence.failed,
      () => store.expireDocuments(),
    );
    return store;
  }

  get dataDir(): string {
    return this.options.dataDir;
  }

  // Compactions finished since the store opened (observability for tests and tools).
  get compactionsCompleted(): number {
    return this.persistence.compactionsCompleted;
  }

  get isOpen(): boolean {
    return this.state === 'open';
  }

  async close(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'closing';
    if (this.ttlTimer) clearInterval(this.ttlTimer);
    for (const transaction of this.transactions.openTransactions()) this.abortTransaction(transaction);
    try {
      await this.persistence.close();
    } finally {
      this.state = 'closed';
      this.releaseLock();
    }
  }

  journalStatistics(): { records: number; syncs: number } {
    return this.persistence.statistics();
  }

  // Resolves when nothing is waiting to be written and no snapshot is being written.
  whenIdle(): Promise<void> {
    return this.persistence.whenIdle();
  }

  // Compacts now (used by tests and tools); resolves when the new snapshot is in place.
  compact(): Promise<void> {
    return this.persistence.compact();
  }

  // The catalog.

  collection(db: string, name: string): CollectionStore | undefined {
    return this.catalog.collection(db, name);
  }

  ensureCollection(db: string, name: string): CollectionStore {
    return this.catalog.ensureCollection(db, name);
  }

  indexStats(): PackedTreeStats {
    return this.catalog.indexStats();
  }

  collections(db: string): CollectionStore[] {
    return this.catalog.collections(db);
  }

  databaseNames(): string[] {
    return this.catalog.databaseNames();
  }

  indexSpecs(db: string, name: string): Document[] {
    return this.collection(db, name)?.indexSpecs() ?? [];
  }

  async createCollection(db: string, name: string, options: Document): Promise<void> {
    await this.runWrite(undefined, (writer) => {
      if (this.collection(db, name)) {
        throw serverError(ErrorCodes.NamespaceExists, 'NamespaceExists', `Collection ${db}.${name} already exists.`);
      }
      writer.apply({ kind: 'createCollection', db, collection: name, options });
    });
  }

  async dropCollection(db: string, name: string): Promise<boolean> {
    return this.runWrite(undefined, (writer) => {
      if (!this.collection(db, name)) return false;
      writer.apply({ kind: 'dropCollection', db, collection: name });
      return true;
    });
  }

  async dropDatabase(db: string): Promise<void> {
    await this.runWrite(undefined, (writer) => {
      if (this.catalog.databases.has(db)) writer.apply({ kind: 'dropDatabase', db });
    });
  }

  async renameCollection(db: string, name: string, toDb: string, toName: string, dropTarget: boolean): Promise<void> {
    await this.runWrite(undefined, (writer) => {
      if (!this.collection(db, name)) {
        throw serverError(
          ErrorCodes.NamespaceNotFound,
          'NamespaceNotFound',
          `Source collection ${db}.${name} does not exist`,
        );
      }
      if (this.collection(toDb, toName)) {
        if (!dropTarget) throw serverError(ErrorCodes.NamespaceExists, 'NamespaceExists', 'target namespace exists');
        writer.apply({ kind: 'dropCollection', db: toDb, collection: toName });
      }
      writer.apply({ kind: 'renameCollection', db, collection: name, toDb, toCollection: toName });
    });
  }

  async createIndex(db: string, name: string, spec: Document): Promise<string> {
    return this.runWrite(undefined, (writer) => {
      const requested = requestedIndex(this.ensureCollection(db, name), spec);
      if (requested.create) writer.apply({ kind: 'createIndex', db, collection: name, spec: requested.create });
      return requested.name;
    });
  }

  async dropIndex(db: string, name: string, indexName: string): Promise<void> {
    await this.runWrite(undefined, (writer) => {
      const collection = this.collection(db, name);
      if (!collection)
        throw serverError(ErrorCodes.NamespaceNotFound, 'NamespaceNotFound', `ns not found ${db}.${name}`);
      if (indexName === '_id_') throw serverError(ErrorCodes.InvalidOptions, 'InvalidOptions', 'cannot drop _id index');
      if (!collection.indexes.has(indexName)) {
        throw serverError(ErrorCodes.IndexNotFound, 'IndexNotFound', `index not found with name [${indexName}]`);
      }
      writer.apply({ kind: 'dropIndex', db, collection: name, name: indexName });
    });
  }

  // Reads.

  // Matching documents as `transaction` sees them: its snapshot plus its own staged writes.
  find(
    transaction: TransactionState | undefined,
    collection: CollectionStore | undefined,
    request: FindRequest,
  ): FindOutcome {
    this.assertOpen();
    if (transaction) this.assertUsable(transaction);
    return findDocuments(transaction, collection, request, this.decoded);
  }

  // Counts matching documents; when the index bounds say exactly what the filter says, by
  // counting keys without reading documents.
  count(
    transaction: TransactionState | undefined,
    collection: CollectionStore | undefined,
    request: FindRequest,
  ): number {
    this.assertOpen();
    if (transaction) this.assertUsable(transaction);
    return countDocuments(transaction, collection, request, this.decoded);
  }

  // The document with this _id key as the transaction (or, without one, everybody) sees it.
  visible(transaction: TransactionState | undefined, collection: CollectionStore, idKey: string): Document | undefined {
    const write = transaction?.stagedFor(collection)?.get(idKey);
    if (write) return write.doc ?? undefined;
    return collection.visible(idKey, transaction?.snapshotSequence);
  }

  // Deletes documents whose TTL index says they have expired, as MongoDB's TTL monitor does
  // (every 60 s by default). Returns how many were deleted.
  async expireDocuments(now: Date = new Date()): Promise<number> {
    let deleted = 0;
    for (const { collection, filter } of expiredDocumentFilters(this.catalog, now)) {
      deleted += await this.runWrite(undefined, (writer) => {
        let removed = 0;
        for (const document of writer.find(collection, { filter }).documents) {
          writer.remove(collection, document);
          removed++;
        }
        return removed;
      });
    }
    return deleted;
  }

  // Writes.

  // Runs a write. Outside a transaction the changes are applied, journaled and awaited until
  // durable; inside one they are staged.
  async runWrite<T>(transaction: TransactionState | undefined, body: (writer: Writer) => T): Promise<T> {
    this.assertOpen();
    if (transaction) {
      this.assertUsable(transaction);
      try {
        return body(new Writer(this, transaction));
      } catch (error) {
        // A server error inside a transaction aborts it on the server too.
        if (error instanceof mongo.MongoServerError) this.failTransaction(transaction, error);
        throw error;
      }
    }
    const writer = new Writer(this, undefined);
    let lastLsn = 0;
    for (;;) {
      try {
        const result = body(writer);
        lastLsn = writer.commitToJournal() || lastLsn;
        if (lastLsn) await this.waitDurable(lastLsn);
        return result;
      } catch (error) {
        lastLsn = writer.commitToJournal() || lastLsn;
        if (error instanceof LockWait) {
          await error.holder.finished;
          this.assertOpen();
          continue;
        }
        if (lastLsn) await this.waitDurable(lastLsn);
        throw error;
      }
    }
  }

  // `committing`: the transaction whose record this is (still open until it is released).
  appendRecord(operations: JournalOperation[], committing?: TransactionState): number {
    if (operations.length === 0) return 0;
    if (!(this.options.gatherWrites?.() ?? true)) {
      this.lastPromptWriteAt = performance.now();
      return this.persistence.append(operations, false);
    }
    // Waiting is worth it only while another transaction is open (it may commit into the same
    // fdatasync: PostgreSQL's commit_delay with commit_siblings = 1) or while writes that do not
    // wait keep coming (one came within groupCommitMs). A lone writer, such as one consumer
    // catching up on its own store, never waits.
    const others = this.transactions.openCount - (committing ? 1 : 0);
    const promptWritesComing = performance.now() - this.lastPromptWriteAt < (this.options.groupCommitMs ?? 0);
    return this.persistence.append(operations, others > 0 || promptWritesComing);
  }

  nextVersion(): number {
    return ++this.sequence;
  }

  lockHolder(key: string): TransactionState | undefined {
    return this.transactions.lockHolder(key);
  }

  takeLocks(transaction: TransactionState, keys: Iterable<string>): void {
    this.transactions.takeLocks(transaction, keys);
  }

  // Applies an operation to the catalog, live or replayed; while a transaction is open the
  // versions it may read are kept.
  applyOperation(operation: JournalOperation, version: number): void {
    this.catalog.apply(operation, version, this.transactions.hasOpen);
  }

  // Transactions.

  beginTransaction(): TransactionState {
    this.assertOpen();
    return this.transactions.begin(this.sequence, this.transactionLifetimeMs, (expired) => {
      if (expired.isActive) {
        this.failTransaction(expired, noSuchTransactionError('transaction exceeded its lifetime limit'));
        this.releaseTransaction(expired, 'aborted');
      }
    });
  }

  // Applies the staged writes atomically and journals them as one record.
  async commitTransaction(transaction: TransactionState): Promise<void> {
    this.assertOpen();
    if (transaction.failure || !transaction.isActive) {
      const failure = transaction.failure ?? noSuchTransactionError('transaction is no longer active');
      this.releaseTransaction(transaction, 'aborted');
      throw isMongoError(failure) && failure.code === ErrorCodes.NoSuchTransaction
        ? failure
        : noSuchTransactionError(failure.message);
    }
    const operations: JournalOperation[] = [];
    const version = this.nextVersion();
    for (const [staleCollection, writes] of transaction.staged) {
      const collection = this.ensureCollection(staleCollection.dbName, staleCollection.name);
      for (const [idKey, write] of writes) {
        let operation: JournalOperation;
        if (write.doc) {
          operation = {
            kind: 'put',
            db: collection.dbName,
            collection: collection.name,
            doc: write.doc,
            bytes: write.bytes ?? serializeDocument(write.doc),
          };
        } else {
          if (!collection.get(idKey)) continue;
          operation = { kind: 'delete', db: collection.dbName, collection: collection.name, id: write.id };
        }
        this.applyOperation(operation, version);
        operations.push(operation);
      }
    }
    const lsn = this.appendRecord(operations, transaction);
    this.releaseTransaction(transaction, 'committed');
    if (lsn) await this.waitDurable(lsn);
  }

  private waitDurable(lsn: number): Promise<void> {
    this.options.beforeDurabilityWait?.();
    return this.persistence.waitDurable(lsn);
  }

  abortTransaction(transaction: TransactionState): void {
    if (transaction.isActive) this.releaseTransaction(transaction, 'aborted');
  }

  failTransaction(transaction: TransactionState, error: Error): void {
    transaction.failure ??= error;
  }

  // Ends the transaction and drops the versions kept for it that no open transaction reads.
  private releaseTransaction(transaction: TransactionState, status: 'committed' | 'aborted'): void {
    this.transactions.release(transaction, status);
    this.catalog.pruneHistory(this.transactions.oldestSnapshot());
    // The last one open has ended: no commit is coming for the waiting writes to wait for.
    if (!this.transactions.hasOpen) this.persistence.writeGathered();
  }

  assertUsable(transaction: TransactionState): void {
    if (transaction.failure) {
      throw noSuchTransactionError(`transaction was aborted by an earlier error: ${transaction.failure.message}`);
    }
    if (!transaction.isActive) throw noSuchTransactionError('transaction is no longer active');
  }

  private assertOpen(): void {
    if (this.state !== 'open') throw closedError();
    if (this.lockLost) throw this.lockLost;
    const failure = this.persistence.failed;
    if (failure) throw failure;
  }
}
