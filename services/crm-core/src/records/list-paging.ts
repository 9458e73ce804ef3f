import { decodeCursor, encodeCursor, validationFailed, type KeysetOrder, type KeysetPage } from '@crm/kit';
import type { FilterQuery } from 'mongoose';

// Paging of lists whose candidates are gathered in memory (e.g. the union of a prefix search over
// several indexed terms): the same opaque cursors and order as keysetPage, so a client cannot tell
// the two apart.

export type SortKey = string | number | null;
export interface Candidate {
  _id: string;
  key: SortKey;
}

// BSON order of the sort keys lists use: null first, numbers before strings, strings by UTF-8
// bytes; equal keys by id.
function compareKeys(a: SortKey, b: SortKey): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

export function compareCandidates(order: KeysetOrder, a: Candidate, b: Candidate): number {
  const byKey = compareKeys(a.key, b.key);
  const compared = byKey !== 0 ? byKey : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
  return compared * order.direction;
}

// Candidates sorted in the order, deduplicated by id.
export function sortCandidates(order: KeysetOrder, candidates: Iterable<Candidate>): Candidate[] {
  const unique = new Map<string, Candidate>();
  for (const candidate of candidates) unique.set(candidate._id, candidate);
  return [...unique.values()].sort((a, b) => compareCandidates(order, a, b));
}

// One cursor page of sorted candidates: those strictly after the cursor's position.
export function candidatePage(
  order: KeysetOrder,
  sorted: Candidate[],
  limit: number,
  cursor: string | undefined,
): KeysetPage<Candidate> {
  let start = 0;
  if (cursor !== undefined) {
    const position = decodeCursor(cursor);
    if (position.sort !== order.name) throw validationFailed(`cursor does not belong to the ${order.name} order`);
    const after = { _id: position.id, key: position.key };
    start = sorted.findIndex((candidate) => compareCandidates(order, candidate, after) > 0);
    if (start === -1) start = sorted.length;
  }
  const data = sorted.slice(start, start + limit);
  const last = data[data.length - 1];
  const more = start + limit < sorted.length && last !== undefined;
  return { data, next_cursor: more ? encodeCursor({ key: last.key, id: last._id, sort: order.name }) : null };
}

// The list's filter for the page after a cursor, with the cursor's key as a one-sided range on
// the sort field (inclusive: equal keys are told apart by id in keysetAfter's $or). keysetAfter's
// $or ends with a null-key branch that leaves the embedded planner no bound, so without this a
// deep page walks every key before it; with it the walk starts at the cursor. Only for sort
// fields that are never null (a null-key row would be left out when walking down).
export function fromCursor<T>(filter: FilterQuery<T>, order: KeysetOrder, cursor: string | undefined): FilterQuery<T> {
  if (cursor === undefined) return filter;
  const { key } = decodeCursor(cursor);
  if (key === null) return filter;
  const current = (filter as Record<string, unknown>)[order.field];
  const bound = { [order.direction === -1 ? '$lte' : '$gte']: key };
  const combined =
    typeof current === 'object' && current !== null && !Array.isArray(current) ? { ...current, ...bound } : bound;
  return { ...filter, [order.field]: current === undefined || typeof current === 'object' ? combined : current };
}
