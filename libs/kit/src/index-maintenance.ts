import type { Collection } from 'mongoose';

// Drops a collection's indexes that `unwanted` picks (by key pattern and name): for data upgrades
// that retire an index. A collection not created yet has none (MongoDB refuses to list them).
// Answers how many it dropped.
export async function dropIndexesWhere(
  collection: Pick<Collection, 'listIndexes' | 'dropIndex'>,
  unwanted: (index: { key: Record<string, unknown>; name: string }) => boolean,
): Promise<number> {
  const indexes: Array<{ key: Record<string, unknown>; name: string }> = await collection
    .listIndexes()
    .toArray()
    .catch(() => []);
  let dropped = 0;
  for (const index of indexes.filter(unwanted)) {
    await collection.dropIndex(index.name);
    dropped += 1;
  }
  return dropped;
}
