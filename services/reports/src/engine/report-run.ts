import type { ReadRecord } from '../read-model/read-model.model';
import { keptAnswer, type WorkspaceData } from '../read-model/workspace-data';
import { accessorOf, minorOf, type ReportObject } from './field-catalogue';
import type { CompiledReport, Grouping, ReportDefinition } from './report-definition';
import { labelOf } from './report-labels';
import { selectedWithKeys, textOf } from './report-selection';

// A report run: the selected records grouped by their keys (date buckets in the workspace time
// zone), each group measured, the groups turned into labelled rows in their order.

// Groups a run answers at most; more set `truncated` (the largest by the measure are kept).
export const ROW_CAP = 500;

interface Totals {
  sum: number;
  count: number;
  min: number | null;
  max: number | null;
}

interface Accumulator {
  keys: Array<string | null>;
  count: number;
  // Per currency for money (the workspace currency under its code); under '' otherwise.
  sums: Map<string, Totals>;
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

// The same definition over an unchanged workspace is counted once (a dashboard asks again and
// again); the answer depends on nothing else.
export function runReport(data: WorkspaceData, report: CompiledReport): RunResult {
  return keptAnswer(data, `run\u0000${JSON.stringify(report.definition)}`, () => countReport(data, report));
}

function countReport(data: WorkspaceData, report: CompiledReport): RunResult {
  const { measure } = report;
  const workspaceCurrency = data.settings.currency;
  const groups = accumulate(data, report);
  const names = new Map<string, string | null>();
  const own = measure.money ? workspaceCurrency : '';
  const allRows = [...groups.values()].map((accumulator) => rowOf(data, report, accumulator, own, names));
  // The largest groups are kept when there are more than the cap.
  const truncated = allRows.length > ROW_CAP;
  const rows = truncated ? [...allRows].sort(byValue).slice(0, ROW_CAP) : allRows;
  sortRows(rows, report.groupings);
  return {
    object: report.definition.object,
    columns: columnsOf(report),
    money: measure.money,
    currency: measure.money ? workspaceCurrency : null,
    rows,
    truncated,
    chart: report.definition.chart,
  };
}

// One accumulator per distinct combination of keys, with its count and, for a measure of a
// field, the totals of that field per currency.
function accumulate(data: WorkspaceData, report: CompiledReport): Map<string, Accumulator> {
  const workspaceCurrency = data.settings.currency;
  const groups = new Map<string, Accumulator>();
  const { measure } = report;
  const measureRead = measure.field && !measure.money ? accessorOf(measure.field) : null;
  const { records, columns } = selectedWithKeys(data, report);
  for (let position = 0; position < records.length; position++) {
    const record = records[position];
    const keys = columns.map((column) => column[position]!);
    // Keys never hold control characters (single-line values, ids, buckets).
    const id = keys.length === 1 ? (keys[0] ?? '\u0000') : keys.map((key) => key ?? '\u0000').join('\u0001');
    let accumulator = groups.get(id);
    if (!accumulator) groups.set(id, (accumulator = { keys, count: 0, sums: new Map() }));
    accumulator.count += 1;
    if (measure.kind === 'count' || !measure.field) continue;
    const amount = measure.money ? minorOf(record, measure.field) : measureRead!(record);
    if (typeof amount !== 'number' || !Number.isFinite(amount)) continue;
    addAmount(accumulator, currencyOf(record, report, workspaceCurrency), amount);
  }
  return groups;
}

function currencyOf(record: ReadRecord, report: CompiledReport, workspaceCurrency: string): string {
  if (!report.measure.money || !report.currencyField) return '';
  return textOf(record[report.currencyField] ?? workspaceCurrency);
}

function addAmount(accumulator: Accumulator, currency: string, amount: number): void {
  let totals = accumulator.sums.get(currency);
  if (!totals) accumulator.sums.set(currency, (totals = { sum: 0, count: 0, min: null, max: null }));
  totals.sum += amount;
  totals.count += 1;
  totals.min = totals.min === null ? amount : Math.min(totals.min, amount);
  totals.max = totals.max === null ? amount : Math.max(totals.max, amount);
}

// A group as a row: its keys, their labels, the measure in `own` currency and, for money, the
// measure in each other currency.
function rowOf(
  data: WorkspaceData,
  report: CompiledReport,
  accumulator: Accumulator,
  own: string,
  names: Map<string, string | null>,
): RunRow {
  const { measure } = report;
  const inOwn = accumulator.sums.get(own);
  const ownCount = measure.kind === 'count' ? accumulator.count : (inOwn?.count ?? 0);
  return {
    keys: accumulator.keys,
    labels: accumulator.keys.map((key, index) => labelOf(data, report.groupings[index], key, names)),
    value: measured(report, inOwn, ownCount),
    other_currency: measure.money ? otherCurrencies(report, accumulator, own) : [],
  };
}

function otherCurrencies(report: CompiledReport, accumulator: Accumulator, own: string): RunRow['other_currency'] {
  return [...accumulator.sums.entries()]
    .filter(([currency]) => currency !== own)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, totals]) => ({ currency, value: measured(report, totals, totals.count) }));
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function measured(report: CompiledReport, totals: Totals | undefined, rowCount: number): number | null {
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

// Largest first, then by label.
function byValue(a: RunRow, b: RunRow): number {
  return (
    (b.value ?? -Infinity) - (a.value ?? -Infinity) || a.labels.join('\u0000').localeCompare(b.labels.join('\u0000'))
  );
}

// Dates read in time order (not set last); other groupings largest first.
function sortRows(rows: RunRow[], groupings: Grouping[]): void {
  if (!groupings.some((grouping) => grouping.unit)) {
    rows.sort(byValue);
    return;
  }
  rows.sort((a, b) => {
    for (let index = 0; index < a.keys.length; index++) {
      const left = a.keys[index] ?? null;
      const right = b.keys[index] ?? null;
      if (left === right) continue;
      if (!groupings[index].unit) return byValue(a, b);
      if (left === null) return 1;
      if (right === null) return -1;
      return left < right ? -1 : 1;
    }
    return 0;
  });
}

function columnType(grouping: Grouping): RunColumn['type'] {
  if (grouping.unit) return 'date';
  const type = grouping.group!.type;
  return type === 'id' ? 'string' : type;
}

function columnsOf(report: CompiledReport): RunColumn[] {
  const { measure } = report;
  return [
    ...report.groupings.map((grouping): RunColumn => ({
      key: grouping.spec,
      label: grouping.label,
      type: columnType(grouping),
    })),
    { key: measure.key, label: measure.label, type: measure.money ? 'money' : measure.type },
  ];
}
