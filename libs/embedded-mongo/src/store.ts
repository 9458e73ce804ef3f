import * as fs from 'node:fs';
import * as path from 'node:path';
import { mongo } from 'mongoose';
import { sortDocuments, type SortSpec } from './bson-order';
import {
  canonicalKey,
  cloneValue,
  decodeFields,
  deserializeDocument,
  FieldSelection,
  isPlainObject,
  serializeDocument,
  type Document,
  type NormalizedDocument,
} from './bson-values';
import { parseCollation } from './collation';
import { CollectionStore, ID_INDEX_SPEC, type StoredDocument } from './collection-store';
import {
  acquireLock,
  fsyncDirectory,
  journalFileName,
  listJournalGenerations,
  SNAPSHOT_FILE,
} from './data-dir';
import {
  closedError,
  duplicateKeyError,
  ErrorCodes,
  isMongoError,
  noSuchTransactionError,
  serverError,
  writeConflictError,
} from './errors';
import { findIntactFrameAfter, frame, JournalCorruptedError, JournalWriter, scanFrames } from './journal';
import { DecodedDocuments } from './decoded-documents';
import { decodeRecord, encodeRecord, type JournalOperation } from './journal-records';
import { defaultIndexName, encodeId, entryLockKey, keyValueOf, OrderedIndex } from './ordered-index';
import { PackedTreeBuilder, type CapturedLeaf, type PackedTreeStats } from './packed-tree';

// The unique keys of a document staged in a transaction, computed once per document and index:
// checking each insert of a large batch against every staged one would otherwise recompute them
// all for every insert. Staged documents are never mutated (a change stages a new document).
const stagedKeysByDocument = new WeakMap<Document, Map<OrderedIndex, string[]>>();

function stagedLockKeys(index: OrderedIndex, document: Document): string[] {
  let byIndex = stagedKeysByDocument.get(document);
  if (!byIndex) {
    byIndex = new Map();
    stagedKeysByDocument.set(document, byIndex);
  }
  let keys = byIndex.get(index);
  if (!keys) {
    keys = index.entriesFor(document).map((entry) => entryLockKey(index, entry));
    byIndex.set(index, keys);
  }
  return keys;
}
import { compileFilter, filterFields } from './query-engine';
import { planQuery, type QueryPlan } from './query-planner';
import { TransactionState, type StagedWrite } from './transaction';

export interface StoreOptions {
  readonly dataDir: string;
  // Extra time to gather concurrent writes into one fsync; 0 means the next turn of the event loop.
  readonly groupCommitMs?: number;
  // Journal size that triggers a new snapshot.
  readonly compactThresholdBytes?: number;
  // Transactions still open after this long are aborted (MongoDB's default is 60 s).
  readonly transactionLifetimeMs?: number;
  // How often expired documents of TTL indexes are deleted (MongoDB's TTL monitor: 60 s); 0 = never.
  readonly ttlMonitorIntervalMs?: number;
}

const DEFAULT_COMPACT_THRESHOLD_BYTES = 64 * 1024 * 1024;
const DEFAULT_TRANSACTION_LIFETIME_MS = 60_000;
// Whole documents kept decoded for reads of the same records again (decoded-documents.ts): a few
// MB of heap for the records a working set reads most.
const DECODED_DOCUMENTS_KEPT = 5_000;
const SNAPSHOT_FORMAT = 1;
const SNAPSHOT_DOCUMENTS_PER_FRAME = 500;

// Thrown inside a non-transactional write that touches something a transaction has locked: the
// write waits for that transaction to finish and goes on, as MongoDB does.
class LockWait extends Error {
  constructor(readonly holder: TransactionState) {
    super('waiting for a transaction lock');
  }
}

export interface FindRequest {
  readonly filter: Document;
  readonly sort?: SortSpec;
  readonly skip?: number;
  readonly limit?: number;
  // _id keys to leave out (documents an updateMany has already handled).
  readonly exclude?: ReadonlySet<string>;
  // Top-level fields the caller reads from the results (with _id); all when absent.
  readonly fields?: ReadonlySet<string>;
  // The index the plan must use (name or key pattern), as the server's `hint`.
  readonly hint?: Document | string;
}

export interface FindOutcome {
  // Private copies, decoded for this call.
  readonly documents: Document[];
  readonly plan: QueryPlan;
  readonly docsExamined: number;
  readonly keysExamined: number;
  // The documents were sorted in memory (no index gave the order).
  readonly sortedInMemory: boolean;
}

const NO_PLAN: QueryPlan = { stage: 'COLLSCAN', providesSort: true, exact: false };

interface RecoveryOutcome {
  readonly hasSnapshot: boolean;
  readonly lastGeneration: number;
  readonly replayedRecords: number;
}

interface CapturedIndexKeys {
  readonly name: string;
  readonly multikey: boolean;
  readonly leaves: CapturedLeaf[];
}

interface CapturedCollection {
  readonly db: string;
  readonly name: string;
  readonly options: Document;
  readonly indexes: Document[];
  readonly documents: Buffer[];
  // Index keys as of the capture; absent while old versions are kept for transactions.
  readonly indexKeys?: CapturedIndexKeys[];
}

const INDEX_KEYS_PER_FRAME = 5000;

// Frames of about INDEX_KEYS_PER_FRAME entries, each entry a key's length and bytes then its
// _id key's length and UTF-8 bytes, made from a capture of the index's leaves.
function* indexEntryFrames(leaves: readonly CapturedLeaf[]): Generator<Buffer> {
  for (let first = 0; first < leaves.length; ) {
    let last = first;
    let entries = 0;
    let size = 0;
    while (last < leaves.length && (entries === 0 || entries + (leaves[last] as CapturedLeaf).count <= INDEX_KEYS_PER_FRAME)) {
      const leaf = leaves[last] as CapturedLeaf;
      entries += leaf.count;
      size += 8 * leaf.count + (leaf.ends[leaf.count - 1] as number);
      for (let position = 0; position < leaf.count; position++) size += Buffer.byteLength(leaf.ids[position] as string, 'utf8');
      last++;
    }
    const buffer = Buffer.allocUnsafe(size);
    let offset = 0;
    for (let index = first; index < last; index++) {
      const leaf = leaves[index] as CapturedLeaf;
      for (let position = 0; position < leaf.count; position++) {
        const start = position === 0 ? 0 : (leaf.ends[position - 1] as number);
        const end = leaf.ends[position] as number;
        buffer.writeUInt32LE(end - start, offset);
        offset += 4 + leaf.bytes.copy(buffer, offset + 4, start, end);
        const written = buffer.write(leaf.ids[position] as string, offset + 4, 'utf8');
        buffer.writeUInt32LE(written, offset);
        offset += 4 + written;
      }
    }
    yield buffer;
    first = last;
  }
}

// Feeds a frame's entries to the builder of its index, each _id key as the documents map holds it.
function loadIndexEntries(entries: Buffer, builder: PackedTreeBuilder, idKeys: ReadonlyMap<string, string>): void {
  let offset = 0;
  while (offset < entries.length) {
    const keyLength = entries.readUInt32LE(offset);
    const keyStart = offset + 4;
    offset = keyStart + keyLength;
    const idLength = entries.readUInt32LE(offset);
    const id = entries.toString('utf8', offset + 4, offset + 4 + idLength);
    builder.addBytes(entries, keyStart, keyStart + keyLength, idKeys.get(id) ?? id);
    offset += 4 + idLength;
  }
}

// The storage engine behind one client: catalog, committed data, transactions and persistence.
export class Store {
  private readonly databases = new Map<string, Map<string, CollectionStore>>();
  private readonly locks = new Map<string, TransactionState>();
  private readonly transactions = new Set<TransactionState>();
  private sequence = 0;
  private generation = 0;
  private completedCompactions = 0;
  private journal: JournalWriter | undefined;
  private compaction: Promise<void> | undefined;
  private state: 'open' | 'closing' | 'closed' = 'open';
  // Loading the data directory: indexes are built once at the end.
  private recovering = false;
  private lockLost: Error | undefined;
  private ttlTimer: NodeJS.Timeout | undefined;
  private readonly releaseLock: () => void;
  private readonly compactThresholdBytes: number;
  private readonly transactionLifetimeMs: number;
  private readonly decoded = new DecodedDocuments(DECODED_DOCUMENTS_KEPT);
  private readonly groupCommitMs: number;

  private constructor(readonly options: StoreOptions) {
    this.compactThresholdBytes = options.compactThresholdBytes ?? DEFAULT_COMPACT_THRESHOLD_BYTES;
    this.transactionLifetimeMs = options.transactionLifetimeMs ?? DEFAULT_TRANSACTION_LIFETIME_MS;
    this.groupCommitMs = options.groupCommitMs ?? 0;
    fs.mkdirSync(options.dataDir, { recursive: true });
    this.releaseLock = acquireLock(options.dataDir, (reason) => {
      // Someone else took the directory: writing on would corrupt it.
      this.lockLost = new Error(`embedded MongoDB lost the lock on ${options.dataDir} (${reason}); the store refuses further operations`);
    });
  }

  // Opens a data directory: lock, load the snapshot, replay the journals (dropping a torn tail),
  // start a new journal and fold the old ones into a new snapshot in the background.
  static async open(options: StoreOptions): Promise<Store> {
    const store = new Store(options);
    try {
      store.startAfterRecovery(store.recover());
    } catch (error) {
      store.releaseLock();
      throw error;
    }
    store.startTtlMonitor(options.ttlMonitorIntervalMs ?? 60_000);
    return store;
  }

  private startTtlMonitor(intervalMs: number): void {
    if (intervalMs <= 0) return;
    this.ttlTimer = setInterval(() => {
      if (this.state !== 'open' || this.lockLost || this.journal?.failed) return;
      this.expireDocuments().catch((error: unknown) => {
        process.emitWarning(`embedded MongoDB TTL monitor failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    }, intervalMs);
    this.ttlTimer.unref();
  }

  get dataDir(): string {
    return this.options.dataDir;
  }

  // Compactions finished since the store opened (observability for tests and tools).
  get compactionsCompleted(): number {
    return this.completedCompactions;
  }

  get isOpen(): boolean {
    return this.state === 'open';
  }

  async close(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'closing';
    if (this.ttlTimer) clearInterval(this.ttlTimer);
    for (const transaction of [...this.transactions]) this.abortTransaction(transaction);
    try {
      await this.journal?.close();
      await this.compaction;
    } finally {
      this.state = 'closed';
      this.releaseLock();
    }
  }

  // ---- catalog ----

  collection(db: string, name: string): CollectionStore | undefined {
    return this.databases.get(db)?.get(name);
  }

  // Collections come into existence on first use, as in MongoDB; the journal records them with
  // their first write.
  ensureCollection(db: string, name: string): CollectionStore {
    let collections = this.databases.get(db);
    if (!collections) {
      collections = new Map();
      this.databases.set(db, collections);
    }
    let collection = collections.get(name);
    if (!collection) {
      collection = new CollectionStore(db, name);
      collection.deferIndexes = this.recovering;
      collections.set(name, collection);
    }
    return collection;
  }

  // Index keys of every collection, and the memory outside the heap that holds them.
  indexStats(): PackedTreeStats {
    const total: PackedTreeStats = { keys: 0, leaves: 0, keyBytes: 0, bufferBytes: 0 };
    for (const collections of this.databases.values()) {
      for (const collection of collections.values()) {
        for (const index of collection.allIndexes()) {
          const stats = index.tree.stats();
          total.keys += stats.keys;
          total.leaves += stats.leaves;
          total.keyBytes += stats.keyBytes;
          total.bufferBytes += stats.bufferBytes;
        }
      }
    }
    return total;
  }

  collections(db: string): CollectionStore[] {
    return [...(this.databases.get(db)?.values() ?? [])];
  }

  databaseNames(): string[] {
    return [...this.databases.keys()];
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
      if (this.databases.has(db)) writer.apply({ kind: 'dropDatabase', db });
    });
  }

  async renameCollection(db: string, name: string, toDb: string, toName: string, dropTarget: boolean): Promise<void> {
    await this.runWrite(undefined, (writer) => {
      if (!this.collection(db, name)) {
        throw serverError(ErrorCodes.NamespaceNotFound, 'NamespaceNotFound', `Source collection ${db}.${name} does not exist`);
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
      const collection = this.ensureCollection(db, name);
      const key = spec.key as Document;
      const indexName = String(spec.name ?? defaultIndexName(key));
      if (indexName === '_id_' || (Object.keys(key).length === 1 && key._id !== undefined)) return '_id_';
      const complete: Document = { v: 2, ...spec, key, name: indexName };
      const existing = collection.indexes.get(indexName);
      if (existing) {
        if (serializeDocument(existing.keyPattern).equals(serializeDocument(key))) {
          if (sameIndexOptions(existing.spec, complete)) return indexName;
          throw serverError(
            ErrorCodes.IndexOptionsConflict,
            'IndexOptionsConflict',
            `An existing index has the same name as the requested index but different options. Requested index: ${JSON.stringify(complete)}, existing index: ${JSON.stringify(existing.spec)}`,
          );
        }
        throw serverError(
          ErrorCodes.IndexKeySpecsConflict,
          'IndexKeySpecsConflict',
          `An existing index has the same name as the requested index but a different key. Requested index: ${JSON.stringify(complete)}`,
        );
      }
      for (const other of collection.indexes.values()) {
        if (serializeDocument(other.keyPattern).equals(serializeDocument(key)) && sameIndexOptions(other.spec, complete)) {
          throw serverError(
            ErrorCodes.IndexOptionsConflict,
            'IndexOptionsConflict',
            `Index already exists with a different name: ${other.name}`,
          );
        }
      }
      if (complete.collation !== undefined) {
        // Refuses collations it cannot honour; stores the normalised form it enforces.
        const collation = parseCollation(complete.collation);
        if (collation) complete.collation = collation.spec;
        else delete complete.collation;
      }
      if (complete.expireAfterSeconds !== undefined) validateTtl(complete);
      const candidate = new OrderedIndex(complete);
      if (candidate.unique) this.assertNoDuplicates(collection, candidate);
      writer.apply({ kind: 'createIndex', db, collection: name, spec: complete });
      return indexName;
    });
  }

  async dropIndex(db: string, name: string, indexName: string): Promise<void> {
    await this.runWrite(undefined, (writer) => {
      const collection = this.collection(db, name);
      if (!collection) throw serverError(ErrorCodes.NamespaceNotFound, 'NamespaceNotFound', `ns not found ${db}.${name}`);
      if (indexName === '_id_') throw serverError(ErrorCodes.InvalidOptions, 'InvalidOptions', 'cannot drop _id index');
      if (!collection.indexes.has(indexName)) {
        throw serverError(ErrorCodes.IndexNotFound, 'IndexNotFound', `index not found with name [${indexName}]`);
      }
      writer.apply({ kind: 'dropIndex', db, collection: name, name: indexName });
    });
  }

  indexSpecs(db: string, name: string): Document[] {
    return this.collection(db, name)?.indexSpecs() ?? [];
  }

  private assertNoDuplicates(collection: CollectionStore, index: OrderedIndex): void {
    for (const [idKey, stored] of collection.liveDocuments()) {
      const document = deserializeDocument(stored.bytes);
      for (const entry of index.entriesFor(document)) {
        if (index.holders(entry.key).length > 0) {
          throw duplicateKeyError(collection.namespace, index.name, index.keyPattern, keyValueOf(index, entry));
        }
      }
      index.add(idKey, encodeId(document._id), document);
    }
  }

  // ---- reads ----

  // Matching documents as `transaction` sees them: its snapshot plus its own staged writes.
  find(transaction: TransactionState | undefined, collection: CollectionStore | undefined, request: FindRequest): FindOutcome {
    this.assertOpen();
    if (transaction) this.assertUsable(transaction);
    if (!collection) return { documents: [], plan: NO_PLAN, docsExamined: 0, keysExamined: 0, sortedInMemory: false };
    const sort = request.sort ?? [];
    const plan = planQuery(hintedIndexes(collection, request.hint), request.filter, sort);
    // Documents fetched by the keys of an exact _id condition meet it already: testing a long
    // `$in` list against every one of them cost more than the whole query.
    const residual = plan.stage === 'IDHACK' && plan.idExact ? withoutId(request.filter) : request.filter;
    const matcher = plan.exact ? undefined : compileFilter(residual);
    const snapshot = transaction?.snapshotSequence;
    const staged = transaction?.stagedFor(collection);
    const hasStaged = staged !== undefined && staged.size > 0;
    const sortedInMemory = sort.length > 0 && (!plan.providesSort || hasStaged);
    // When every key of the index range is a result (the bounds are the whole filter, in the
    // order asked for, with nothing staged, no older versions and no key twice), the keys a skip
    // passes over are counted off by rank instead of read one by one: a page at offset 100,000.
    const skipByRank =
      plan.stage === 'IXSCAN' && indexKeysAreMatches(plan, staged, collection) && !sortedInMemory && !plan.index?.multikey && !request.exclude?.size ? (request.skip ?? 0) : 0;
    const skip = (request.skip ?? 0) - skipByRank;
    const wanted = !sortedInMemory && request.limit ? skip + request.limit : Number.POSITIVE_INFINITY;
    const results: Document[] = [];
    let docsExamined = 0;
    let keysExamined = 0;
    // Decode what the filter reads to test it, then what the caller reads of a match.
    const wantedFields = request.fields ? new Set([...request.fields, ...sort.map(([path]) => path.split('.')[0] as string)]) : undefined;
    const testedFields = matcher ? filterFields(request.filter) : undefined;
    // _id only when asked for: a $group or a count does not need it decoded.
    const resultSelection = wantedFields ? new FieldSelection(testedFields ? [...wantedFields, ...testedFields] : wantedFields, false) : undefined;
    // Whole documents sorted in memory for a page (limit): only what the filter and the sort
    // read is decoded to choose the page, and only the page's documents are then decoded whole.
    const lateSelection =
      !resultSelection && sortedInMemory && request.limit && (!matcher || testedFields)
        ? new FieldSelection([...(testedFields ?? []), ...sort.map(([path]) => path.split('.')[0] as string)], true)
        : undefined;
    const storedOf = lateSelection ? new Map<Document, Buffer>() : undefined;
    const filterSelection = !resultSelection && !lateSelection && testedFields ? new FieldSelection(testedFields, false) : undefined;
    const consider = (idKey: string, stored: StoredDocument): boolean => {
      if (request.exclude?.has(idKey)) return true;
      const bytes = stored.bytes as Buffer;
      docsExamined++;
      if (lateSelection) {
        const partial = decodeFields(bytes, lateSelection);
        if (!matcher || matcher.test(partial)) {
          results.push(partial);
          storedOf!.set(partial, bytes);
        }
      } else if (!matcher) {
        results.push(resultSelection ? decodeFields(bytes, resultSelection) : this.decoded.copyOf(bytes));
      } else if (resultSelection && testedFields) {
        // The selection holds the filter's fields too.
        const document = decodeFields(bytes, resultSelection);
        if (matcher.test(document)) results.push(document);
      } else if (filterSelection) {
        if (matcher.test(decodeFields(bytes, filterSelection))) results.push(this.decoded.copyOf(bytes));
      } else {
        // The filter may read anything ($expr, $where): test the whole document.
        const document = this.decoded.copyOf(bytes);
        if (matcher.test(document)) results.push(document);
      }
      return results.length < wanted;
    };
    if (plan.stage === 'IDHACK') {
      for (const idKey of plan.idKeys ?? []) {
        keysExamined++;
        if (staged?.has(idKey)) continue;
        const stored = collection.version(idKey, snapshot);
        if (stored && !consider(idKey, stored)) break;
      }
    } else if (plan.stage === 'IXSCAN' && plan.index && plan.intervals) {
      const index = plan.index;
      const seen = index.multikey ? new Set<string>() : undefined;
      const checkKeys = collection.retained.size > 0;
      const intervals = plan.reverse ? [...plan.intervals].reverse() : plan.intervals;
      let passOver = skipByRank;
      for (const interval of intervals) {
        const inInterval = passOver > 0 ? index.countRange(interval.start, interval.end) : 0;
        if (passOver > 0 && passOver >= inInterval) {
          passOver -= inInterval;
          continue;
        }
        const skipped = passOver;
        passOver = 0;
        const finished = index.walk(interval.start, interval.end, plan.reverse === true, (idKey, key) => {
          keysExamined++;
          if (staged?.has(idKey)) return true;
          const stored = collection.version(idKey, snapshot);
          if (!stored) return true;
          if (checkKeys && !collection.keyBelongsTo(index, key(), idKey, stored)) return true;
          if (seen) {
            if (seen.has(idKey)) return true;
            seen.add(idKey);
          }
          return consider(idKey, stored);
        }, skipped);
        if (!finished) break;
      }
    } else {
      for (const [idKey, stored] of collection.documents) {
        if (staged?.has(idKey)) continue;
        const version = snapshot === undefined ? stored : collection.version(idKey, snapshot);
        if (version?.bytes && !consider(idKey, version)) break;
      }
    }
    if (staged && staged.size > 0 && results.length < wanted) {
      // Staged documents are not in the indexes: always check them against the whole filter.
      // A lookup by _id looks only at those ids, and those found meet an exact _id condition
      // already, as stored ones do: testing every staged document (or a long `$in` against each)
      // made a transaction's reads of its own writes quadratic.
      const byId = plan.stage === 'IDHACK';
      const stagedMatcher = byId && plan.idExact ? matcher : matcher && residual === request.filter ? matcher : compileFilter(request.filter);
      const candidates: Iterable<[string, StagedWrite | undefined]> = byId ? (plan.idKeys ?? []).map((idKey) => [idKey, staged.get(idKey)]) : staged;
      for (const [idKey, write] of candidates) {
        if (!write?.doc || request.exclude?.has(idKey)) continue;
        docsExamined++;
        if (!stagedMatcher || stagedMatcher.test(write.doc)) results.push(cloneValue(write.doc));
        if (results.length >= wanted) break;
      }
    }
    collection.counters.docsExamined += docsExamined;
    collection.counters.keysExamined += keysExamined;
    if (plan.stage === 'COLLSCAN') collection.counters.collectionScans++;
    else collection.counters.indexLookups++;
    let documents = sortedInMemory ? sortDocuments(results, sort) : results;
    if (skip > 0 || request.limit) {
      documents = documents.slice(skip, request.limit ? skip + request.limit : undefined);
    }
    if (storedOf) {
      // Staged documents were copied whole; the others are decoded whole now.
      documents = documents.map((document) => {
        const bytes = storedOf.get(document);
        return bytes ? this.decoded.copyOf(bytes) : document;
      });
    }
    return { documents, plan, docsExamined, keysExamined, sortedInMemory };
  }

  // Counts matching documents; when the index bounds say exactly what the filter says, by
  // counting keys without reading documents.
  count(transaction: TransactionState | undefined, collection: CollectionStore | undefined, request: FindRequest): number {
    this.assertOpen();
    if (transaction) this.assertUsable(transaction);
    if (!collection) return 0;
    const plan = planQuery(collection.allIndexes(), request.filter, []);
    const staged = transaction?.stagedFor(collection);
    const covered = indexKeysAreMatches(plan, staged, collection) && plan.index && plan.intervals;
    if (!covered || !plan.index || !plan.intervals) {
      return this.find(transaction, collection, { ...request, fields: new Set() }).documents.length;
    }
    const skip = request.skip ?? 0;
    const limit = request.limit ? request.limit : Number.POSITIVE_INFINITY;
    let keys = 0;
    if (skip === 0 && limit === Number.POSITIVE_INFINITY) {
      const index = plan.index;
      keys = plan.intervals.reduce((sum, interval) => sum + index.countRange(interval.start, interval.end), 0);
      collection.counters.keysExamined += keys;
      collection.counters.indexLookups++;
      return keys;
    }
    for (const interval of plan.intervals) {
      const finished = plan.index.walk(interval.start, interval.end, false, () => {
        keys++;
        return keys < skip + limit;
      });
      if (!finished) break;
    }
    collection.counters.keysExamined += keys;
    collection.counters.indexLookups++;
    return Math.max(0, Math.min(keys, skip + limit) - skip);
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
    for (const collections of [...this.databases.values()]) {
      for (const collection of [...collections.values()]) {
        for (const index of [...collection.indexes.values()]) {
          if (index.expireAfterSeconds === undefined || index.fields.length !== 1) continue;
          const field = index.fields[0] as string;
          const cutoff = new Date(now.getTime() - index.expireAfterSeconds * 1000);
          // An array of dates expires with its earliest date, so any element before the cutoff.
          const filter: Document = { [field]: { $lt: cutoff } };
          deleted += await this.runWrite(undefined, (writer) => {
            let removed = 0;
            for (const document of writer.find(collection, { filter }).documents) {
              writer.remove(collection, document);
              removed++;
            }
            return removed;
          });
        }
      }
    }
    return deleted;
  }

  // ---- writes ----

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

  private waitDurable(lsn: number): Promise<void> {
    return (this.journal as JournalWriter).waitDurable(lsn);
  }

  appendRecord(operations: JournalOperation[]): number {
    if (operations.length === 0) return 0;
    return (this.journal as JournalWriter).append(encodeRecord(operations));
  }

  nextVersion(): number {
    return ++this.sequence;
  }

  lockHolder(key: string): TransactionState | undefined {
    return this.locks.get(key);
  }

  takeLocks(transaction: TransactionState, keys: Iterable<string>): void {
    for (const key of keys) {
      this.locks.set(key, transaction);
      transaction.lockKeys.add(key);
    }
  }

  // ---- transactions ----

  beginTransaction(): TransactionState {
    this.assertOpen();
    const transaction = new TransactionState(this.sequence, this.transactionLifetimeMs, (expired) => {
      if (expired.isActive) {
        this.failTransaction(expired, noSuchTransactionError('transaction exceeded its lifetime limit'));
        this.releaseTransaction(expired, 'aborted');
      }
    });
    this.transactions.add(transaction);
    return transaction;
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
          operation = { kind: 'put', db: collection.dbName, collection: collection.name, doc: write.doc, bytes: ownedBytes(serializeDocument(write.doc)) };
        } else {
          if (!collection.get(idKey)) continue;
          operation = { kind: 'delete', db: collection.dbName, collection: collection.name, id: write.id };
        }
        this.applyOperation(operation, version);
        operations.push(operation);
      }
    }
    const lsn = this.appendRecord(operations);
    this.releaseTransaction(transaction, 'committed');
    if (lsn) await this.waitDurable(lsn);
  }

  abortTransaction(transaction: TransactionState): void {
    if (transaction.isActive) this.releaseTransaction(transaction, 'aborted');
  }

  failTransaction(transaction: TransactionState, error: Error): void {
    transaction.failure ??= error;
  }

  private releaseTransaction(transaction: TransactionState, status: 'committed' | 'aborted'): void {
    for (const key of transaction.lockKeys) {
      if (this.locks.get(key) === transaction) this.locks.delete(key);
    }
    transaction.lockKeys.clear();
    this.transactions.delete(transaction);
    transaction.finish(status);
    this.pruneHistory();
  }

  // Drops versions kept for transactions that have ended.
  private pruneHistory(): void {
    let oldest = Number.POSITIVE_INFINITY;
    for (const open of this.transactions) oldest = Math.min(oldest, open.snapshotSequence);
    for (const collections of this.databases.values()) {
      for (const collection of collections.values()) if (collection.retained.size > 0) collection.pruneAll(oldest);
    }
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
    const failure = this.journal?.failed;
    if (failure) throw failure;
  }

  // ---- applying operations (live and replay) ----

  applyOperation(operation: JournalOperation, version: number): void {
    switch (operation.kind) {
      case 'put':
        this.ensureCollection(operation.db, operation.collection).put(
          operation.bytes ?? serializeDocument(operation.doc as Document),
          operation.doc,
          version,
          this.transactions.size > 0,
        );
        return;
      case 'delete':
        this.collection(operation.db, operation.collection)?.delete(canonicalKey(operation.id), version, this.transactions.size > 0);
        return;
      case 'createCollection':
        this.ensureCollection(operation.db, operation.collection).options = operation.options;
        return;
      case 'dropCollection':
        this.databases.get(operation.db)?.delete(operation.collection);
        return;
      case 'createIndex': {
        const collection = this.ensureCollection(operation.db, operation.collection);
        collection.dropIndex(String(operation.spec.name));
        collection.addIndex(operation.spec);
        return;
      }
      case 'dropIndex':
        this.collection(operation.db, operation.collection)?.dropIndex(operation.name);
        return;
      case 'dropDatabase':
        this.databases.delete(operation.db);
        return;
      case 'renameCollection': {
        const source = this.collection(operation.db, operation.collection);
        if (!source) return;
        this.databases.get(operation.db)?.delete(operation.collection);
        const target = this.ensureCollection(operation.toDb, operation.toCollection);
        target.options = source.options;
        for (const spec of source.indexSpecs()) if (spec.name !== '_id_') target.addIndex(spec);
        for (const [, stored] of source.liveDocuments()) target.put(stored.bytes, undefined, version);
        return;
      }
      default:
        return;
    }
  }

  // ---- persistence ----

  // Loads snapshot and journals, frame by frame.
  private recover(): RecoveryOutcome {
    this.recovering = true;
    try {
      return this.replay();
    } finally {
      this.recovering = false;
      for (const collections of this.databases.values()) {
        for (const collection of collections.values()) if (collection.deferIndexes) collection.buildIndexes();
      }
    }
  }

  private replay(): RecoveryOutcome {
    const dataDir = this.options.dataDir;
    let snapshotGeneration = 0;
    const snapshotPath = path.join(dataDir, SNAPSHOT_FILE);
    const hasSnapshot = fs.existsSync(snapshotPath);
    if (hasSnapshot) {
      const scan = scanFrames(fs.readFileSync(snapshotPath));
      let header: JournalOperation | undefined;
      let end: JournalOperation | undefined;
      const loaded = new Map<CollectionStore, Map<string, { builder: PackedTreeBuilder; multikey: boolean }>>();
      // Per collection, its documents' _id keys, so index entries share those strings.
      const idKeys = new Map<CollectionStore, Map<string, string>>();
      for (const payload of scan.payloads) {
        for (const operation of decodeRecord(payload, true)) {
          header ??= operation;
          end = operation;
          if (operation.kind === 'indexKeys') {
            const collection = this.ensureCollection(operation.db, operation.collection);
            const perIndex = loaded.get(collection) ?? new Map<string, { builder: PackedTreeBuilder; multikey: boolean }>();
            loaded.set(collection, perIndex);
            const target = perIndex.get(operation.name) ?? { builder: new PackedTreeBuilder(), multikey: operation.multikey };
            perIndex.set(operation.name, target);
            // A snapshot writes a collection's documents before its index keys.
            const ids = idKeys.get(collection) ?? collection.idKeys();
            idKeys.set(collection, ids);
            const entries = Buffer.isBuffer(operation.entries) ? operation.entries : Buffer.from(operation.entries.buffer);
            loadIndexEntries(entries, target.builder, ids);
            continue;
          }
          this.applyOperation(operation, this.nextVersion());
        }
      }
      idKeys.clear();
      // Collections whose every index came with the snapshot need no rebuild: load them and
      // replay the journals onto them.
      for (const [collection, perIndex] of loaded) {
        const indexes = collection.allIndexes();
        if (!indexes.every((index) => perIndex.has(index.name))) continue;
        for (const index of indexes) {
          const keys = perIndex.get(index.name) as { builder: PackedTreeBuilder; multikey: boolean };
          index.loadBuilt(keys.builder);
          index.multikey = keys.multikey;
        }
        collection.deferIndexes = false;
      }
      // The snapshot is renamed into place only when complete, so a damaged one is not a torn
      // write but lost data: refuse to guess.
      if (header?.kind !== 'snapshotHeader' || end?.kind !== 'snapshotEnd' || scan.torn) {
        throw new Error(`embedded MongoDB snapshot ${snapshotPath} is damaged; refusing to open the data directory`);
      }
      snapshotGeneration = header.generation;
    }
    let lastGeneration = snapshotGeneration;
    let replayedRecords = 0;
    const generations = listJournalGenerations(dataDir).filter((generation) => generation >= snapshotGeneration);
    for (const generation of generations) {
      lastGeneration = Math.max(lastGeneration, generation);
      const journalPath = path.join(dataDir, journalFileName(generation));
      const data = fs.readFileSync(journalPath);
      const scan = scanFrames(data);
      if (scan.torn) {
        // Only the very end of the newest journal can be torn by a crash.
        const intactAfter = findIntactFrameAfter(data, scan.validLength);
        if (intactAfter !== undefined) {
          throw new JournalCorruptedError(journalPath, scan.validLength, `an intact record follows at offset ${intactAfter}`, dataDir);
        }
        if (generation !== generations[generations.length - 1]) {
          throw new JournalCorruptedError(journalPath, scan.validLength, 'a newer journal follows this one', dataDir);
        }
      }
      for (const payload of scan.payloads) {
        const version = this.nextVersion();
        for (const operation of decodeRecord(payload, true)) this.applyOperation(operation, version);
        replayedRecords++;
      }
      if (scan.torn) {
        // A record cut short by a crash was never acknowledged: drop it.
        const fd = fs.openSync(journalPath, 'r+');
        try {
          fs.ftruncateSync(fd, scan.validLength);
          fs.fsyncSync(fd);
        } finally {
          fs.closeSync(fd);
        }
      }
    }
    return { hasSnapshot, lastGeneration, replayedRecords };
  }

  // Starts a new journal and folds the replayed ones into a new snapshot, written in the
  // background like any compaction (recovery does not depend on it finishing). When there was
  // nothing to fold in, the current snapshot and (empty) journal are kept.
  private startAfterRecovery(recovered: RecoveryOutcome): void {
    const compact = recovered.replayedRecords > 0 || !recovered.hasSnapshot;
    const generation = compact ? recovered.lastGeneration + 1 : recovered.lastGeneration;
    this.generation = generation;
    this.journal = new JournalWriter(path.join(this.options.dataDir, journalFileName(generation)), {
      groupCommitMs: this.groupCommitMs,
      onBatchWritten: (size) => this.maybeCompact(size),
    });
    fsyncDirectory(this.options.dataDir);
    if (compact) this.beginCompaction(generation);
    else this.removeJournalsBefore(generation);
  }

  // Called by the journal between batches: switch to a new journal file, then snapshot the state
  // as of that instant in the background.
  private maybeCompact(journalSize: number, force = false): void {
    if (this.compaction || this.state !== 'open') return;
    if (!force && journalSize < this.compactThresholdBytes) return;
    const generation = this.generation + 1;
    (this.journal as JournalWriter).switchTo(path.join(this.options.dataDir, journalFileName(generation)));
    fsyncDirectory(this.options.dataDir);
    this.generation = generation;
    this.beginCompaction(generation);
  }

  // Writes the snapshot of generation `generation` from the state right now: everything in the
  // journals before it, and possibly some of its own records, which replay again harmlessly.
  private beginCompaction(generation: number): void {
    const captured = this.capture();
    this.compaction = this.writeSnapshot(generation, captured)
      .then(() => {
        this.removeJournalsBefore(generation);
        this.completedCompactions++;
      })
      .catch((error: unknown) => {
        // The older snapshot and journals are still complete; the next compaction retries.
        process.emitWarning(`embedded MongoDB compaction failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        this.compaction = undefined;
      });
  }

  journalStatistics(): { records: number; syncs: number } {
    return this.journal?.statistics ?? { records: 0, syncs: 0 };
  }

  // Resolves when nothing is waiting to be written and no snapshot is being written.
  async whenIdle(): Promise<void> {
    await this.journal?.idle();
    await this.compaction;
  }

  // Compacts now (used by tests and tools); resolves when the new snapshot is in place.
  async compact(): Promise<void> {
    const journal = this.journal as JournalWriter;
    while (journal.writing || this.compaction) {
      await journal.idle();
      await this.compaction;
    }
    this.maybeCompact(0, true);
    await this.compaction;
  }

  private capture(): CapturedCollection[] {
    const captured: CapturedCollection[] = [];
    for (const [db, collections] of this.databases) {
      for (const [name, collection] of collections) {
        captured.push({
          db,
          name,
          options: collection.options,
          indexes: collection.indexSpecs().filter((spec) => spec !== ID_INDEX_SPEC),
          documents: Array.from(collection.liveDocuments(), ([, stored]) => stored.bytes),
          ...(collection.retained.size === 0 && !collection.deferIndexes
            ? {
                indexKeys: collection.allIndexes().map((index) => ({ name: index.name, multikey: index.multikey, leaves: index.tree.capture() })),
              }
            : {}),
        });
      }
    }
    return captured;
  }

  // Writes to a temporary file, fsyncs it, renames it over the old snapshot and fsyncs the
  // directory, so a crash leaves either the old or the new snapshot, never a partial one.
  private async writeSnapshot(generation: number, captured: CapturedCollection[]): Promise<void> {
    const dataDir = this.options.dataDir;
    const temporaryPath = path.join(dataDir, `${SNAPSHOT_FILE}.tmp`);
    const handle = await fs.promises.open(temporaryPath, 'w');
    let documents = 0;
    try {
      const write = async (operations: JournalOperation[]): Promise<void> => {
        const framed = frame(encodeRecord(operations));
        for (let offset = 0; offset < framed.length; ) {
          offset += (await handle.write(framed, offset, framed.length - offset)).bytesWritten;
        }
        // Let queries and writes run between frames.
        await new Promise((resolve) => setImmediate(resolve));
      };
      await write([{ kind: 'snapshotHeader', format: SNAPSHOT_FORMAT, generation }]);
      for (const collection of captured) {
        const { db, name } = collection;
        await write([
          { kind: 'createCollection', db, collection: name, options: collection.options },
          ...collection.indexes.map((spec): JournalOperation => ({ kind: 'createIndex', db, collection: name, spec })),
        ]);
        for (let start = 0; start < collection.documents.length; start += SNAPSHOT_DOCUMENTS_PER_FRAME) {
          const slice = collection.documents.slice(start, start + SNAPSHOT_DOCUMENTS_PER_FRAME);
          await write(slice.map((bytes): JournalOperation => ({ kind: 'put', db, collection: name, bytes })));
          documents += slice.length;
        }
        for (const index of collection.indexKeys ?? []) {
          // An empty index still writes one frame, so that it counts as loaded.
          let frames = 0;
          for (const entries of indexEntryFrames(index.leaves)) {
            frames++;
            await write([{ kind: 'indexKeys', db, collection: name, name: index.name, multikey: index.multikey, entries }]);
          }
          if (frames === 0) await write([{ kind: 'indexKeys', db, collection: name, name: index.name, multikey: index.multikey, entries: Buffer.alloc(0) }]);
        }
      }
      await write([{ kind: 'snapshotEnd', documents }]);
      await handle.sync();
    } finally {
      await handle.close();
    }
    fs.renameSync(temporaryPath, path.join(dataDir, SNAPSHOT_FILE));
    fsyncDirectory(dataDir);
  }

  private removeJournalsBefore(generation: number): void {
    for (const older of listJournalGenerations(this.options.dataDir)) {
      if (older < generation) fs.rmSync(path.join(this.options.dataDir, journalFileName(older)), { force: true });
    }
    fsyncDirectory(this.options.dataDir);
  }
}

// A stored document's bytes in memory of their own. Serialized bytes are views into Node's shared
// 8 KiB pool slabs, which also hold short-lived buffers: keeping such a view alive for as long as
// the document lives would pin the whole slab.
function ownedBytes(bytes: Buffer): Buffer {
  const owned = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(owned);
  return owned;
}

// TTL indexes as MongoDB accepts them: one field, a whole number of seconds.
function validateTtl(spec: Document): void {
  const seconds = spec.expireAfterSeconds;
  if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > 2147483647) {
    throw serverError(67, 'CannotCreateIndex', 'TTL index \'expireAfterSeconds\' option must be within an acceptable range, try a lower number');
  }
  if (Object.keys(spec.key as Document).length !== 1) {
    throw serverError(67, 'CannotCreateIndex', 'TTL indexes are single-field indexes, compound indexes do not support TTL');
  }
}

function sameIndexOptions(a: Document, b: Document): boolean {
  const significant = ['unique', 'sparse', 'partialFilterExpression', 'expireAfterSeconds', 'collation', 'weights'];
  return significant.every((option) => {
    const left: unknown = a[option];
    const right: unknown = b[option];
    if (option === 'unique' || option === 'sparse') return Boolean(left) === Boolean(right);
    if (left === undefined || right === undefined) return left === right;
    if (isPlainObject(left) && isPlainObject(right)) return serializeDocument(left).equals(serializeDocument(right));
    return left === right;
  });
}

// Single-document changes with the checks MongoDB makes: _id and unique keys, transaction locks
// and write conflicts. Outside a transaction a change is applied at once and queued for the
// journal; inside one it is staged.
export class Writer {
  private pending: JournalOperation[] = [];

  constructor(
    private readonly store: Store,
    readonly transaction: TransactionState | undefined,
  ) {}

  find(collection: CollectionStore | undefined, request: FindRequest): FindOutcome {
    return this.store.find(this.transaction, collection, request);
  }

  apply(operation: JournalOperation): void {
    this.store.applyOperation(operation, this.store.nextVersion());
    this.pending.push(operation);
  }

  commitToJournal(): number {
    const operations = this.pending;
    this.pending = [];
    return this.store.appendRecord(operations);
  }

  insert(collection: CollectionStore, normalized: NormalizedDocument): void {
    const document = normalized.doc;
    const idKey = canonicalKey(document._id);
    this.checkLocks(this.lockKeys(collection, idKey, [document]));
    if (this.store.visible(this.transaction, collection, idKey) !== undefined) {
      throw duplicateKeyError(collection.namespace, '_id_', { _id: 1 }, { _id: document._id });
    }
    // Inserted by someone else after this transaction's snapshot.
    if (this.transaction && !this.transaction.stagedFor(collection)?.has(idKey) && collection.get(idKey)) throw writeConflictError();
    this.checkUnique(collection, idKey, document);
    this.write(collection, idKey, document._id, document, normalized.bytes, [document]);
  }

  replace(collection: CollectionStore, before: Document, after: Document, bytes?: Buffer): void {
    const idKey = canonicalKey(before._id);
    this.checkLocks(this.lockKeys(collection, idKey, [before, after]));
    this.checkVersion(collection, idKey);
    this.checkUnique(collection, idKey, after);
    this.write(collection, idKey, before._id, after, bytes, [before, after]);
  }

  remove(collection: CollectionStore, before: Document): void {
    const idKey = canonicalKey(before._id);
    this.checkLocks(this.lockKeys(collection, idKey, [before]));
    this.checkVersion(collection, idKey);
    this.write(collection, idKey, before._id, null, undefined, [before]);
  }

  private write(
    collection: CollectionStore,
    idKey: string,
    id: unknown,
    document: Document | null,
    bytes: Buffer | undefined,
    involved: Document[],
  ): void {
    const transaction = this.transaction;
    if (transaction) {
      transaction.stage(collection, idKey, { id, doc: document });
      this.store.takeLocks(transaction, this.lockKeys(collection, idKey, involved));
      return;
    }
    const { dbName: db, name } = collection;
    this.apply(
      document
        ? { kind: 'put', db, collection: name, doc: document, bytes: ownedBytes(bytes ?? serializeDocument(document)) }
        : { kind: 'delete', db, collection: name, id },
    );
  }

  // The _id key and every unique index key of the documents involved.
  private lockKeys(collection: CollectionStore, idKey: string, documents: Document[]): string[] {
    const prefix = collection.namespace + '\u0000';
    const keys = [prefix + '_id_\u0000' + idKey];
    for (const index of collection.indexes.values()) {
      if (!index.unique) continue;
      for (const document of documents) {
        for (const entry of index.entriesFor(document)) keys.push(prefix + entryLockKey(index, entry));
      }
    }
    return keys;
  }

  private checkLocks(keys: string[]): void {
    for (const key of keys) {
      const holder = this.store.lockHolder(key);
      if (!holder || holder === this.transaction) continue;
      if (this.transaction) throw writeConflictError();
      throw new LockWait(holder);
    }
  }

  // A transaction may not overwrite a document somebody else committed after it started.
  private checkVersion(collection: CollectionStore, idKey: string): void {
    const transaction = this.transaction;
    if (!transaction || transaction.stagedFor(collection)?.has(idKey)) return;
    const stored = collection.documents.get(idKey);
    if (stored && stored.version > transaction.snapshotSequence) throw writeConflictError();
  }

  private checkUnique(collection: CollectionStore, idKey: string, document: Document): void {
    const staged = this.transaction?.stagedFor(collection);
    for (const index of collection.indexes.values()) {
      if (!index.unique) continue;
      for (const entry of index.entriesFor(document)) {
        let conflict = false;
        for (const holder of index.holders(entry.key)) {
          if (holder === idKey || staged?.has(holder)) continue;
          // Keys of replaced versions kept for open transactions are not holders.
          const current = collection.get(holder);
          if (!current) continue;
          const view = collection.indexView(current.bytes as Buffer);
          if (collection.keyBelongsTo(index, entry.key + encodeId(view._id), holder, current)) conflict = true;
        }
        if (!conflict && staged) {
          const wanted = entryLockKey(index, entry);
          for (const [otherKey, write] of staged) {
            if (otherKey === idKey || !write.doc) continue;
            if (stagedLockKeys(index, write.doc).includes(wanted)) conflict = true;
          }
        }
        if (conflict) throw duplicateKeyError(collection.namespace, index.name, index.keyPattern, keyValueOf(index, entry));
      }
    }
  }
}

// A filter without its top-level _id condition.
// Every key the plan's index bounds hold is a matching document, as this transaction sees it:
// the bounds say the whole filter, nothing is staged, and no older version is kept.
function indexKeysAreMatches(plan: QueryPlan, staged: Map<string, StagedWrite> | undefined, collection: CollectionStore): boolean {
  return plan.exact && !(staged && staged.size > 0) && collection.retained.size === 0;
}

function withoutId(filter: Document): Document {
  const { _id: _ignored, ...rest } = filter;
  return rest;
}

// The indexes a plan may use: the hinted one alone when there is a hint (an unknown hint is the
// server's BadValue error).
function hintedIndexes(collection: CollectionStore, hint: Document | string | undefined): OrderedIndex[] {
  const indexes = collection.allIndexes();
  if (hint === undefined) return indexes;
  const wanted = typeof hint === 'string' ? indexes.find((index) => index.name === hint) : indexes.find((index) => sameKeyPattern(index.keyPattern, hint));
  if (!wanted) throw serverError(ErrorCodes.BadValue, 'BadValue', 'hint provided does not correspond to an existing index');
  return [wanted];
}

function sameKeyPattern(a: Document, b: Document): boolean {
  const left = Object.entries(a);
  const right = Object.entries(b);
  return left.length === right.length && left.every(([field, direction], position) => right[position]![0] === field && right[position]![1] === direction);
}
