import {
  canonicalKey,
  decodeFields,
  deserializeDocument,
  FieldSelection,
  isPlainObject,
  tagged,
  type Document,
} from './bson-values';
import { DocumentArena, StoredDocument, type ArenaStats } from './document-arena';
import { OrderedIndex, encodeId } from './ordered-index';
import { filterFields } from './query-engine';

export { StoredDocument } from './document-arena';

// Committed state of one collection: documents by _id key plus ordered indexes.
// Documents are held as their BSON bytes (what the journal and snapshot hold too), packed into
// the collection's arena: a fraction of the memory of JavaScript objects, nothing to decode when
// the store opens, and every read decodes a private copy. Indexes and filters decode only the
// fields they read.
//
// While a transaction is open, a change keeps the version it replaces (copy-on-write): each
// stored document links to the one it replaced, a delete leaves a tombstone, and the index
// entries of replaced versions stay until no open transaction can read them. A transaction reads
// the newest version not newer than its start, so it sees one point in time.

export interface ExecutionCounters {
  docsExamined: number;
  keysExamined: number;
  indexLookups: number;
  collectionScans: number;
}

export const ID_INDEX_SPEC: Document = { v: 2, key: { _id: 1 }, name: '_id_' };
const ID_ONLY = new FieldSelection([]);

// The _id key of stored bytes; an ObjectId _id stored first (the usual case) is read in place.
function storedIdKey(bytes: Buffer): string {
  if (bytes[4] === 0x07 && bytes[5] === 0x5f && bytes[6] === 0x69 && bytes[7] === 0x64 && bytes[8] === 0) {
    return tagged('o', bytes.toString('hex', 9, 21));
  }
  return canonicalKey(decodeFields(bytes, ID_ONLY)._id);
}

export class CollectionStore {
  // Newest version of every document (tombstones included while older versions are kept).
  readonly documents = new Map<string, StoredDocument>();
  readonly indexes = new Map<string, OrderedIndex>();
  // The _id index: ordered, for _id ranges and sorts; equality goes through `documents`.
  readonly idIndex = new OrderedIndex(ID_INDEX_SPEC);
  // _id keys whose chain holds older versions or a tombstone.
  readonly retained = new Set<string>();
  // Where the documents' bytes are.
  private readonly arena = new DocumentArena();
  readonly counters: ExecutionCounters = { docsExamined: 0, keysExamined: 0, indexLookups: 0, collectionScans: 0 };
  private live = 0;
  // While a data directory is loaded, indexes are built once at the end (see buildIndexes).
  deferIndexes = false;
  // Top-level fields the indexes read (undefined: some index needs whole documents).
  private indexFields: FieldSelection | undefined = new FieldSelection([]);

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
    return stored && !stored.isTombstone ? stored : undefined;
  }

  // The stored version a reader at `snapshot` sees (the newest without one).
  version(idKey: string, snapshot: number | undefined): StoredDocument | undefined {
    let stored = this.documents.get(idKey);
    if (snapshot !== undefined) while (stored && stored.version > snapshot) stored = stored.older;
    return stored && !stored.isTombstone ? stored : undefined;
  }

  // A private copy of the document a reader at `snapshot` sees.
  visible(idKey: string, snapshot: number | undefined): Document | undefined {
    const bytes = this.version(idKey, snapshot)?.bytes;
    return bytes ? deserializeDocument(bytes) : undefined;
  }

  // What the indexes need of a stored document.
  indexView(bytes: Buffer): Document {
    return this.indexFields ? decodeFields(bytes, this.indexFields) : deserializeDocument(bytes);
  }

  // Does this key of `index` belong to the version of the document a reader sees? Keys of
  // replaced versions stay in the indexes while transactions may read them.
  keyBelongsTo(index: OrderedIndex, key: string, idKey: string, stored: StoredDocument): boolean {
    const bytes = stored.bytes;
    if (!this.retained.has(idKey) || !bytes) return true;
    const view = this.indexView(bytes);
    const idEncoded = encodeId(view._id);
    return index.entriesFor(view).some((entry) => index.treeKey(entry.key, idEncoded) === key);
  }

  // Stores a new version. `document` is the decoded form when the caller has it.
  put(bytes: Buffer, document: Document | undefined, version: number, keepHistory = false): void {
    if (this.deferIndexes) {
      const idKey = document ? canonicalKey(document._id) : storedIdKey(bytes);
      const replaced = this.documents.get(idKey);
      if (!replaced || replaced.isTombstone) this.live++;
      else this.arena.release(replaced);
      this.documents.set(idKey, this.arena.store(bytes, version, undefined));
      return;
    }
    const view = document ?? this.indexView(bytes);
    const idKey = canonicalKey(view._id);
    const previous = this.documents.get(idKey);
    const idEncoded = encodeId(view._id);
    if (previous && (keepHistory || previous.older)) {
      this.documents.set(idKey, this.arena.store(bytes, version, previous));
      this.retained.add(idKey);
      const previousBytes = previous.bytes;
      if (previousBytes) {
        // The previous version's keys stay for the readers that may see it; pruning drops them.
        const old = this.indexView(previousBytes);
        for (const index of this.allIndexes()) index.replace(idKey, idEncoded, old, view, true);
      } else {
        this.live++;
        for (const index of this.allIndexes()) index.add(idKey, idEncoded, view);
      }
      if (!keepHistory) this.prune(idKey, Number.POSITIVE_INFINITY);
      return;
    }
    this.documents.set(idKey, this.arena.store(bytes, version, undefined));
    const previousBytes = previous?.bytes;
    if (previous && previousBytes) {
      const old = this.indexView(previousBytes);
      for (const index of this.allIndexes()) index.replace(idKey, idEncoded, old, view, false);
      this.arena.release(previous);
    } else {
      this.live++;
      for (const index of this.allIndexes()) index.add(idKey, idEncoded, view);
    }
  }

  delete(idKey: string, version: number, keepHistory = false): void {
    const previous = this.documents.get(idKey);
    const previousBytes = previous?.bytes;
    if (!previous || !previousBytes) return;
    this.live--;
    if (this.deferIndexes) {
      this.documents.delete(idKey);
      this.arena.release(previous);
      return;
    }
    if (keepHistory || previous.older) {
      this.documents.set(idKey, this.arena.tombstone(version, previous));
      this.retained.add(idKey);
      if (!keepHistory) this.prune(idKey, Number.POSITIVE_INFINITY);
      return;
    }
    const old = this.indexView(previousBytes);
    const idEncoded = encodeId(old._id);
    for (const index of this.allIndexes()) index.remove(idEncoded, old);
    this.documents.delete(idKey);
    this.arena.release(previous);
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
    for (let older = cut.older; older; older = older.older) {
      const bytes = older.bytes;
      if (!bytes) continue;
      dropped.push(this.indexView(bytes));
      this.arena.release(older);
    }
    cut.older = undefined;
    const kept: Document[] = [];
    for (let version: StoredDocument | undefined = head; version; version = version.older) {
      const bytes = version.bytes;
      if (bytes) kept.push(this.indexView(bytes));
    }
    const headGone = head.isTombstone && head.older === undefined;
    if (headGone) this.documents.delete(idKey);
    if (dropped.length > 0) {
      // Versions of one document: one _id.
      const idEncoded = encodeId(dropped[0]._id);
      for (const index of this.allIndexes()) index.removeVersions(idEncoded, kept, dropped);
    }
    if (headGone || (!head.isTombstone && head.older === undefined)) this.retained.delete(idKey);
  }

  pruneAll(oldestSnapshot: number): void {
    for (const idKey of [...this.retained]) this.prune(idKey, oldestSnapshot);
  }

  // The _id keys of the documents, each mapped to itself: index entries read from a snapshot use
  // the very strings that key the documents, one string per document instead of one per document
  // and index (56 bytes each, so 200 MB of heap at 300,000 documents with 25 indexes between them).
  idKeys(): Map<string, string> {
    const own = new Map<string, string>();
    for (const idKey of this.documents.keys()) own.set(idKey, idKey);
    return own;
  }

  addIndex(spec: Document): OrderedIndex {
    const index = new OrderedIndex(spec);
    this.indexes.set(index.name, index);
    this.refreshIndexFields();
    if (this.deferIndexes) return index;
    for (const [idKey, stored] of this.documents) {
      for (let version: StoredDocument | undefined = stored; version; version = version.older) {
        const bytes = version.bytes;
        if (!bytes) continue;
        const view = this.indexView(bytes);
        index.add(idKey, encodeId(view._id), view);
      }
    }
    return index;
  }

  // Builds every index from the documents in one pass: one partial decode per document, keys
  // sorted and bulk-loaded instead of inserted one by one.
  buildIndexes(): void {
    this.deferIndexes = false;
    const indexes = this.allIndexes();
    const keys = indexes.map(() => [] as string[]);
    const ids = indexes.map(() => [] as string[]);
    for (const [idKey, stored] of this.documents) {
      const bytes = stored.bytes;
      if (!bytes) continue;
      const view = this.indexView(bytes);
      const idEncoded = encodeId(view._id);
      indexes.forEach((index, position) => {
        for (const entry of index.entriesFor(view)) {
          keys[position].push(index.treeKey(entry.key, idEncoded));
          ids[position].push(idKey);
        }
      });
    }
    indexes.forEach((index, position) => index.load(keys[position], ids[position]));
  }

  dropIndex(name: string): boolean {
    const dropped = this.indexes.delete(name);
    this.refreshIndexFields();
    return dropped;
  }

  private refreshIndexFields(): void {
    const fields = new Set<string>();
    for (const index of this.indexes.values()) {
      for (const field of index.fields) fields.add(field.split('.')[0]);
      if (
        isPlainObject(index.spec.partialFilterExpression) &&
        !filterFields(index.spec.partialFilterExpression, fields)
      ) {
        this.indexFields = undefined;
        return;
      }
    }
    this.indexFields = new FieldSelection(fields);
  }

  indexSpecs(): Document[] {
    return [ID_INDEX_SPEC, ...[...this.indexes.values()].map((index) => index.spec)];
  }

  // Newest live documents, in _id key insertion order, each with a view of its bytes.
  *liveDocuments(): IterableIterator<[string, Buffer]> {
    for (const [idKey, stored] of this.documents) {
      const bytes = stored.bytes;
      if (bytes) yield [idKey, bytes];
    }
  }

  // The memory its documents take (see DocumentArena).
  memory(): ArenaStats {
    return this.arena.stats();
  }
}
