import { canonicalKey, type Document } from './bson-values';
import { OrderedIndex, encodeId } from './ordered-index';

// Committed state of one collection: documents by _id key plus ordered indexes.
// Stored documents are never mutated in place; an update stores a new object, so snapshots and
// readers can hold references safely.
//
// While a transaction is open, a change keeps the version it replaces (copy-on-write): each
// stored document links to the one it replaced, a delete leaves a tombstone, and the index
// entries of replaced versions stay until no open transaction can read them. A transaction reads
// the newest version not newer than its start, so it sees one point in time.

export class StoredDocument {
  constructor(
    // null: deleted (a tombstone kept for transactions that started before).
    readonly doc: Document | null,
    readonly version: number,
    public older: StoredDocument | undefined,
  ) {}
}

export interface ExecutionCounters {
  docsExamined: number;
  keysExamined: number;
  indexLookups: number;
  collectionScans: number;
}

export const ID_INDEX_SPEC: Document = { v: 2, key: { _id: 1 }, name: '_id_' };

export class CollectionStore {
  // Newest version of every document (tombstones included while older versions are kept).
  readonly documents = new Map<string, StoredDocument>();
  readonly indexes = new Map<string, OrderedIndex>();
  // The _id index: ordered, for _id ranges and sorts; equality goes through `documents`.
  readonly idIndex = new OrderedIndex(ID_INDEX_SPEC);
  // _id keys whose chain holds older versions or a tombstone.
  readonly retained = new Set<string>();
  readonly counters: ExecutionCounters = { docsExamined: 0, keysExamined: 0, indexLookups: 0, collectionScans: 0 };
  private live = 0;

  constructor(
    readonly dbName: string,
    readonly name: string,
    public options: Document = {},
  ) {}

  get namespace(): string {
    return `${this.dbName}.${this.name}`;
  }

  get size(): number {
    return this.live;
  }

  // Every index, the _id index included.
  allIndexes(): OrderedIndex[] {
    return [this.idIndex, ...this.indexes.values()];
  }

  get(idKey: string): StoredDocument | undefined {
    const stored = this.documents.get(idKey);
    return stored && stored.doc ? stored : undefined;
  }

  // The document as a reader at `snapshot` sees it (the newest version without one).
  visible(idKey: string, snapshot: number | undefined): Document | undefined {
    let stored = this.documents.get(idKey);
    if (snapshot !== undefined) while (stored && stored.version > snapshot) stored = stored.older;
    return stored?.doc ?? undefined;
  }

  // Does this key of `index` belong to the version of the document a reader sees? Keys of
  // replaced versions stay in the indexes while transactions may read them.
  keyBelongsTo(index: OrderedIndex, key: string, idKey: string, document: Document): boolean {
    if (!this.retained.has(idKey)) return true;
    const idEncoded = encodeId(document._id);
    return index.entriesFor(document).some((entry) => entry.key + idEncoded === key);
  }

  put(document: Document, version: number, keepHistory = false): void {
    const idKey = canonicalKey(document._id);
    const previous = this.documents.get(idKey);
    const idEncoded = encodeId(document._id);
    if (previous && (keepHistory || previous.older)) {
      this.documents.set(idKey, new StoredDocument(document, version, previous));
      this.retained.add(idKey);
      if (!previous.doc) this.live++;
      for (const index of this.allIndexes()) index.add(idKey, idEncoded, document);
      if (!keepHistory) this.prune(idKey, Number.POSITIVE_INFINITY);
      return;
    }
    if (previous?.doc) for (const index of this.allIndexes()) index.remove(idEncoded, previous.doc);
    else this.live++;
    this.documents.set(idKey, new StoredDocument(document, version, undefined));
    for (const index of this.allIndexes()) index.add(idKey, idEncoded, document);
  }

  delete(idKey: string, version: number, keepHistory = false): void {
    const previous = this.documents.get(idKey);
    if (!previous?.doc) return;
    this.live--;
    if (keepHistory || previous.older) {
      this.documents.set(idKey, new StoredDocument(null, version, previous));
      this.retained.add(idKey);
      if (!keepHistory) this.prune(idKey, Number.POSITIVE_INFINITY);
      return;
    }
    const idEncoded = encodeId(previous.doc._id);
    for (const index of this.allIndexes()) index.remove(idEncoded, previous.doc);
    this.documents.delete(idKey);
  }

  // Drops the versions no reader at `oldestSnapshot` or later can see, and their index keys.
  prune(idKey: string, oldestSnapshot: number): void {
    const head = this.documents.get(idKey);
    if (!head) {
      this.retained.delete(idKey);
      return;
    }
    let cut = head;
    while (cut.older && cut.version > oldestSnapshot) cut = cut.older;
    const dropped: Document[] = [];
    for (let older = cut.older; older; older = older.older) if (older.doc) dropped.push(older.doc);
    cut.older = undefined;
    const kept: Document[] = [];
    for (let version: StoredDocument | undefined = head; version; version = version.older) if (version.doc) kept.push(version.doc);
    const headGone = !head.doc && head.older === undefined;
    if (headGone) this.documents.delete(idKey);
    if (dropped.length > 0) {
      for (const index of this.allIndexes()) {
        const keep = new Set<string>();
        for (const document of kept) {
          const idEncoded = encodeId(document._id);
          for (const entry of index.entriesFor(document)) keep.add(entry.key + idEncoded);
        }
        for (const document of dropped) {
          const idEncoded = encodeId(document._id);
          for (const entry of index.entriesFor(document)) {
            const key = entry.key + idEncoded;
            if (!keep.has(key)) index.tree.delete(key);
          }
        }
      }
    }
    if (headGone || (head.doc && head.older === undefined)) this.retained.delete(idKey);
  }

  pruneAll(oldestSnapshot: number): void {
    for (const idKey of [...this.retained]) this.prune(idKey, oldestSnapshot);
  }

  addIndex(spec: Document): OrderedIndex {
    const index = new OrderedIndex(spec);
    for (const [idKey, stored] of this.documents) {
      for (let version: StoredDocument | undefined = stored; version; version = version.older) {
        if (version.doc) index.add(idKey, encodeId(version.doc._id), version.doc);
      }
    }
    this.indexes.set(index.name, index);
    return index;
  }

  dropIndex(name: string): boolean {
    return this.indexes.delete(name);
  }

  indexSpecs(): Document[] {
    return [ID_INDEX_SPEC, ...[...this.indexes.values()].map((index) => index.spec)];
  }

  // Newest live documents, in _id key insertion order.
  *liveDocuments(): IterableIterator<[string, Document]> {
    for (const [idKey, stored] of this.documents) if (stored.doc) yield [idKey, stored.doc];
  }
}
