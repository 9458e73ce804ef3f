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

interface Entry {
  claims: Claims;
  generation: number;
  expiresAt: number;
  // API keys only: when last_used_at was last recorded, so a cached key still records use.
  lastUsedAt?: string | null;
}

export interface CachedAnswer {
  claims: Claims;
  lastUsedAt?: string | null;
}

// Authenticate answers by token digest. Correctness rests on one counter, the generation:
// every write to a collection an answer is computed from, and every committed transaction of
// this service, bumps it after the write is visible; an answer is stored only if no bump
// happened while it was computed, and served only while the generation is the one it was
// stored with. So revoking a key, disabling a member, changing a role or a plan (all writes
// identity makes) take effect on the very next request, without a time-based expiry. Only this
// process's writes are seen: with several identity replicas the cache must stay off.
export class AuthenticationCache {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();

  // The generation to hand back to store() once the answer is computed.
  begin(): number {
    return this.generation;
  }

  get(digest: string, now = Date.now()): CachedAnswer | undefined {
    const entry = this.entries.get(digest);
    if (!entry) return undefined;
    if (entry.generation !== this.generation || entry.expiresAt <= now) {
      this.entries.delete(digest);
      return undefined;
    }
    return entry;
  }

  store(digest: string, generation: number, answer: CachedAnswer, validUntil: number, now = Date.now()): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(digest, { ...answer, generation, expiresAt: Math.min(validUntil, now + MAX_AGE_MS) });
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  // Bumps the generation after each write to these models' collections and after each
  // transaction on the connection commits (its writes become visible only then).
  watch(connection: Connection, models: Array<Model<never>>): void {
    const invalidate = () => this.invalidate();
    for (const model of models) {
      const collection = model.collection as unknown as Writable;
      for (const method of WRITE_METHODS) {
        const write = collection[method];
        if (typeof write !== 'function') continue;
        collection[method] = function watchedWrite(this: unknown, ...args: unknown[]) {
          invalidate();
          return settled(write.apply(this, args), invalidate);
        };
      }
    }
    const transaction = connection.transaction.bind(connection);
    connection.transaction = (work, options) => settled(transaction(work, options), invalidate);
  }
}

function settled<T>(result: T, after: () => void): T {
  if (result instanceof Promise) {
    return result.finally(after) as T;
  }
  after();
  return result;
}
