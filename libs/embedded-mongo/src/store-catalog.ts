import { canonicalKey, serializeDocument, type Document } from './bson-values';
import { CollectionStore } from './collection-store';
import type { JournalOperation } from './journal-records';
import type { PackedTreeStats } from './packed-tree';

// The databases and collections of a store, and how a journaled operation changes them: the same
// code applies a live write and a record replayed from the journal or the snapshot.
export class StoreCatalog {
  readonly databases = new Map<string, Map<string, CollectionStore>>();
  // Set while a data directory is loaded: collections made meanwhile build their indexes once at
  // the end (buildDeferredIndexes).
  deferIndexes = false;

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
      collection.deferIndexes = this.deferIndexes;
      collections.set(name, collection);
    }
    return collection;
  }

  collections(db: string): CollectionStore[] {
    return [...(this.databases.get(db)?.values() ?? [])];
  }

  databaseNames(): string[] {
    return [...this.databases.keys()];
  }

  *allCollections(): Generator<CollectionStore> {
    for (const collections of this.databases.values()) yield* collections.values();
  }

  // Index keys of every collection, and the memory outside the heap that holds them.
  indexStats(): PackedTreeStats {
    const total: PackedTreeStats = { keys: 0, leaves: 0, keyBytes: 0, bufferBytes: 0 };
    for (const collection of this.allCollections()) {
      for (const index of collection.allIndexes()) {
        const stats = index.tree.stats();
        total.keys += stats.keys;
        total.leaves += stats.leaves;
        total.keyBytes += stats.keyBytes;
        total.bufferBytes += stats.bufferBytes;
      }
    }
    return total;
  }

  // Builds the indexes of the collections loaded with deferIndexes, and stops deferring.
  buildDeferredIndexes(): void {
    this.deferIndexes = false;
    for (const collection of this.allCollections()) if (collection.deferIndexes) collection.buildIndexes();
  }

  // Drops versions older than `oldest` (the oldest snapshot an open transaction reads).
  pruneHistory(oldest: number): void {
    for (const collections of this.databases.values()) {
      for (const collection of collections.values()) if (collection.retained.size > 0) collection.pruneAll(oldest);
    }
  }

  // `keepHistory`: a transaction is open, so a change keeps the version it replaces.
  apply(operation: JournalOperation, version: number, keepHistory: boolean): void {
    switch (operation.kind) {
      case 'put':
        this.ensureCollection(operation.db, operation.collection).put(
          operation.bytes ?? serializeDocument(operation.doc as Document),
          operation.doc,
          version,
          keepHistory,
        );
        return;
      case 'delete':
        this.collection(operation.db, operation.collection)?.delete(canonicalKey(operation.id), version, keepHistory);
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
        for (const [, bytes] of source.liveDocuments()) target.put(bytes, undefined, version);
        return;
      }
      default:
        return;
    }
  }
}
