// Values that many of a workspace's records repeat (the workspace, a stage, an owner, a country, a
// band) are kept once. Each record read from the store comes with strings of its own: at 100,000
// companies the copies of a handful of ids and codes held more memory than the companies' names.
// A workspace's pool lives as long as its data in memory (a load starts a new one).
export type SharedValues = Map<string, string>;

// Longer values that are not references (names, timestamps, notes) rarely repeat: pooling them
// would cost an entry each and save nothing.
const SHORT_TEXT = 16;

const sharedField = (field: string, value: string): boolean =>
  field !== '_id' && (field.endsWith('_id') || value.length <= SHORT_TEXT);

// Replaces the record's pooled string fields (top level) with the pool's copy of the same value,
// in place; returns the record.
export function shareValues<T extends object>(record: T, pool: SharedValues): T {
  const fields = record as Record<string, unknown>;
  for (const field of Object.keys(fields)) {
    const value = fields[field];
    if (typeof value !== 'string' || !sharedField(field, value)) continue;
    const kept = pool.get(value);
    if (kept === undefined) pool.set(value, value);
    else fields[field] = kept;
  }
  return record;
}
