import { validationFailed, type AppError } from '@crm/kit';
import type { ReadRecord } from '../read-model/read-model.model';
import type { WorkspaceData } from '../read-model/workspace-data';
import { accessorOf, catalogueOf, type GroupField, type ReportObject } from './field-catalogue';
import { DATE_UNITS, type DateUnit } from './time-zone';

// A report's definition as a request or a saved report gives it, and the same definition checked
// against the workspace's catalogue, ready to run.

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

export function withDefaults(input: ReportDefinitionInput): ReportDefinition {
  const definition: ReportDefinition = {
    object: input.object,
    group_by: input.group_by ?? [],
    measure: input.measure ?? 'count',
    filters: input.filters ?? [],
    chart: input.chart ?? 'bar',
  };
  if (input.date)
    definition.date = {
      field: input.date.field,
      ...(input.date.from ? { from: input.date.from } : {}),
      ...(input.date.to ? { to: input.date.to } : {}),
    };
  return definition;
}

export interface Grouping {
  spec: string;
  field: string;
  read: (record: ReadRecord) => unknown;
  label: string;
  unit?: DateUnit;
  group?: GroupField;
}

export interface CompiledMeasure {
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
export function compileReport(
  data: WorkspaceData,
  definition: ReportDefinition,
  prefix = '',
  fail: (message: string) => AppError = validationFailed,
): CompiledReport {
  const catalogue = catalogueOf(data, definition.object);
  const groups = new Map(catalogue.group_by.map((field) => [field.field, field]));
  const dates = new Map(catalogue.date_fields.map((field) => [field.field, field]));
  const groupings = definition.group_by.map((spec, index): Grouping => {
    const name = `${prefix}group_by.${index}`;
    const [field, unit, ...rest] = spec.split(':');
    if (dates.has(field)) {
      if (unit === undefined || rest.length > 0 || !(DATE_UNITS as readonly string[]).includes(unit)) {
        throw fail(
          `${name}: the date field '${field}' needs a unit, one of ${DATE_UNITS.join(', ')} (for example ${field}:month)`,
        );
      }
      return {
        spec,
        field,
        read: accessorOf(field),
        label: `${dates.get(field)!.label} (${unit})`,
        unit: unit as DateUnit,
      };
    }
    const group = groups.get(spec);
    if (!group) throw fail(`${name}: '${spec}' is not a field of ${definition.object} reports`);
    return { spec, field: spec, read: accessorOf(spec), label: group.label, group };
  });
  if (new Set(definition.group_by).size !== definition.group_by.length)
    throw fail(`${prefix}group_by: a field is named twice`);
  const measure = catalogue.measures.find((candidate) => candidate.key === definition.measure);
  if (!measure)
    throw fail(`${prefix}measure: '${definition.measure}' is not a measure of ${definition.object} reports`);
  const [kind, field] = measure.key.split(':') as [CompiledMeasure['kind'], string | undefined];
  const filters = definition.filters.map((filter, index) => {
    if (!groups.has(filter.field))
      throw fail(`${prefix}filters.${index}.field: '${filter.field}' is not a field of ${definition.object} reports`);
    return { field: filter.field, read: accessorOf(filter.field), values: new Set(filter.values) };
  });
  if (definition.date) {
    if (!dates.has(definition.date.field))
      throw fail(`${prefix}date.field: '${definition.date.field}' is not a date field of ${definition.object} reports`);
    if (definition.date.from && definition.date.to && definition.date.from > definition.date.to)
      throw fail(`${prefix}date.from must not be after date.to`);
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
