import { AsyncLocalStorage } from 'node:async_hooks';
import mongoose, { mongo, type ClientSession, type Connection } from 'mongoose';

// One transaction around a whole request (docs/idempotency.md): every `transact()` the request
// makes joins it, and so does every other operation on the same connection made while it runs,
// whatever session it names or leaves out; what must wait for the real commit (the relay's kick,
// a job's nudge, a process's memory of what is stored) is queued with `afterCommit`.

interface RequestTransaction {
  connection: Connection;
  session: ClientSession;
  afterCommit: Array<() => void>;
}

const storage = new AsyncLocalStorage<RequestTransaction>();

// The session of the request transaction open on this connection in the current async context.
export function requestSessionOf(connection: Connection): ClientSession | undefined {
  const open = storage.getStore();
  return open && open.connection === connection ? open.session : undefined;
}

// Runs `work` after the request transaction of this connection has committed (never if it
// aborts); at once when there is none, the change having committed already.
export function afterCommit(connection: Connection, work: () => void): void {
  const open = storage.getStore();
  if (open && open.connection === connection) open.afterCommit.push(work);
  else work();
}

export interface RequestTransactionOptions {
  // Told when after-commit work throws; it cannot fail what has committed.
  onAfterCommitError?: (error: unknown) => void;
}

// Runs `work` in one transaction on the connection and commits it, then runs what was queued
// with `afterCommit`. Like every unit of work it goes through `connection.transaction()`: a
// transient conflict (a concurrent writer won) runs `work` again on a new snapshot, and whatever
// watches the connection's commits (identity's authentication cache) sees this one too. Anything
// else aborts and is rethrown. Nested calls on the same connection join the open transaction.
export async function inRequestTransaction<T>(
  connection: Connection,
  work: () => Promise<T>,
  options: RequestTransactionOptions = {},
): Promise<T> {
  if (requestSessionOf(connection)) return work();
  installSessionJoin();
  let open: RequestTransaction | undefined;
  const value = await connection.transaction(async (session) => {
    // Afresh for each attempt.
    open = { connection, session, afterCommit: [] };
    return storage.run(open, work);
  });
  // Outside the transaction's async context: nothing started here joins a finished session.
  for (const next of open?.afterCommit ?? []) {
    try {
      next();
    } catch (error) {
      options.onAfterCommitError?.(error);
    }
  }
  return value;
}

// Where each collection method takes its options (mongoose's collection passes the driver's
// arguments through).
const OPTIONS_AT: Record<string, number> = {
  find: 1,
  findOne: 1,
  countDocuments: 1,
  aggregate: 1,
  insertOne: 1,
  insertMany: 1,
  bulkWrite: 1,
  deleteOne: 1,
  deleteMany: 1,
  findOneAndDelete: 1,
  updateOne: 2,
  updateMany: 2,
  replaceOne: 2,
  findOneAndUpdate: 2,
  findOneAndReplace: 2,
  distinct: 2,
};

type CollectionMethod = (this: JoinedCollection, ...args: unknown[]) => unknown;
interface JoinedCollection {
  conn?: Connection;
  collectionName?: string;
  findOne(filter: object, options: object): Promise<unknown>;
}
const UPSERTING = new Set(['updateOne', 'replaceOne', 'findOneAndUpdate', 'findOneAndReplace']);
let joinInstalled = false;

// An upsert by a plain _id that would collide with a stored document the filter does not match
// (a copy kept by version finding a newer one stored): MongoDB aborts the whole transaction on
// the collision, which would fail the request for the outcome such code expects. The collision is
// found first, by reads in the transaction, and refused alone the same way (11000).
async function checkedUpsert(collection: JoinedCollection, session: ClientSession, filter: unknown): Promise<void> {
  if (typeof filter !== 'object' || filter === null) return;
  const { _id: id, workspace_id: workspaceId } = filter as { _id?: unknown; workspace_id?: unknown };
  if (typeof id !== 'string' && typeof id !== 'number') return;
  const byId = { _id: id, ...(workspaceId === undefined ? {} : { workspace_id: workspaceId }) };
  if (!(await collection.findOne(byId, { session, projection: { _id: 1 } }))) return;
  if (await collection.findOne(filter, { session, projection: { _id: 1 } })) return;
  throw new mongo.MongoServerError({
    code: 11000,
    errmsg: `E11000 duplicate key error collection: ${collection.collectionName ?? ''} index: _id_ dup key: { _id: ${JSON.stringify(id)} }`,
    keyPattern: { _id: 1 },
    keyValue: { _id: id },
  });
}

// Every operation on a connection with an open request transaction joins it, at the collection
// mongoose and raw `connection.collection()` calls both reach: a read leaving the session out
// (`.session(null)`) sees the request's own writes, and a write never waits on locks its own
// request holds (on the embedded store it would wait for ever). A session passed explicitly is
// kept.
function installSessionJoin(): void {
  if (joinInstalled) return;
  joinInstalled = true;
  const prototype = (mongoose.Collection as unknown as { prototype: Record<string, CollectionMethod> }).prototype;
  for (const [method, at] of Object.entries(OPTIONS_AT)) {
    const original = prototype[method];
    if (typeof original !== 'function') continue;
    prototype[method] = function joined(this: JoinedCollection, ...args: unknown[]) {
      const open = storage.getStore();
      if (!open || this.conn !== open.connection) return original.apply(this, args);
      const options = (args[at] ?? {}) as { session?: ClientSession | null; upsert?: boolean };
      if (options.session != null) return original.apply(this, args);
      while (args.length < at) args.push(undefined);
      args[at] = { ...options, session: open.session };
      if (UPSERTING.has(method) && options.upsert === true) {
        return checkedUpsert(this, open.session, args[0]).then(() => original.apply(this, args));
      }
      return original.apply(this, args);
    };
  }
}
