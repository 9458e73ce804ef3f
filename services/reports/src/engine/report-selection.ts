import type { ReadRecord } from '../read-model/read-model.model';
import { keyColumn } from '../read-model/key-columns';
import type { WorkspaceData } from '../read-model/workspace-data';
import { accessorOf } from './field-catalogue';
import type { CompiledReport, Grouping } from './report-definition';
import { bucketOf, localDay } from './time-zone';

// The records a report counts (its filters and date range applied) and the key of each of its
// groupings per record.

// A stored field's value as text. Report fields hold text, numbers or booleans; anything else
// (never expected) is written as its JSON rather than as '[object Object]'.
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

// A field's value as a key: text, null when not set.
export function asKey(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return textOf(value);
}

function groupKey(record: ReadRecord, grouping: Grouping, timezone: string): string | null {
  if (!grouping.unit) return asKey(grouping.read(record));
  const value = grouping.read(record);
  if (typeof value !== 'string' || value === '') return null;
  return bucketOf(localDay(value, timezone), grouping.unit).key;
}

// The records a report counts, with each grouping's key per record: kept columns when nothing
// filters (the kind's whole copy), else worked out for the filtered records.
export function selectedWithKeys(
  data: WorkspaceData,
  report: CompiledReport,
): { records: ReadRecord[]; columns: Array<Array<string | null>> } {
  const timezone = data.settings.timezone;
  const records = selected(data, report);
  if (records === data.records[report.definition.object]) {
    return {
      records,
      columns: report.groupings.map((grouping) =>
        keyColumn(records, `${grouping.spec}\u0000${timezone}`, (record) => groupKey(record, grouping, timezone)),
      ),
    };
  }
  return {
    records,
    columns: report.groupings.map((grouping) => records.map((record) => groupKey(record, grouping, timezone))),
  };
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
