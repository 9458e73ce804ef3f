import type { FilterQuery, Model } from 'mongoose';
import { validationFailed } from './errors';

// Opaque cursors: the position after the last item of a page (its sort key and id), so a
// page boundary stays stable when records are inserted before or after it. The sort's name
// travels with it, so a cursor of one order cannot be replayed against another.
export interface CursorPosition {
  key: string | number | null;
  id: string;
  sort?: string;
}

export function encodeCursor(position: CursorPosition): string {
  const parts = position.sort === undefined ? [position.key, position.id] : [position.key, position.id, position.sort];
  return Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      (parsed.length === 2 || (parsed.length === 3 && typeof parsed[2] === 'string')) &&
      typeof parsed[1] === 'string' &&
      (parsed[0] === null || ['string', 'number'].includes(typeof parsed[0]))
    ) {
      return {
        key: parsed[0] as CursorPosition['key'],
        id: parsed[1],
        ...(parsed.length === 3 ? { sort: parsed[2] as string } : {}),
      };
    }
  } catch {
    // fall through to the validation error
  }
  throw validationFailed('cursor is invalid');
}

// An order for keyset paging: one field and a direction, with the id as the tie-breaker in
// the same direction (declare an index on `{workspace_id, <field>, _id}` to serve it).
export interface KeysetOrder {
  // Names the order inside cursors, e.g. `created_desc`.
  name: string;
  field: string;
  direction: 1 | -1;
}

export interface KeysetPage<T> {
  data: T[];
  next_cursor: string | null;
}

function valueAt(record: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | null | undefined)?.[key], record);
}

// The records after a position, in BSON order: null (or missing) sorts before every string and
// number, so it comes first ascending and last descending.
export function keysetAfter(order: KeysetOrder, position: CursorPosition): FilterQuery<unknown> {
  const { field, direction } = order;
  const beyond = direction === 1 ? '$gt' : '$lt';
  if (position.key === null) {
    const sameKey = { [field]: null, _id: { [beyond]: position.id } };
    return direction === 1 ? { $or: [sameKey, { [field]: { $ne: null } }] } : sameKey;
  }
  const after = [{ [field]: { [beyond]: position.key } }, { [field]: position.key, _id: { [beyond]: position.id } }];
  return { $or: direction === 1 ? after : [...after, { [field]: null }] };
}

// One page of a list in a keyset order: the filter, then the records after the cursor, one
// more than asked to know whether a next page exists. No count, no skip: constant work per page.
export async function keysetPage<T extends { _id: string }>(
  model: Model<T>,
  filter: FilterQuery<T>,
  options: { order: KeysetOrder; limit: number; cursor?: string },
): Promise<KeysetPage<T>> {
  const { order, limit } = options;
  let query = filter;
  if (options.cursor !== undefined) {
    const position = decodeCursor(options.cursor);
    if (position.sort !== order.name) throw validationFailed(`cursor does not belong to the ${order.name} order`);
    query = { $and: [filter, keysetAfter(order, position)] };
  }
  const rows = await model
    .find(query)
    .sort({ [order.field]: order.direction, _id: order.direction })
    .limit(limit + 1)
    .lean<T[]>()
    .exec();
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  const more = rows.length > limit && last !== undefined;
  const key = last ? (valueAt(last, order.field) ?? null) : null;
  if (more && key !== null && typeof key !== 'string' && typeof key !== 'number') {
    throw new Error(`keyset order ${order.name} needs a string or number field, ${order.field} is ${typeof key}`);
  }
  return {
    data,
    next_cursor: more ? encodeCursor({ key: key as CursorPosition['key'], id: last._id, sort: order.name }) : null,
  };
}
