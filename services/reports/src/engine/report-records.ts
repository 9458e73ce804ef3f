import { validationFailed } from '@crm/kit';
import type { ReadRecord } from '../read-model/read-model.model';
import { keyCodes, keyColumn } from '../read-model/key-columns';
import type { WorkspaceData } from '../read-model/workspace-data';
import { catalogueOf, CUSTOM_PREFIX, type GroupField } from './field-catalogue';
import type { CompiledReport } from './report-definition';
import { nameOf } from './report-labels';
import { selectedWithKeys, textOf } from './report-selection';

// The records behind one row of a report, newest first.

// Records behind one row.
export const RECORDS_CAP = 100;

const HIDDEN = new Set(['_id', 'workspace_id', 'version', 'deleted', 'seq', 'custom']);

// A record as the records behind a row show it: its fields (money in major units, custom
// fields under custom) with the names of what its ids point at.
export type RecordView = { id: string } & Record<string, unknown>;

function recordView(data: WorkspaceData, references: GroupField[], record: ReadRecord): RecordView {
  const view: RecordView = { id: record._id };
  for (const [field, value] of Object.entries(record)) {
    if (HIDDEN.has(field)) continue;
    if (field.endsWith('_minor'))
      view[field.slice(0, -'_minor'.length)] = typeof value === 'number' ? value / 100 : null;
    else view[field] = value ?? null;
  }
  view.custom = record.custom ?? {};
  for (const group of references) {
    const id = record[group.field];
    view[`${group.field.replace(/_id$/, '')}_name`] =
      typeof id === 'string' ? nameOf(data, group.references!, id) : null;
  }
  return view;
}

// A record's place in newest-first order: its date as text (ISO timestamps and days compare as
// text), '' when not set.
function newestOf(record: ReadRecord, field: string): string {
  const value = record[field];
  if (value === null || value === undefined) return '';
  return textOf(value);
}

// The RECORDS_CAP newest records offered, newest first: the date, then ids (time-ordered), in a
// sorted array with each one's date beside it. Records are kept mostly in the order they were
// made, so walking them from the end offers the newest first: once full, an offer costs one
// comparison with the oldest kept, instead of a search and an insertion each.
class NewestRecords {
  readonly records: ReadRecord[] = [];
  private readonly dates: string[] = [];

  offer(record: ReadRecord, date: string): void {
    const { records, dates } = this;
    if (records.length === RECORDS_CAP) {
      if (!this.isNewer(date, record, RECORDS_CAP - 1)) return;
      records.pop();
      dates.pop();
    }
    let low = 0;
    let high = records.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.isNewer(date, record, middle)) high = middle;
      else low = middle + 1;
    }
    if (low === records.length) {
      records.push(record);
      dates.push(date);
    } else {
      records.splice(low, 0, record);
      dates.splice(low, 0, date);
    }
  }

  private isNewer(date: string, record: ReadRecord, index: number): boolean {
    return date > this.dates[index] || (date === this.dates[index] && record._id > this.records[index]._id);
  }
}

// Each grouping's column as numbers and the number of the row's key (-1: no record has it);
// kept with the column when the whole kind is walked, else 1 where the key is the row's.
function codedColumns(
  columns: Array<Array<string | null>>,
  keys: Array<string | null>,
  whole: boolean,
): Array<{ codes: Int32Array; code: number }> {
  return columns.map((column, index) => {
    const key = keys[index] ?? null;
    if (!whole) return { codes: Int32Array.from(column, (value) => (value === key ? 1 : 0)), code: 1 };
    const { codes, codeOf } = keyCodes(column);
    return { codes, code: codeOf.get(key) ?? -1 };
  });
}

// `shown` leaves records out of the answer and its total (what the caller may not see).
export function reportRecords(
  data: WorkspaceData,
  report: CompiledReport,
  keys: Array<string | null>,
  shown: ((record: ReadRecord) => boolean) | null = null,
): { total: number; records: RecordView[] } {
  if (keys.length !== report.groupings.length)
    throw validationFailed(
      `keys must have ${report.groupings.length} item${report.groupings.length === 1 ? '' : 's'}, one per group_by field`,
    );
  const newest = report.newest;
  const kept = new NewestRecords();
  const { records: candidates, columns } = selectedWithKeys(data, report);
  const whole = candidates === data.records[report.definition.object];
  const coded = codedColumns(columns, keys, whole);
  // The date each record is ordered by, kept like a group key.
  const dates = whole ? keyColumn(candidates, `newest\u0000${newest}`, (record) => newestOf(record, newest)) : null;
  let total = 0;
  for (let position = candidates.length - 1; position >= 0; position--) {
    let matches = true;
    for (let index = 0; index < coded.length; index++) {
      if (coded[index].codes[position] !== coded[index].code) {
        matches = false;
        break;
      }
    }
    if (!matches) continue;
    const record = candidates[position];
    if (shown && !shown(record)) continue;
    total += 1;
    kept.offer(record, dates ? (dates[position] ?? '') : newestOf(record, newest));
  }
  const references = catalogueOf(data, report.definition.object).group_by.filter(
    (group) =>
      group.references && !group.field.startsWith(CUSTOM_PREFIX) && (shown === null || group.references !== 'contact'),
  );
  return { total, records: kept.records.map((record) => recordView(data, references, record)) };
}
