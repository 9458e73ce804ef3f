import type { ClientSession, FilterQuery, Model } from 'mongoose';
import { timeSlices } from './turn-hand-off';

export interface BatchReadOptions<T> {
  // Read inside this transaction (its snapshot and its own writes).
  session?: ClientSession | null;
  // Only these fields (with _id and the order's field); whole records when absent.
  select?: ReadonlyArray<keyof T & string>;
}

// Reads a collection's records a batch at a time in a keyset order (the field, then _id), each
// batch one indexed query that stops after `size` records: memory holds one batch whatever the
// workspace's size, and no batch re-reads what an earlier one gave. The event loop gets a turn
// before the next batch once the reads and the caller's work on the batches have computed for a
// slice (timeSlices): a test of every record of a workspace in one query held its thread, and every
// request on it, for the whole scan on the embedded store. Records that share the field's value are finished
// (by _id) before moving past it, so any number of ties is fine. Declare an index on
// `{workspace_id, <field>, _id}` (either direction) to serve it, `{workspace_id, _id}` for a null
// field (without it the _id index is walked through every workspace's records).
export async function* inBatches<T extends { _id: string }>(
  model: Model<T>,
  base: FilterQuery<T>,
  field: (keyof T & string) | null,
  size: number,
  options: BatchReadOptions<T> = {},
): AsyncGenerator<T[]> {
  const projection = options.select
    ? Object.fromEntries([...new Set(['_id', ...(field ? [field] : []), ...options.select])].map((name) => [name, 1]))
    : null;
  const read = (filter: FilterQuery<T>, sort: Record<string, 1>, limit: number) =>
    model
      .find(filter, projection)
      .sort(sort)
      .limit(limit)
      .session(options.session ?? null)
      .lean<T[]>()
      .exec();
  const pause = timeSlices();
  let last: T | undefined;
  for (;;) {
    if (last) await pause();
    let batch: T[];
    if (field === null) {
      batch = await read(last ? { ...base, _id: { $gt: last._id } } : base, { _id: 1 }, size);
    } else if (!last) {
      batch = await read(base, { [field]: 1, _id: 1 }, size);
    } else {
      const key = last[field] as unknown;
      const ties = await read({ ...base, [field]: key, _id: { $gt: last._id } }, { _id: 1 }, size);
      const beyond =
        ties.length < size
          ? await read({ ...base, [field]: { $gt: key } }, { [field]: 1, _id: 1 }, size - ties.length)
          : [];
      batch = [...ties, ...beyond];
    }
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < size && field === null) return;
    last = batch[batch.length - 1];
  }
}
