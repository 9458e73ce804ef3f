import type { ReadRecord } from './read-model.model';

// Each grouping's key (a field's value, a date's bucket) for every record of a kind, worked out
// once per copy of the kind's records and kept beside it: a report compares kept keys instead of
// reading fields of 100,000 records of varied shapes on every request. A copy never changes (a
// change makes a new array); a copy made from another with records replaced in place and others
// added at the end starts from the other's keys, so one changed deal costs one key, not 100,000.

export type KeyColumn = Array<string | null>;

// Columns kept per copy (about 0.8 MB each at 100,000 records), the least recently made dropped.
const KEPT_COLUMNS = 16;

const kept = new WeakMap<ReadRecord[], Map<string, KeyColumn>>();
const derived = new WeakMap<ReadRecord[], { columns: Map<string, KeyColumn>; length: number; changed: number[] }>();

function columnsOf(records: ReadRecord[]): Map<string, KeyColumn> {
  let columns = kept.get(records);
  if (!columns) kept.set(records, (columns = new Map<string, KeyColumn>()));
  return columns;
}

// `next` is `previous` with the records at `changed` replaced and any others added at its end.
// Only the previous copy's columns are held (not its records), so copies do not chain.
export function deriveKeyColumns(previous: ReadRecord[], next: ReadRecord[], changed: number[]): void {
  derived.set(next, { columns: columnsOf(previous), length: previous.length, changed });
}

export function keyColumn(records: ReadRecord[], id: string, keyOf: (record: ReadRecord) => string | null): KeyColumn {
  const columns = columnsOf(records);
  let column = columns.get(id);
  if (column) return column;
  const derivation = derived.get(records);
  const earlier = derivation?.columns.get(id);
  if (derivation && earlier && earlier.length === derivation.length) {
    column = earlier.slice();
    for (const position of derivation.changed) column[position] = keyOf(records[position]);
    for (let position = derivation.length; position < records.length; position++) column.push(keyOf(records[position]));
  } else {
    column = new Array<string | null>(records.length);
    for (let position = 0; position < records.length; position++) column[position] = keyOf(records[position]);
  }
  if (columns.size >= KEPT_COLUMNS) columns.delete(columns.keys().next().value as string);
  columns.set(id, column);
  return column;
}

// A column as small numbers, one per distinct key, for finding the records of one row: comparing
// numbers instead of ids that share long prefixes. Made once per column.
export interface KeyCodes {
  codes: Int32Array;
  codeOf: Map<string | null, number>;
}

const coded = new WeakMap<KeyColumn, KeyCodes>();

export function keyCodes(column: KeyColumn): KeyCodes {
  let result = coded.get(column);
  if (!result) {
    const codeOf = new Map<string | null, number>();
    const codes = new Int32Array(column.length);
    for (let position = 0; position < column.length; position++) {
      const key = column[position]!;
      let code = codeOf.get(key);
      if (code === undefined) codeOf.set(key, (code = codeOf.size));
      codes[position] = code;
    }
    coded.set(column, (result = { codes, codeOf }));
  }
  return result;
}
