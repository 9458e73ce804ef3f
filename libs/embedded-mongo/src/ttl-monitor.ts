import type { Document } from './bson-values';
import type { CollectionStore } from './collection-store';
import type { StoreCatalog } from './store-catalog';

// TTL indexes, as MongoDB's TTL monitor runs them: every interval (60 s by default) the documents
// whose indexed date is older than the index's expireAfterSeconds are deleted.

export const DEFAULT_TTL_MONITOR_INTERVAL_MS = 60_000;

// Per TTL index, its collection and the filter of the documents expired at `now`. Taken from
// copies of the catalog's lists: the deletes run between the steps.
export function* expiredDocumentFilters(
  catalog: StoreCatalog,
  now: Date,
): Generator<{ collection: CollectionStore; filter: Document }> {
  for (const collections of [...catalog.databases.values()]) {
    for (const collection of [...collections.values()]) {
      for (const index of [...collection.indexes.values()]) {
        if (index.expireAfterSeconds === undefined || index.fields.length !== 1) continue;
        const field = index.fields[0];
        const cutoff = new Date(now.getTime() - index.expireAfterSeconds * 1000);
        // An array of dates expires with its earliest date, so any element before the cutoff.
        yield { collection, filter: { [field]: { $lt: cutoff } } };
      }
    }
  }
}

// Runs `expire` every interval while `mayRun` says the store takes writes; 0 never runs it.
export function startTtlMonitor(
  intervalMs: number,
  mayRun: () => boolean,
  expire: () => Promise<unknown>,
): NodeJS.Timeout | undefined {
  if (intervalMs <= 0) return undefined;
  const timer = setInterval(() => {
    if (!mayRun()) return;
    expire().catch((error: unknown) => {
      process.emitWarning(
        `embedded MongoDB TTL monitor failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }, intervalMs);
  timer.unref();
  return timer;
}
