import { validationFailed, type AppError } from '@crm/kit';
import type { ReadRecord } from '../read-model/read-model.model';
import { keyCodes, keyColumn } from '../read-model/key-columns';
import { keptAnswer, type WorkspaceData } from '../read-model/workspace-data';
import { accessorOf, catalogueOf, CUSTOM_PREFIX, minorOf, type GroupField, type Reference, type ReportObject } from './field-catalogue';
import { bucketOf, DATE_UNITS, localDay, type DateUnit } from './time-zone';

// The report engine: a definition checked against the catalogue, then the workspace's records
// filtered, grouped (date buckets in the workspace time zone) and measured in memory.

export interface ReportFilter {
  field: string;
  values: Array<string | null>;
}

export interface ReportDefinition {
  object: ReportObject;
  group_by: string[];
  measure: string;
  filters: ReportFilter[];
  date?: { field: string; from?: string; to?: string };
  chart: 'table' | 'bar' | 'line';
}

export type ReportDefinitionInput = Pick<ReportDefinition, 'object'> & Partial<Omit<ReportDefinition, 'object'>>;

// Groups a run answers at most; more set `truncated` (the largest by the measure are kept).
export const ROW_CAP = 500;
// Records behind one row.
export const RECORDS_CAP = 100;

export function withDefaults(input: ReportDefinitionInput): ReportDefinition {
  const definition: ReportDefinition = {
    object: input.object,
    group_by: input.group_by ?? [],
    measure: input.measure ?? 'count',
    filters: input.filters ?? [],
    chart: input.chart ?? 'bar',
  };
  if (input.date) definition.date = { field: input.date.field, ...(input.date.from ? { from: input.date.from } : {}), ...(input.date.to ? { to: input.date.to } : {}) };
  return definition;
}

interface Grouping {
  spec: string;
  field: string;
  read: (record: ReadRecord) => unknown;
  label: string;
  unit?: DateUnit;
  group?: GroupField;
}

interface CompiledMeasure {
  key: string;
  label: string;
  kind: 'count' | 'sum' | 'avg' | 'min' | 'max';
  field?: string;
  money: boolean;
  type: 'integer' | 'number';
}

export interface CompiledReport {
  definition: ReportDefinition;
  groupings: Grouping[];
  measure: CompiledMeasure;
  filters: Array<{ field: string; read: (record: ReadRecord) => unknown; values: Set<string | null> }>;
  date?: { field: string; from?: string; to?: string };
  currencyField?: string;
  newest: string;
}

// Checks the definition against the workspace's catalogue; `fail` makes the error (400 for a
// request's definition, 409 report_field_unavailable for a saved one whose field has gone).
export function compileReport(data: WorkspaceData, definition: ReportDefinition, prefix = '', fail: (message: string) => AppError = validationFailed): CompiledReport {
  const catalogue = catalogueOf(data, definition.object);
  const groups = new Map(catalogue.group_by.map((field) => [field.field, field]));
  const dates = new Map(catalogue.date_fields.map((field) => [field.field, field]));
  const groupings = definition.group_by.map((spec, index): Grouping => {
    const name = `${prefix}group_by.${index}`;
    const [field, unit, ...rest] = spec.split(':');
    if (dates.has(field!)) {
      if (unit === undefined || rest.length > 0 || !(DATE_UNITS as readonly string[]).includes(unit)) {
        throw fail(`${name}: the date field '${field}' needs a unit, one of ${DATE_UNITS.join(', ')} (for example ${field}:month)`);
      }
      return { spec, field: field!, read: accessorOf(field!), label: `${dates.get(field!)!.label} (${unit})`, unit: unit as DateUnit };
    }
    const group = groups.get(spec);
    if (!group) throw fail(`${name}: '${spec}' is not a field of ${definition.object} reports`);
    return { spec, field: spec, read: accessorOf(spec), label: group.label, group };
  });
  if (new Set(definition.group_by).size !== definition.group_by.length) throw fail(`${prefix}group_by: a field is named twice`);
  const measure = catalogue.measures.find((candidate) => candidate.key === definition.measure);
  if (!measure) throw fail(`${prefix}measure: '${definition.measure}' is not a measure of ${definition.object} reports`);
  const [kind, field] = measure.key.split(':') as [CompiledMeasure['kind'], string | undefined];
  const filters = definition.filters.map((filter, index) => {
    if (!groups.has(filter.field)) throw fail(`${prefix}filters.${index}.field: '${filter.field}' is not a field of ${definition.object} reports`);
    return { field: filter.field, read: accessorOf(filter.field), values: new Set(filter.values) };
  });
  if (definition.date) {
    if (!dates.has(definition.date.field)) throw fail(`${prefix}date.field: '${definition.date.field}' is not a date field of ${definition.object} reports`);
    if (definition.date.from && definition.date.to && definition.date.from > definition.date.to) throw fail(`${prefix}date.from must not be after date.to`);
  }
  return {
    definition,
    groupings,
    measure: { key: measure.key, label: measure.label, kind, field, money: measure.money, type: measure.type },
    filters,
    date: definition.date,
    currencyField: catalogue.currencyField,
    newest: catalogue.newest,
  };
}

// A field's value as a key: text, null when not set.
function asKey(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'string' ? value : String(value);
}

function groupKey(record: ReadRecord, grouping: Grouping, timezone: string): string | null {
  if (!grouping.unit) return asKey(grouping.read(record));
  const value = grouping.read(record);
  if (typeof value !== 'string' || value === '') return null;
  return bucketOf(localDay(value, timezone), grouping.unit).key;
}

// The records a report counts, with each grouping's key per record: kept columns when nothing
// filters (the kind's whole copy), else worked out for the filtered records.
function selectedWithKeys(data: WorkspaceData, report: CompiledReport): { records: ReadRecord[]; columns: Array<Array<string | null>> } {
  const timezone = data.settings.timezone;
  const records = selected(data, report);
  if (records === data.records[report.definition.object]) {
    return { records, columns: report.groupings.map((grouping) => keyColumn(records, `${grouping.spec}\u0000${timezone}`, (record) => groupKey(record, grouping, timezone))) };
  }
  return { records, columns: report.groupings.map((grouping) => records.map((record) => groupKey(record, grouping, timezone))) };
}

function selected(data: WorkspaceData, report: CompiledReport): ReadRecord[] {
  const timezone = data.settings.timezone;
  const { filters, date } = report;
  const dateRead = date ? accessorOf(date.field) : null;
  if (filters.length === 0 && !date) return data.records[report.definition.object];
  return data.records[report.definition.object].filter((record) => {
    for (const filter of filters) if (!filter.values.has(asKey(filter.read(record)))) return false;
    if (dateRead) {
      const value = dateRead(record);
      if (typeof value !== 'string' || value === '') return false;
      const day = localDay(value, timezone);
      if ((date!.from && day < date!.from) || (date!.to && day > date!.to)) return false;
    }
    return true;
  });
}

export function nameOf(data: WorkspaceData, references: Reference, id: string): string | null {
  if (references === 'member') return data.memberNames.get(id) ?? null;
  const kind = references === 'source' ? 'source' : references;
  const record = data.byId[kind].get(id);
  if (!record) return null;
  if (references === 'contact') return [record.first_name, record.last_name].filter((part) => typeof part === 'string').join(' ') || null;
  return (record.name as string | null) ?? null;
}

function labelOf(data: WorkspaceData, grouping: Grouping, key: string | null, names: Map<string, string | null>): string {
  if (key === null) return 'Not set';
  if (grouping.unit) return bucketOf(grouping.unit === 'day' || grouping.unit === 'week' ? key : grouping.unit === 'month' ? `${key}-01` : grouping.unit === 'quarter' ? `${key.slice(0, 4)}-${String((Number(key.slice(6)) - 1) * 3 + 1).padStart(2, '0')}-01` : `${key}-01-01`, grouping.unit).label;
  const group = grouping.group!;
  if (group.type === 'boolean') return key === 'true' ? 'Yes' : 'No';
  if (group.references) {
    const cacheKey = `${group.references}:${key}`;
    if (!names.has(cacheKey)) names.set(cacheKey, nameOf(data, group.references, key));
    return names.get(cacheKey) ?? key;
  }
  return key;
}

interface Accumulator {
  keys: Array<string | null>;
  count: number;
  // Per currency for money (the workspace currency under its code); under '' otherwise.
  sums: Map<string, { sum: number; count: number; min: number | null; max: number | null }>;
}

export interface RunColumn {
  key: string;
  label: string;
  type: 'string' | 'boolean' | 'number' | 'integer' | 'date' | 'money';
}

export interface RunRow {
  keys: Array<string | null>;
  labels: string[];
  value: number | null;
  other_currency: Array<{ currency: string; value: number | null }>;
}

export interface RunResult {
  object: ReportObject;
  columns: RunColumn[];
  money: boolean;
  currency: string | null;
  rows: RunRow[];
  truncated: boolean;
  chart: ReportDefinition['chart'];
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function measured(report: CompiledReport, totals: { sum: number; count: number; min: number | null; max: number | null } | undefined, rowCount: number): number | null {
  const { measure } = report;
  if (measure.kind === 'count') return rowCount;
  const scale = measure.money ? 100 : 1;
  if (!totals || totals.count === 0) return measure.kind === 'sum' ? 0 : null;
  switch (measure.kind) {
    case 'sum':
      return measure.money ? totals.sum / 100 : round(totals.sum, 6);
    case 'avg':
      return round(totals.sum / totals.count / scale, measure.money ? 2 : 4);
    case 'min':
      return totals.min === null ? null : totals.min / scale;
    case 'max':
      return totals.max === null ? null : totals.max / scale;
  }
}

// The same definition over an unchanged workspace is counted once (a dashboard asks again and
// again); the answer depends on nothing else.
export function runReport(data: WorkspaceData, report: CompiledReport): RunResult {
  return keptAnswer(data, `run\u0000${JSON.stringify(report.definition)}`, () => countReport(data, report));
}

function countReport(data: WorkspaceData, report: CompiledReport): RunResult {
  const workspaceCurrency = data.settings.currency;
  const groups = new Map<string, Accumulator>();
  const { measure } = report;
  const measureRead = measure.field && !measure.money ? accessorOf(measure.field) : null;
  const { records, columns: groupColumns } = selectedWithKeys(data, report);
  for (let position = 0; position < records.length; position++) {
    const record = records[position]!;
    const keys = groupColumns.map((column) => column[position]!);
    // Keys never hold control characters (single-line values, ids, buckets).
    const id = keys.length === 1 ? (keys[0] ?? '\u0000') : keys.map((key) => key ?? '\u0000').join('\u0001');
    let accumulator = groups.get(id);
    if (!accumulator) groups.set(id, (accumulator = { keys, count: 0, sums: new Map() }));
    accumulator.count += 1;
    if (measure.kind === 'count' || !measure.field) continue;
    const amount = measure.money ? minorOf(record, measure.field) : measureRead!(record);
    if (typeof amount !== 'number' || !Number.isFinite(amount)) continue;
    const currency = measure.money && report.currencyField ? String(record[report.currencyField] ?? workspaceCurrency) : '';
    let totals = accumulator.sums.get(currency);
    if (!totals) accumulator.sums.set(currency, (totals = { sum: 0, count: 0, min: null, max: null }));
    totals.sum += amount;
    totals.count += 1;
    totals.min = totals.min === null ? amount : Math.min(totals.min, amount);
    totals.max = totals.max === null ? amount : Math.max(totals.max, amount);
  }
  const names = new Map<string, string | null>();
  const own = measure.money ? workspaceCurrency : '';
  let rows: RunRow[] = [...groups.values()].map((accumulator) => {
    const inOwn = accumulator.sums.get(own);
    const ownCount = measure.kind === 'count' ? accumulator.count : (inOwn?.count ?? 0);
    return {
      keys: accumulator.keys,
      labels: accumulator.keys.map((key, index) => labelOf(data, report.groupings[index]!, key, names)),
      value: measured(report, inOwn, ownCount),
      other_currency: measure.money
        ? [...accumulator.sums.entries()]
            .filter(([currency]) => currency !== own)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([currency, totals]) => ({ currency, value: measured(report, totals, totals.count) }))
        : [],
    };
  });
  // The largest groups are kept when there are more than the cap.
  const byValue = (a: RunRow, b: RunRow) => (b.value ?? -Infinity) - (a.value ?? -Infinity) || a.labels.join('\u0000').localeCompare(b.labels.join('\u0000'));
  const truncated = rows.length > ROW_CAP;
  if (truncated) rows = [...rows].sort(byValue).slice(0, ROW_CAP);
  // Dates read in time order (not set last); other groupings largest first.
  if (report.groupings.some((grouping) => grouping.unit)) {
    rows.sort((a, b) => {
      for (let index = 0; index < a.keys.length; index++) {
        const left = a.keys[index] ?? null;
        const right = b.keys[index] ?? null;
        if (left === right) continue;
        if (!report.groupings[index]!.unit) return byValue(a, b);
        if (left === null) return 1;
        if (right === null) return -1;
        return left < right ? -1 : 1;
      }
      return 0;
    });
  } else rows.sort(byValue);
  const columns: RunColumn[] = [
    ...report.groupings.map((grouping): RunColumn => ({ key: grouping.spec, label: grouping.label, type: grouping.unit ? 'date' : grouping.group!.type === 'id' ? 'string' : grouping.group!.type })),
    { key: measure.key, label: measure.label, type: measure.money ? 'money' : measure.type },
  ];
  return {
    object: report.definition.object,
    columns,
    money: measure.money,
    currency: measure.money ? workspaceCurrency : null,
    rows,
    truncated,
    chart: report.definition.chart,
  };
}

const HIDDEN = new Set(['_id', 'workspace_id', 'version', 'deleted', 'seq', 'custom']);

// A record as the records behind a row show it: its fields (money in major units, custom
// fields under custom) with the names of what its ids point at.
export type RecordView = { id: string } & Record<string, unknown>;

function recordView(data: WorkspaceData, references: GroupField[], record: ReadRecord): RecordView {
  const view: RecordView = { id: record._id };
  for (const [field, value] of Object.entries(record)) {
    if (HIDDEN.has(field)) continue;
    if (field.endsWith('_minor')) view[field.slice(0, -'_minor'.length)] = typeof value === 'number' ? value / 100 : null;
    else view[field] = value ?? null;
  }
  view.custom = record.custom ?? {};
  for (const group of references) {
    const id = record[group.field];
    view[`${group.field.replace(/_id$/, '')}_name`] = typeof id === 'string' ? nameOf(data, group.references!, id) : null;
  }
  return view;
}

// A record's place in newest-first order: its date as text (ISO timestamps and days compare as
// text), '' when not set.
const newestOf = (record: ReadRecord, field: string): string => {
  const value = record[field];
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
};

// `shown` leaves records out of the answer and its total (what the caller may not see).
export function reportRecords(
  data: WorkspaceData,
  report: CompiledReport,
  keys: Array<string | null>,
  shown: ((record: ReadRecord) => boolean) | null = null,
): { total: number; records: RecordView[] } {
  if (keys.length !== report.groupings.length) throw validationFailed(`keys must have ${report.groupings.length} item${report.groupings.length === 1 ? '' : 's'}, one per group_by field`);
  const newest = report.newest;
  // Newest first: the date, then ids (time-ordered). Only the 100 newest are kept while counting,
  // in a sorted array with each one's date beside it. Records are kept mostly in the order they
  // were made, so walking from the end meets the newest first: once 100 are kept, a match costs
  // one comparison with the oldest kept, instead of a search and an insertion each.
  const ordered: ReadRecord[] = [];
  const orderedDates: string[] = [];
  const isNewer = (date: string, record: ReadRecord, index: number) => date > orderedDates[index]! || (date === orderedDates[index] && record._id > ordered[index]!._id);
  const { records: candidates, columns } = selectedWithKeys(data, report);
  const whole = candidates === data.records[report.definition.object];
  // Each grouping's column as numbers and the number of the row's key (-1: no record has it);
  // kept with the column when the whole kind is walked, else 1 where the key is the row's.
  const coded = columns.map((column, index) => {
    const key = keys[index] ?? null;
    if (!whole) return { codes: Int32Array.from(column, (value) => (value === key ? 1 : 0)), code: 1 };
    const { codes, codeOf } = keyCodes(column);
    return { codes, code: codeOf.get(key) ?? -1 };
  });
  // The date each record is ordered by, kept like a group key.
  const dates = whole ? keyColumn(candidates, `newest\u0000${newest}`, (record) => newestOf(record, newest)) : null;
  let total = 0;
  for (let position = candidates.length - 1; position >= 0; position--) {
    let matches = true;
    for (let index = 0; index < coded.length; index++) {
      if (coded[index]!.codes[position] !== coded[index]!.code) {
        matches = false;
        break;
      }
    }
    if (!matches) continue;
    const record = candidates[position]!;
    if (shown && !shown(record)) continue;
    total += 1;
    const date = dates ? (dates[position] ?? '') : newestOf(record, newest);
    if (ordered.length === RECORDS_CAP) {
      if (!isNewer(date, record, RECORDS_CAP - 1)) continue;
      ordered.pop();
      orderedDates.pop();
    }
    let low = 0;
    let high = ordered.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (isNewer(date, record, middle)) high = middle;
      else low = middle + 1;
    }
    if (low === ordered.length) {
      ordered.push(record);
      orderedDates.push(date);
    } else {
      ordered.splice(low, 0, record);
      orderedDates.splice(low, 0, date);
    }
  }
  const references = catalogueOf(data, report.definition.object).group_by.filter(
    (group) => group.references && !group.field.startsWith(CUSTOM_PREFIX) && (shown === null || group.references !== 'contact'),
  );
  return { total, records: ordered.map((record) => recordView(data, references, record)) };
}
