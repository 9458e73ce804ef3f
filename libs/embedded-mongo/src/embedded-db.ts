import { mongo } from 'mongoose';
import { cloneValue, isPlainObject, normalizeValue, type Document } from './bson-values';
import { ID_INDEX_SPEC, type CollectionStore } from './collection-store';
import { EmbeddedAggregationCursor, EmbeddedListCursor } from './cursor';
import { EmbeddedCollection, indexKeyOf, type OperationOptions } from './embedded-collection';
import { ErrorCodes, notSupported, serverError } from './errors';
import { compileFilter, runPipeline } from './query-engine';
import type { Store } from './store';
import type { StoreClient } from './store-holder';

// The driver's Db at runtime, with its operations answered by the embedded store.
interface DbSurface {
  readonly databaseName: string;
}
type DbConstructor = new (client: mongo.MongoClient, databaseName: string, options?: mongo.DbOptions) => DbSurface;
const DbBase = mongo.Db as unknown as DbConstructor;

// Collection options kept in the catalog (reported by listCollections); none is enforced.
const KEPT_COLLECTION_OPTIONS = [
  'capped',
  'size',
  'max',
  'validator',
  'validationLevel',
  'validationAction',
  'collation',
  'timeseries',
  'expireAfterSeconds',
  'clusteredIndex',
];

const SERVER_VERSION = '7.0.0';

export class EmbeddedDb extends DbBase {
  constructor(
    readonly owner: StoreClient,
    databaseName: string,
    options?: mongo.DbOptions,
  ) {
    super(owner, databaseName, options);
  }

  get store(): Store {
    return this.owner.store;
  }

  collection(name: string, options?: mongo.CollectionOptions): EmbeddedCollection {
    return new EmbeddedCollection(this, name, options);
  }

  async createCollection(name: string, options: OperationOptions = {}): Promise<EmbeddedCollection> {
    const kept: Document = {};
    for (const option of KEPT_COLLECTION_OPTIONS) {
      if (options[option] !== undefined) kept[option] = normalizeValue({ value: options[option] as unknown }).value;
    }
    await this.store.createCollection(this.databaseName, name, kept);
    return this.collection(name);
  }

  listCollections(filter: Document = {}, options: OperationOptions = {}): EmbeddedListCursor {
    return new EmbeddedListCursor({ db: this.databaseName, collection: undefined }, () => {
      const matcher = compileFilter(normalizeValue(filter));
      return this.store
        .collections(this.databaseName)
        .map((collection): Document =>
          options.nameOnly === true
            ? { name: collection.name, type: 'collection' }
            : {
                name: collection.name,
                type: 'collection',
                options: cloneValue(collection.options),
                info: { readOnly: false },
                idIndex: cloneValue(ID_INDEX_SPEC),
              },
        )
        .filter((info) => matcher.test(info));
    });
  }

  async collections(_options: OperationOptions = {}): Promise<EmbeddedCollection[]> {
    return this.store.collections(this.databaseName).map((collection) => this.collection(collection.name));
  }

  async dropCollection(name: string, _options: OperationOptions = {}): Promise<boolean> {
    await this.store.dropCollection(this.databaseName, name);
    return true;
  }

  async dropDatabase(_options: OperationOptions = {}): Promise<boolean> {
    await this.store.dropDatabase(this.databaseName);
    return true;
  }

  async renameCollection(
    fromName: string,
    toName: string,
    options: OperationOptions = {},
  ): Promise<EmbeddedCollection> {
    await this.store.renameCollection(
      this.databaseName,
      fromName,
      this.databaseName,
      toName,
      options.dropTarget === true,
    );
    return this.collection(toName);
  }

  async createIndex(name: string, specification: unknown, options: OperationOptions = {}): Promise<string> {
    return this.collection(name).createIndex(indexKeyOf(specification), options);
  }

  async indexInformation(name: string, options: OperationOptions = {}): Promise<Document[] | Document> {
    return this.collection(name).indexInformation(options);
  }

  // Database-level aggregation (e.g. a pipeline starting with $documents).
  aggregate(pipeline: Document[] = [], _options: OperationOptions = {}): EmbeddedAggregationCursor {
    return new EmbeddedAggregationCursor({ db: this.databaseName, collection: undefined }, [...pipeline], (stages) => ({
      documents: runPipeline([], normalizeValue({ stages }).stages, (name) =>
        this.store
          .find(undefined, this.store.collection(this.databaseName, name), { filter: {} })
          .documents.map(cloneValue),
      ),
      explain: { ok: 1 },
    }));
  }

  admin(): EmbeddedAdmin {
    return new EmbeddedAdmin(this.owner);
  }

  async command(command: Document, _options: OperationOptions = {}): Promise<Document> {
    return runCommand(this.owner, this.databaseName, command);
  }

  async stats(_options: OperationOptions = {}): Promise<Document> {
    const collections = this.store.collections(this.databaseName).map(collectionStats);
    const objects = collections.reduce((total, collection) => total + collection.count, 0);
    const dataSize = collections.reduce((total, collection) => total + collection.size, 0);
    const storageSize = collections.reduce((total, collection) => total + collection.storageSize, 0);
    const indexSize = collections.reduce((total, collection) => total + collection.totalIndexSize, 0);
    return {
      db: this.databaseName,
      collections: collections.length,
      views: 0,
      objects,
      avgObjSize: objects > 0 ? dataSize / objects : 0,
      dataSize,
      storageSize,
      indexes: collections.reduce((total, collection) => total + collection.nindexes, 0),
      indexSize,
      totalSize: storageSize + indexSize,
      scaleFactor: 1,
      ok: 1,
    };
  }

  watch(): never {
    throw notSupported('Change streams');
  }
}

export class EmbeddedAdmin {
  constructor(private readonly owner: StoreClient) {}

  async command(command: Document): Promise<Document> {
    return runCommand(this.owner, 'admin', command);
  }

  async ping(): Promise<Document> {
    return this.command({ ping: 1 });
  }

  async buildInfo(): Promise<Document> {
    return this.command({ buildInfo: 1 });
  }

  async serverInfo(): Promise<Document> {
    return this.command({ buildInfo: 1 });
  }

  async serverStatus(): Promise<Document> {
    return this.command({ serverStatus: 1 });
  }

  async listDatabases(): Promise<Document> {
    return this.command({ listDatabases: 1 });
  }
}

// The database a command names, with the client's options, as `client.db(name)` gives it.
// What a collection holds in memory, in collStats' terms: `size` is its documents' bytes
// (versions kept for open transactions included), `storageSize` the slabs that hold them, and
// each index's size the buffers that hold its keys.
function collectionStats(collection: CollectionStore) {
  const memory = collection.memory();
  const indexSizes: Record<string, number> = {};
  for (const index of collection.allIndexes()) indexSizes[index.name] = index.tree.stats().bufferBytes;
  const totalIndexSize = Object.values(indexSizes).reduce((total, size) => total + size, 0);
  return {
    ns: collection.namespace,
    count: collection.size,
    size: memory.dataBytes,
    avgObjSize: collection.size > 0 ? memory.dataBytes / collection.size : 0,
    storageSize: memory.storageBytes,
    nindexes: collection.indexes.size + 1,
    totalIndexSize,
    indexSizes,
    totalSize: memory.storageBytes + totalIndexSize,
    scaleFactor: 1,
  };
}

function databaseOf(owner: StoreClient, databaseName: string): EmbeddedDb {
  return new EmbeddedDb(owner, databaseName, { ...owner.options });
}

// The handful of commands applications and health checks send directly.
async function runCommand(owner: StoreClient, databaseName: string, command: Document): Promise<Document> {
  if (!isPlainObject(command)) throw new mongo.MongoInvalidArgumentError('command must be an object');
  const store = owner.store;
  const [name] = Object.keys(command);
  switch (name) {
    case 'ping':
      return { ok: 1 };
    case 'hello':
    case 'isMaster':
    case 'ismaster':
      return {
        isWritablePrimary: true,
        ismaster: true,
        setName: 'embedded',
        maxBsonObjectSize: 16 * 1024 * 1024,
        maxMessageSizeBytes: 48_000_000,
        maxWriteBatchSize: 100_000,
        localTime: new Date(),
        logicalSessionTimeoutMinutes: 30,
        minWireVersion: 0,
        maxWireVersion: 21,
        readOnly: false,
        ok: 1,
      };
    case 'buildInfo':
    case 'buildinfo':
      return { version: SERVER_VERSION, versionArray: [7, 0, 0, 0], storageEngines: ['embedded'], ok: 1 };
    case 'serverStatus':
      return { host: 'embedded', version: SERVER_VERSION, process: 'embedded', uptime: process.uptime(), ok: 1 };
    case 'listDatabases':
      return {
        databases: store
          .databaseNames()
          .map((db) => ({ name: db, sizeOnDisk: 0, empty: store.collections(db).length === 0 })),
        totalSize: 0,
        ok: 1,
      };
    case 'dropDatabase':
      await store.dropDatabase(databaseName);
      return { ok: 1 };
    case 'create':
      await databaseOf(owner, databaseName).createCollection(String(command.create), command);
      return { ok: 1 };
    case 'drop':
      await store.dropCollection(databaseName, String(command.drop));
      return { ok: 1 };
    case 'dbStats':
      return databaseOf(owner, databaseName).stats();
    case 'collStats': {
      const collection = store.collection(databaseName, String(command.collStats));
      if (!collection)
        throw serverError(
          ErrorCodes.NamespaceNotFound,
          'NamespaceNotFound',
          `Collection [${databaseName}.${String(command.collStats)}] not found.`,
        );
      return { ...collectionStats(collection), ok: 1 };
    }
    case 'compact':
      // MongoDB's command reclaims one collection's free space; here the whole store is written
      // to a new snapshot and the old journals are deleted, so erased bytes leave the disk.
      await store.compact();
      return { bytesFreed: 0, ok: 1 };
    default:
      throw serverError(ErrorCodes.CommandNotFound, 'CommandNotFound', `no such command: '${String(name)}'`);
  }
}
