import type { ReadRecord } from '../read-model/read-model.model';
import type { WorkspaceData } from '../read-model/workspace-data';
import { DATE_UNITS, type DateUnit } from './time-zone';

// What a report may group by, filter on, bucket by date and measure, per object: the same
// catalogue GET /reports/fields shows and POST /reports/run validates against. Custom fields
// (crm-core's, live and not archived) join their object's lists by type.

export const REPORT_OBJECTS = ['company', 'contact', 'deal', 'activity', 'task', 'touchpoint', 'spend'] as const;
export type ReportObject = (typeof REPORT_OBJECTS)[number];

// What an id-valued field points at, so a row shows a name instead of the id.
export type Reference = 'member' | 'stage' | 'pipeline' | 'source' | 'campaign' | 'company' | 'contact';

export interface GroupField {
  field: string;
  label: string;
  type: 'string' | 'boolean' | 'number' | 'id';
  references?: Reference;
}

export interface DateField {
  field: string;
  label: string;
  units: DateUnit[];
}

export interface Measure {
  key: string;
  label: string;
  type: 'integer' | 'number';
  money: boolean;
}

export interface ObjectCatalogue {
  object: ReportObject;
  label: string;
  group_by: GroupField[];
  date_fields: DateField[];
  measures: Measure[];
}

interface NumericField {
  field: string;
  label: string;
  money: boolean;
  integer: boolean;
}

interface BaseCatalogue {
  label: string;
  group_by: GroupField[];
  date_fields: Array<Omit<DateField, 'units'>>;
  numeric: NumericField[];
  // Where the record keeps its money's currency (deals, spend).
  currencyField?: string;
  // The timestamp records behind a row are ordered by, newest first.
  newest: string;
}

const id = (field: string, label: string, references: Reference): GroupField => ({
  field,
  label,
  type: 'id',
  references,
});
const str = (field: string, label: string): GroupField => ({ field, label, type: 'string' });

export const BASE: Record<ReportObject, BaseCatalogue> = {
  company: {
    label: 'Companies',
    group_by: [
      id('owner_id', 'Owner', 'member'),
      id('pipeline_id', 'Pipeline', 'pipeline'),
      id('stage_id', 'Stage', 'stage'),
      id('source_id', 'Source', 'source'),
      id('campaign_id', 'Campaign', 'campaign'),
      str('industry', 'Industry'),
      str('country_code', 'Country'),
      str('turnover_band', 'Turnover band'),
      { field: 'is_account', label: 'Is an account', type: 'boolean' },
    ],
    date_fields: [
      { field: 'created_at', label: 'Created' },
      { field: 'updated_at', label: 'Updated' },
    ],
    numeric: [{ field: 'employee_count', label: 'Employees', money: false, integer: true }],
    newest: 'created_at',
  },
  contact: {
    label: 'Contacts',
    group_by: [
      id('owner_id', 'Owner', 'member'),
      id('company_id', 'Company', 'company'),
      str('job_title', 'Job title'),
      str('lawful_basis', 'Lawful basis'),
    ],
    date_fields: [
      { field: 'created_at', label: 'Created' },
      { field: 'updated_at', label: 'Updated' },
    ],
    numeric: [],
    newest: 'created_at',
  },
  deal: {
    label: 'Deals',
    group_by: [
      id('owner_id', 'Owner', 'member'),
      id('pipeline_id', 'Pipeline', 'pipeline'),
      id('stage_id', 'Stage', 'stage'),
      str('status', 'Status'),
      id('source_id', 'Source', 'source'),
      id('campaign_id', 'Campaign', 'campaign'),
      id('company_id', 'Company', 'company'),
      str('currency', 'Currency'),
      str('lost_reason', 'Lost reason'),
    ],
    date_fields: [
      { field: 'created_at', label: 'Created' },
      { field: 'closed_at', label: 'Closed' },
      { field: 'expected_close', label: 'Expected close' },
    ],
    numeric: [
      { field: 'value', label: 'Value', money: true, integer: false },
      { field: 'probability', label: 'Probability', money: false, integer: true },
    ],
    currencyField: 'currency',
    newest: 'created_at',
  },
  activity: {
    label: 'Activities',
    group_by: [
      str('type', 'Type'),
      str('outcome', 'Outcome'),
      str('target_type', 'Record type'),
      id('actor_id', 'By', 'member'),
      str('actor_type', 'Actor type'),
    ],
    date_fields: [
      { field: 'occurred_at', label: 'Occurred' },
      { field: 'created_at', label: 'Created' },
    ],
    numeric: [],
    newest: 'occurred_at',
  },
  task: {
    label: 'Tasks',
    group_by: [str('status', 'Status'), id('assignee_id', 'Assignee', 'member'), str('target_type', 'Record type')],
    date_fields: [
      { field: 'due_at', label: 'Due' },
      { field: 'completed_at', label: 'Completed' },
      { field: 'created_at', label: 'Created' },
    ],
    numeric: [],
    newest: 'created_at',
  },
  touchpoint: {
    label: 'Touchpoints',
    group_by: [
      id('campaign_id', 'Campaign', 'campaign'),
      str('kind', 'Kind'),
      id('company_id', 'Company', 'company'),
      id('contact_id', 'Contact', 'contact'),
    ],
    date_fields: [{ field: 'occurred_at', label: 'Occurred' }],
    numeric: [],
    newest: 'occurred_at',
  },
  spend: {
    label: 'Spend',
    group_by: [id('campaign_id', 'Campaign', 'campaign'), str('currency', 'Currency')],
    date_fields: [{ field: 'spent_on', label: 'Spent on' }],
    numeric: [{ field: 'amount', label: 'Amount', money: true, integer: false }],
    currencyField: 'currency',
    newest: 'spent_on',
  },
};

// Money fields are kept in minor units under `<field>_minor`.
const MINOR_FIELDS: Record<string, string> = { value: 'value_minor', amount: 'amount_minor' };

export const CUSTOM_PREFIX = 'custom.';

// A record's value of a field of the catalogue (money in major units; use minorOf for sums).
export function valueOf(record: ReadRecord, field: string): unknown {
  if (field.startsWith(CUSTOM_PREFIX)) {
    const custom = record.custom as Record<string, unknown> | undefined;
    return custom?.[field.slice(CUSTOM_PREFIX.length)] ?? null;
  }
  const minorField = MINOR_FIELDS[field];
  if (minorField) return typeof record[minorField] === 'number' ? record[minorField] / 100 : null;
  return record[field] ?? null;
}

// The same as valueOf, resolved once per field: reports call it for every record.
export function accessorOf(field: string): (record: ReadRecord) => unknown {
  if (field.startsWith(CUSTOM_PREFIX)) {
    const key = field.slice(CUSTOM_PREFIX.length);
    return (record) => (record.custom as Record<string, unknown> | undefined)?.[key] ?? null;
  }
  const minorField = MINOR_FIELDS[field];
  if (minorField) return (record) => (typeof record[minorField] === 'number' ? record[minorField] / 100 : null);
  return (record) => record[field] ?? null;
}

export function minorOf(record: ReadRecord, field: string): number | null {
  const minorField = MINOR_FIELDS[field];
  return minorField && typeof record[minorField] === 'number' ? record[minorField] : null;
}

interface CustomFieldRecord {
  object: string;
  slug: string;
  label: string;
  type: string;
  position: number;
  archived: boolean;
}

function customFieldsOf(data: WorkspaceData, object: ReportObject): CustomFieldRecord[] {
  return (data.records.custom_field as unknown as CustomFieldRecord[])
    .filter((field) => field.object === object && !field.archived && typeof field.slug === 'string')
    .sort((a, b) => a.position - b.position || a.slug.localeCompare(b.slug));
}

export function catalogueOf(
  data: WorkspaceData,
  object: ReportObject,
): ObjectCatalogue & { numeric: NumericField[]; currencyField?: string; newest: string } {
  const base = BASE[object];
  const group_by = [...base.group_by];
  const date_fields: DateField[] = base.date_fields.map((field) => ({ ...field, units: [...DATE_UNITS] }));
  const numeric = [...base.numeric];
  for (const custom of customFieldsOf(data, object)) {
    const field = `${CUSTOM_PREFIX}${custom.slug}`;
    if (custom.type === 'date') date_fields.push({ field, label: custom.label, units: [...DATE_UNITS] });
    else if (custom.type === 'number') {
      group_by.push({ field, label: custom.label, type: 'number' });
      numeric.push({ field, label: custom.label, money: false, integer: false });
    } else if (custom.type === 'checkbox') group_by.push({ field, label: custom.label, type: 'boolean' });
    else group_by.push({ field, label: custom.label, type: 'string' });
  }
  const measures: Measure[] = [{ key: 'count', label: 'Count', type: 'integer', money: false }];
  for (const field of numeric) {
    for (const [prefix, label] of [
      ['sum', 'Sum'],
      ['avg', 'Average'],
      ['min', 'Minimum'],
      ['max', 'Maximum'],
    ] as const) {
      measures.push({
        key: `${prefix}:${field.field}`,
        label: `${label} of ${field.label.toLowerCase()}`,
        type: prefix === 'avg' || !field.integer ? 'number' : 'integer',
        money: field.money,
      });
    }
  }
  return {
    object,
    label: base.label,
    group_by,
    date_fields,
    measures,
    numeric,
    currencyField: base.currencyField,
    newest: base.newest,
  };
}
