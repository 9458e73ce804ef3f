import { isUuid } from '@crm/kit';

const ID_FIELD = /(^id$|_id$|_ids$|^ids$|^version$)/;

// Every id (UUID) a payload mentions, at any depth.
export function idsMentioned(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    if (isUuid(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) idsMentioned(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) idsMentioned(item, into);
  }
  return into;
}

// What is left of a payload that mentions an erased person: its ids and versions (fields named
// id, *_id, *_ids, version), at any depth; names, emails, notes and every other value go.
export function idsOnly(value: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [field, item] of Object.entries(value)) {
    if (ID_FIELD.test(field)) kept[field] = item;
    else if (Array.isArray(item)) {
      const nested = item
        .filter((entry) => entry !== null && typeof entry === 'object' && !Array.isArray(entry))
        .map((entry) => idsOnly(entry as Record<string, unknown>));
      if (nested.length > 0) kept[field] = nested;
    } else if (item !== null && typeof item === 'object') {
      const nested = idsOnly(item as Record<string, unknown>);
      if (Object.keys(nested).length > 0) kept[field] = nested;
    }
  }
  return kept;
}

// Whether a text value of the payload, at any depth, holds one of the person's terms as a whole
// word (field names are not read: "ted" is not found in `created_at`).
export function namesAnyTerm(value: unknown, pattern: RegExp): boolean {
  if (typeof value === 'string') {
    pattern.lastIndex = 0;
    return pattern.test(value);
  }
  if (Array.isArray(value)) return value.some((item) => namesAnyTerm(item, pattern));
  if (value !== null && typeof value === 'object')
    return Object.values(value).some((item) => namesAnyTerm(item, pattern));
  return false;
}
