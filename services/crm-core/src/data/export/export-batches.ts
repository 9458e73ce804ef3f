import type { FilterQuery, Model } from 'mongoose';

// Reads a collection's records a batch at a time in a keyset order (the field, then _id), each
// batch one indexed query that stops after `size` records: memory holds one batch whatever the
// workspace's size, and no batch re-reads what an earlier one gave. Records that share the
// field's value are finished (by _id) before moving past it, so any number of ties is fine.
export async function* inBatches<T extends { _id: string }>(
  model: Model<T>,
  base: FilterQuery<T>,
  field: (keyof T & string) | null,
  size: number,
): AsyncGenerator<T[]> {
  let last: T | undefined;
  for (;;) {
    let batch: T[];
    if (field === null) {
      const filter = last ? { ...base, _id: { $gt: last._id } } : base;
      batch = await model.find(filter).sort({ _id: 1 }).limit(size).lean<T[]>().exec();
    } else if (!last) {
      batch = await model
        .find(base)
        .sort({ [field]: 1, _id: 1 })
        .limit(size)
        .lean<T[]>()
        .exec();
    } else {
      const key = last[field] as unknown;
      const ties = await model
        .find({ ...base, [field]: key, _id: { $gt: last._id } } as FilterQuery<T>)
        .sort({ _id: 1 })
        .limit(size)
        .lean<T[]>()
        .exec();
      const beyond =
        ties.length < size
          ? await model
              .find({ ...base, [field]: { $gt: key } } as FilterQuery<T>)
              .sort({ [field]: 1, _id: 1 })
              .limit(size - ties.length)
              .lean<T[]>()
              .exec()
          : [];
      batch = [...ties, ...beyond];
    }
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < size && field === null) return;
    last = batch[batch.length - 1];
  }
}
