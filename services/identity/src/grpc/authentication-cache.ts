import type { Connection, Model } from 'mongoose';
import type { identityV1 } from '@crm/protos';

type Claims = identityV1.AuthenticateResponse;

// Upper bound of an answer's life in the cache even when nothing changes: expiry of a session,
// a key or a plan is also checked against the clock, this only bounds memory and surprises.
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

// The write methods of a mongoose collection (the driver's, which every model write reaches).
const WRITE_METHODS = [
  'insertOne',
  'insertMany',
  'updateOne',
  'updateMany',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'bulkWrite',
] as const;

type WriteMethod = (typeof WRITE_METHODS)[number];
type Writable = Record<WriteMethod, (...args: unknown[]) => unknown>;

export interface CachedAnswer {
  claims: Claims;
  // API keys only: when last_used_at was last recorded, so a cached key still records use.
  lastUsedAt?: string | null;
}

// An answer as kept: with the generation it was stored at and until when it holds by the clock.
export interface KeptAnswer extends CachedAnswer {
  generation: number;
  expiresAt: number;
}

// Authenticate answers by token digest. Correctness rests on one counter, the generation:
// every write to a collection an answer is computed from, and every committed transaction of
// this service, bumps it after the write is visible; an answer is stored only if no bump
// happened while it was computed, and served only while the generation is the one it was
// stored with. So revoking a key, disabling a member, changing a role or a plan (all writes
// identity makes) take effect on the very next request, without a time-based expiry. Only this
// process's writes are seen: with several identity replicas the cache must stay off.
// Whoever keeps answers beyond this process (the gateway) hears of every new generation at once
// (onChange), in the turn of the event loop it changed in.
export class AuthenticationCache {
  private generation = 0;
  private readonly entries = new Map<string, KeptAnswer>();
  private readonly listeners = new Set<(generation: number) => void>();
  private noticeDue = false;

  // The generation to hand back to store() once the answer is computed.
  begin(): number {
    return this.generation;
  }

  get(digest: string, now = Date.now()): KeptAnswer | undefined {
    const entry = this.entries.get(digest);
    if (!entry) return undefined;
    if (entry.generation !== this.generation || entry.expiresAt <= now) {
      this.entries.delete(digest);
      return undefined;
    }
    return entry;
  }

  // The answer as kept, or undefined when identity wrote while it was computed (not kept).
  store(
    digest: string,
    generation: number,
    answer: CachedAnswer,
    validUntil: number,
    now = Date.now(),
  ): KeptAnswer | undefined {
    if (generation !== this.generation) return undefined;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const kept = { ...answer, generation, expiresAt: Math.min(validUntil, now + MAX_AGE_MS) };
    this.entries.set(digest, kept);
    return kept;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    // The bumps of one turn of the event loop make one notice, sent before anything else of this
    // process runs (a microtask): before the answer to the request that wrote. The gateway does
    // not count on that order (it forgets what it keeps when identity answers a write through it).
    if (this.noticeDue || this.listeners.size === 0) return;
    this.noticeDue = true;
    queueMicrotask(() => {
      this.noticeDue = false;
      for (const listener of this.listeners) listener(this.generation);
    });
  }

  // Calls `listener` with each new generation; the returned function stops that.
  onChange(listener: (generation: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // Bumps the generation after each write to these models' collections, and after each
  // transaction that wrote to them ends (its writes become visible only when it commits). Other
  // transactions on the connection (an event consumer's batch of audit entries, say) leave the
  // answers kept: a catch-up would otherwise clear the cache with every batch.
  watch(connection: Connection, models: Array<Model<never>>): void {
    const invalidate = () => this.invalidate();
    // Sessions whose transaction wrote to a watched collection.
    const wrote = new WeakSet<object>();
    for (const model of models) {
      const collection = model.collection as unknown as Writable;
      for (const method of WRITE_METHODS) {
        const write = collection[method];
        if (typeof write !== 'function') continue;
        collection[method] = function watchedWrite(this: unknown, ...args: unknown[]) {
          const session = sessionOf(args);
          if (session) wrote.add(session);
          invalidate();
          return settled(write.apply(this, args), invalidate);
        };
      }
    }
    const transaction = connection.transaction.bind(connection);
    connection.transaction = (work, options) => {
      let session: object | undefined;
      return settled(
        transaction((started) => {
          session = started;
          return work(started);
        }, options),
        () => {
          if (session && wrote.has(session)) invalidate();
        },
      );
    };
  }
}

// The session a driver write runs in: its options, the last argument, name it.
function sessionOf(args: readonly unknown[]): object | undefined {
  const options = args.at(-1);
  if (typeof options !== 'object' || options === null || !('session' in options)) return undefined;
  const { session } = options as { session?: unknown };
  return typeof session === 'object' && session !== null ? session : undefined;
}

function settled<T>(result: T, after: () => void): T {
  if (result instanceof Promise) {
    return result.finally(after) as T;
  }
  after();
  return result;
}
