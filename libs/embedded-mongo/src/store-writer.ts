import { canonicalKey, serializeDocument, type Document, type NormalizedDocument } from './bson-values';
import type { CollectionStore } from './collection-store';
import { duplicateKeyError, writeConflictError } from './errors';
import type { JournalOperation } from './journal-records';
import { encodeId, entryLockKey, keyValueOf, type OrderedIndex } from './ordered-index';
import type { FindOutcome, FindRequest } from './store-queries';
import type { TransactionState } from './transaction';

// What a Writer needs of the store it writes to.
export interface WriteTarget {
  find(
    transaction: TransactionState | undefined,
    collection: CollectionStore | undefined,
    request: FindRequest,
  ): FindOutcome;
  visible(transaction: TransactionState | undefined, collection: CollectionStore, idKey: string): Document | undefined;
  applyOperation(operation: JournalOperation, version: number): void;
  nextVersion(): number;
  // The journal's sequence number of the record (0 when there was nothing to write).
  appendRecord(operations: JournalOperation[]): number;
  lockHolder(key: string): TransactionState | undefined;
  takeLocks(transaction: TransactionState, keys: Iterable<string>): void;
}

// Thrown inside a non-transactional write that touches something a transaction has locked: the
// write waits for that transaction to finish and goes on, as MongoDB does.
export class LockWait extends Error {
  constructor(readonly holder: TransactionState) {
    super('waiting for a transaction lock');
  }
}

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

// Single-document changes with the checks MongoDB makes: _id and unique keys, transaction locks
// and write conflicts. Outside a transaction a change is applied at once and queued for the
// journal; inside one it is staged.
export class Writer {
  private pending: JournalOperation[] = [];

  constructor(
    private readonly store: WriteTarget,
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
      throw duplicateKeyError(collection.namespace, '_id_', { _id: 1 }, { _id: document._id as unknown });
    }
    // Inserted by someone else after this transaction's snapshot.
    if (this.transaction && !this.transaction.stagedFor(collection)?.has(idKey) && collection.get(idKey))
      throw writeConflictError();
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
      transaction.stage(collection, idKey, { id, doc: document, bytes });
      if (document) this.listStagedUniqueKeys(transaction, collection, idKey, document);
      this.store.takeLocks(transaction, this.lockKeys(collection, idKey, involved));
      return;
    }
    const { dbName: db, name } = collection;
    this.apply(
      document
        ? { kind: 'put', db, collection: name, doc: document, bytes: bytes ?? serializeDocument(document) }
        : { kind: 'delete', db, collection: name, id },
    );
  }

  private listStagedUniqueKeys(
    transaction: TransactionState,
    collection: CollectionStore,
    idKey: string,
    document: Document,
  ): void {
    const prefix = collection.namespace + '\u0000';
    for (const index of collection.indexes.values()) {
      if (!index.unique) continue;
      for (const key of stagedLockKeys(index, document)) {
        const holders = transaction.stagedUniqueKeys.get(prefix + key);
        if (holders) holders.add(idKey);
        else transaction.stagedUniqueKeys.set(prefix + key, new Set([idKey]));
      }
    }
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
          if (collection.keyBelongsTo(index, index.treeKey(entry.key, encodeId(view._id)), holder, current))
            conflict = true;
        }
        if (!conflict && staged) {
          const wanted = entryLockKey(index, entry);
          const listed = this.transaction?.stagedUniqueKeys.get(collection.namespace + '\u0000' + wanted) ?? [];
          for (const otherKey of listed) {
            const write = staged.get(otherKey);
            if (otherKey === idKey || !write?.doc) continue;
            if (stagedLockKeys(index, write.doc).includes(wanted)) conflict = true;
          }
        }
        if (conflict)
          throw duplicateKeyError(collection.namespace, index.name, index.keyPattern, keyValueOf(index, entry));
      }
    }
  }
}
