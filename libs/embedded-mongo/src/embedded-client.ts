import { mongo } from 'mongoose';
import { EmbeddedDb } from './embedded-db';
import { EmbeddedSession } from './embedded-session';
import { closedError, notSupported } from './errors';
import { Store } from './store';

export interface EmbeddedMongoOptions {
  // Directory holding the snapshot, the journal and the LOCK file; created when missing.
  readonly dataDir: string;
  // Database used by `client.db()` without a name (and by mongoose's setClient).
  readonly dbName?: string;
  // Extra wait to batch concurrent writes into one fsync; 0 (default) batches what arrives within
  // one turn of the event loop. Only writes that may wait wait (gatherWrites).
  readonly groupCommitMs?: number;
  // Whether the write being journaled may wait groupCommitMs (see StoreOptions); unset, all may.
  readonly gatherWrites?: () => boolean;
  // Journal size after which a new snapshot is written (default 64 MiB).
  readonly compactThresholdBytes?: number;
  // Open transactions are aborted after this long (default 60 s, like MongoDB).
  readonly transactionLifetimeMs?: number;
  // How often documents past a TTL index's expireAfterSeconds are deleted (default 60 s, like
  // MongoDB's TTL monitor); 0 turns the monitor off (tests call store.expireDocuments()).
  readonly ttlMonitorIntervalMs?: number;
  // Called when a write starts waiting for its journal record to reach the disk: the caller may
  // let other work run meanwhile (see StoreOptions).
  readonly beforeDurabilityWait?: () => void;
}

// What mongoose and the inherited driver code read from `client.topology`; there is no server
// to monitor, so nothing here changes.
export interface EmbeddedTopology {
  readonly description: { readonly type: string; readonly servers: Map<string, unknown> };
  readonly s: { readonly description: { readonly type: string } };
  readonly loadBalanced: false;
  readonly logicalSessionTimeoutMinutes: number;
  isConnected(): boolean;
  closeCheckedOutConnections(): void;
  close(): void;
}

function embeddedTopology(): EmbeddedTopology {
  // Reported as a replica set with a primary: like one, the embedded store supports transactions.
  const description = { type: 'ReplicaSetWithPrimary', servers: new Map<string, unknown>() };
  return {
    description,
    s: { description },
    loadBalanced: false,
    logicalSessionTimeoutMinutes: 30,
    isConnected: () => true,
    closeCheckedOutConnections: () => undefined,
    close: () => undefined,
  };
}

interface ClientInternals {
  readonly s: { readonly sessionPool: unknown };
}

// A MongoClient (the driver copy mongoose uses, so `connection.setClient()` accepts it) whose
// databases live in a local data directory. It never opens a network connection.
export class EmbeddedMongoClient extends mongo.MongoClient {
  // mongoose's setClient() requires a connected client, which it recognises by this property.
  topology: EmbeddedTopology | undefined;
  private storeInstance: Store | undefined;
  private opening: Promise<Store> | undefined;
  private readonly sessions = new Set<EmbeddedSession>();
  private readonly embeddedOptions: EmbeddedMongoOptions;

  constructor(options: EmbeddedMongoOptions) {
    const dbName = options.dbName ?? 'test';
    super(`mongodb://embedded.invalid/${encodeURIComponent(dbName)}`);
    this.embeddedOptions = options;
    // Every mongoose connection (and useDb() child) sharing this client adds listeners.
    this.setMaxListeners(0);
  }

  get dataDir(): string {
    return this.embeddedOptions.dataDir;
  }

  get store(): Store {
    const store = this.storeInstance;
    if (!store || !store.isOpen) throw closedError();
    return store;
  }

  // Opens the store (lock, snapshot, journal replay); never touches the network.
  override async connect(): Promise<this> {
    if (this.storeInstance?.isOpen) return this;
    this.opening ??= Store.open({
      dataDir: this.embeddedOptions.dataDir,
      groupCommitMs: this.embeddedOptions.groupCommitMs,
      compactThresholdBytes: this.embeddedOptions.compactThresholdBytes,
      transactionLifetimeMs: this.embeddedOptions.transactionLifetimeMs,
      ttlMonitorIntervalMs: this.embeddedOptions.ttlMonitorIntervalMs,
      beforeDurabilityWait: this.embeddedOptions.beforeDurabilityWait,
      gatherWrites: this.embeddedOptions.gatherWrites,
    });
    try {
      this.storeInstance = await this.opening;
    } finally {
      this.opening = undefined;
    }
    this.topology = embeddedTopology();
    return this;
  }

  // Flushes the journal, ends sessions (aborting their transactions) and releases the lock.
  override async close(_force?: boolean): Promise<void> {
    const store = this.storeInstance;
    if (!store) return;
    for (const session of [...this.sessions]) {
      try {
        await session.endSession();
      } catch {
        // Ending a session cannot fail in a way that matters while closing.
      }
    }
    this.sessions.clear();
    this.storeInstance = undefined;
    this.topology = undefined;
    await store.close();
  }

  // The driver's Db type is what callers (mongoose included) program against; the object is an
  // EmbeddedDb implementing it.
  override db(dbName?: string, options?: mongo.DbOptions): mongo.Db {
    return this.embeddedDb(dbName, options) as unknown as mongo.Db;
  }

  embeddedDb(dbName?: string, options?: mongo.DbOptions): EmbeddedDb {
    return new EmbeddedDb(this, dbName || this.embeddedOptions.dbName || 'test', { ...this.options, ...options });
  }

  override startSession(options: mongo.ClientSessionOptions = {}): mongo.ClientSession {
    const session = new EmbeddedSession(
      this.store,
      this,
      (this as unknown as ClientInternals).s.sessionPool,
      options,
      this.options,
    );
    this.sessions.add(session);
    session.once('ended', () => this.sessions.delete(session));
    return session;
  }

  override watch(): never {
    throw notSupported('Change streams');
  }

  override async bulkWrite(): Promise<never> {
    throw notSupported('Client-level bulkWrite');
  }
}

// Opens (or creates) an embedded database directory and returns a ready client:
//   const client = await openEmbeddedMongo({ dataDir, dbName: 'identity' });
//   const conn = mongoose.createConnection(); conn.setClient(client);
export async function openEmbeddedMongo(options: EmbeddedMongoOptions): Promise<EmbeddedMongoClient> {
  const client = new EmbeddedMongoClient(options);
  await client.connect();
  return client;
}
