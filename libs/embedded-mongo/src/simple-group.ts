import { isPlainObject, type Document } from './bson-values';

// The common $group (by fields, counting and summing fields) computed directly over the decoded
// documents, with the server's semantics: a field missing from the documents is left out of an
// `_id` object (and groups as null for a plain `_id: '$field'`), null is a value of its own, and
// $sum adds numbers and ignores everything else. The general engine evaluates every expression
// through its interpreter, several times per document; a list's totals over thousands of matches
// spent most of their time there. Anything else (nested paths, operators, other accumulators,
// values other than strings, numbers, booleans and null) answers undefined and is left to the
// general engine.

type Key =
  | { kind: 'constant'; value: unknown }
  | { kind: 'field'; field: string }
  | { kind: 'fields'; fields: Array<[string, string]> };
type Accumulator = { name: string; constant: number } | { name: string; field: string };

const MISSING = Symbol('missing');

// `$name` with no path and no variable.
function fieldOf(expression: unknown): string | undefined {
  return typeof expression === 'string' && /^\$[^$.]+$/.test(expression) ? expression.slice(1) : undefined;
}

function keyOf(spec: unknown): Key | undefined {
  if (spec === null || typeof spec === 'number' || typeof spec === 'boolean') return { kind: 'constant', value: spec };
  if (typeof spec === 'string') {
    if (!spec.startsWith('$')) return { kind: 'constant', value: spec };
    const field = fieldOf(spec);
    return field === undefined ? undefined : { kind: 'field', field };
  }
  if (!isPlainObject(spec)) return undefined;
  const fields: Array<[string, string]> = [];
  for (const [name, expression] of Object.entries(spec)) {
    const field = fieldOf(expression);
    if (field === undefined || name.startsWith('$') || name.includes('.')) return undefined;
    fields.push([name, field]);
  }
  return fields.length > 0 ? { kind: 'fields', fields } : undefined;
}

function accumulatorsOf(stage: Document): Accumulator[] | undefined {
  const accumulators: Accumulator[] = [];
  for (const [name, spec] of Object.entries(stage)) {
    if (name === '_id') continue;
    if (name.includes('.') || name.startsWith('$') || !isPlainObject(spec)) return undefined;
    const entries = Object.entries(spec);
    if (entries.length !== 1 || entries[0][0] !== '$sum') return undefined;
    const argument: unknown = entries[0][1];
    if (typeof argument === 'number' && Number.isFinite(argument)) accumulators.push({ name, constant: argument });
    else {
      const field = fieldOf(argument);
      if (field === undefined) return undefined;
      accumulators.push({ name, field });
    }
  }
  return accumulators;
}

// A grouping text for a simple value; undefined for any other (the general engine decides).
function keyText(value: unknown): string | undefined {
  if (value === MISSING) return 'm';
  if (value === null) return 'n';
  switch (typeof value) {
    case 'string':
      return `s${value}`;
    case 'number':
      // -0 and 0 are one value, as on the server.
      return `d${value === 0 ? 0 : value}`;
    case 'boolean':
      return value ? 't' : 'f';
    default:
      return undefined;
  }
}

function read(document: Document, field: string): unknown {
  return Object.prototype.hasOwnProperty.call(document, field) ? document[field] : MISSING;
}

export function simpleGroup(documents: readonly Document[], stage: unknown): Document[] | undefined {
  if (!isPlainObject(stage) || !('_id' in stage)) return undefined;
  const key = keyOf(stage._id);
  const accumulators = accumulatorsOf(stage);
  if (!key || !accumulators) return undefined;
  const groups = new Map<string, Document>();
  for (const document of documents) {
    let text: string;
    let id: unknown;
    if (key.kind === 'constant') {
      text = '';
      id = key.value;
    } else if (key.kind === 'field') {
      const value = read(document, key.field);
      const part = keyText(value === MISSING ? null : value);
      if (part === undefined) return undefined;
      text = part;
      id = value === MISSING ? null : value;
    } else {
      text = '';
      const object: Document = {};
      for (const [name, field] of key.fields) {
        const value = read(document, field);
        const part = keyText(value);
        if (part === undefined) return undefined;
        text += `${part.length}:${part}`;
        if (value !== MISSING) object[name] = value;
      }
      id = object;
    }
    let group = groups.get(text);
    if (!group) {
      group = { _id: key.kind === 'fields' ? { ...(id as Document) } : id };
      for (const accumulator of accumulators) group[accumulator.name] = 0;
      groups.set(text, group);
    }
    for (const accumulator of accumulators) {
      if ('constant' in accumulator) {
        group[accumulator.name] = (group[accumulator.name] as number) + accumulator.constant;
        continue;
      }
      const value = read(document, accumulator.field);
      if (typeof value === 'number') group[accumulator.name] = (group[accumulator.name] as number) + value;
      // Numbers of other types (long, decimal) keep their own arithmetic in the general engine.
      else if (value !== null && typeof value === 'object' && !Array.isArray(value) && '_bsontype' in value)
        return undefined;
    }
  }
  return [...groups.values()];
}
