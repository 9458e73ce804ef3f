import {
  DateOnly,
  DateTime,
  declareOperation,
  ListOf,
  Named,
  Nullable,
  SingleLine,
  Strict,
  StringEnum,
  Type,
  Uuid,
  type Static,
} from '@crm/kit';
import { contactsAside, needs, remove } from '@crm/protos';
import { REPORT_OBJECTS } from './field-catalogue';
import { DATE_UNITS } from './time-zone';

// The report engine's operations: the catalogue, a run and the records behind one row. The
// definition's limits are the contract's (ReportDefinition).

const FieldName = () => SingleLine({ minLength: 1, maxLength: 60 });

export const ReportDefinitionSchema = Named(
  'ReportDefinition',
  Strict({
    object: StringEnum(REPORT_OBJECTS),
    group_by: Type.Optional(
      Type.Array(FieldName(), {
        maxItems: 2,
        description: 'A group-by field, or a date field with a unit: created_at:month.',
      }),
    ),
    measure: Type.Optional(FieldName()),
    filters: Type.Optional(
      Type.Array(
        Strict({
          field: FieldName(),
          values: Type.Array(Nullable(SingleLine({ maxLength: 200 })), {
            minItems: 1,
            maxItems: 50,
            description: 'A record is kept when its field equals one of these; null means not set.',
          }),
        }),
        { maxItems: 10 },
      ),
    ),
    date: Type.Optional(
      Strict(
        { field: FieldName(), from: Type.Optional(DateOnly()), to: Type.Optional(DateOnly()) },
        { description: 'An inclusive range of days (workspace time zone) on a date field.' },
      ),
    ),
    chart: Type.Optional(StringEnum(['table', 'bar', 'line'])),
  }),
);
export type ReportDefinitionBody = Static<typeof ReportDefinitionSchema>;

// As stored and echoed: every default filled in.
export const StoredReportDefinition = Named(
  'StoredReportDefinition',
  Strict({
    object: StringEnum(REPORT_OBJECTS),
    group_by: Type.Array(Type.String()),
    measure: Type.String(),
    filters: Type.Array(Strict({ field: Type.String(), values: Type.Array(Nullable(Type.String())) })),
    date: Type.Optional(
      Strict({ field: Type.String(), from: Type.Optional(DateOnly()), to: Type.Optional(DateOnly()) }),
    ),
    chart: StringEnum(['table', 'bar', 'line']),
  }),
);

const CatalogueObject = Named(
  'ReportCatalogueObject',
  Strict({
    object: StringEnum(REPORT_OBJECTS),
    label: Type.String(),
    group_by: Type.Array(
      Strict({
        field: Type.String({ description: 'custom.<key> for a custom field' }),
        label: Type.String(),
        type: StringEnum(['string', 'boolean', 'number', 'id']),
        references: Type.Optional(
          StringEnum(['member', 'stage', 'pipeline', 'source', 'campaign', 'company', 'contact'], {
            description: 'What an id points at: rows show its name.',
          }),
        ),
      }),
    ),
    date_fields: Type.Array(
      Strict({ field: Type.String(), label: Type.String(), units: Type.Array(StringEnum(DATE_UNITS)) }),
    ),
    measures: Type.Array(
      Strict({
        key: Type.String({ description: 'count, or sum:/avg:/min:/max: and a numeric field' }),
        label: Type.String(),
        type: StringEnum(['integer', 'number']),
        money: Type.Boolean({
          description: 'The measure is money: results are in the workspace currency, other currencies apart.',
        }),
      }),
    ),
  }),
);

export const reportFields = declareOperation({
  method: 'GET',
  path: '/reports/fields',
  access: needs('companies:read'),
  summary: 'The report catalogue',
  description:
    "For each of the seven objects: group-by fields (with the workspace's custom fields), date fields with their units, and measures.",
  status: 200,
  response: Named('ReportCatalogue', ListOf(CatalogueObject)),
});

const RunRow = Named(
  'ReportRow',
  Strict({
    keys: Type.Array(Nullable(Type.String()), {
      description:
        'One per group_by field: an id, a value, or a date bucket (2026-11-24, the Monday of a week, 2026-11, 2026-Q4, 2026); null for not set.',
    }),
    labels: Type.Array(Type.String(), {
      description: 'How each key is shown: a stage or member name for an id, Not set for null.',
    }),
    value: Nullable(
      Type.Number({
        description:
          'The measure; for money, over records in the workspace currency only (null when an average, minimum or maximum has none).',
      }),
    ),
    other_currency: Type.Array(Strict({ currency: Type.String(), value: Nullable(Type.Number()) }), {
      description: 'Money in other currencies, never added to value; empty for other measures.',
    }),
  }),
);

const RunResultProperties = {
  object: StringEnum(REPORT_OBJECTS),
  columns: Type.Array(
    Strict({
      key: Type.String(),
      label: Type.String(),
      type: StringEnum(['string', 'boolean', 'number', 'integer', 'date', 'money']),
    }),
    {
      description: 'One per group_by field, then the measure.',
    },
  ),
  money: Type.Boolean(),
  currency: Nullable(Type.String({ description: 'The workspace currency when the measure is money.' })),
  rows: Type.Array(RunRow),
  truncated: Type.Boolean({ description: 'More than 500 groups exist: the 500 largest by the measure are shown.' }),
  chart: StringEnum(['table', 'bar', 'line']),
};

export const RunResult = Named('ReportRunResult', Strict(RunResultProperties));
export type RunResultView = Static<typeof RunResult>;
export const SavedRunResult = Named('SavedReportRunResult', Strict({ ...RunResultProperties, name: Type.String() }));

export const runReportOperation = declareOperation({
  method: 'POST',
  path: '/reports/run',
  access: contactsAside(needs('companies:read'), 'refused for a contact report or a grouping by contact'),
  // Reports aggregate over the workspace's records on every run.
  cost: 10,
  summary: 'Run a report',
  description:
    'An unknown field, measure or unit is 400 naming it. Date buckets are days in the workspace time zone. Touchpoints and spend need the Standard plan (403 plan_required).',
  body: ReportDefinitionSchema,
  status: 200,
  response: RunResult,
});

export const reportRecordsOperation = declareOperation({
  method: 'POST',
  path: '/reports/records',
  access: contactsAside(
    needs('companies:read'),
    'refused like a run; tasks and timeline entries about a contact left out, no contact named',
  ),
  cost: 5,
  summary: 'The records behind one row of a report',
  description:
    'keys as returned in the row (null for not set); newest first, up to 100, with the total. Touchpoints and spend need the Standard plan (403 plan_required).',
  body: Named(
    'ReportRecordsQuery',
    Strict({
      definition: ReportDefinitionSchema,
      keys: Type.Array(Nullable(SingleLine({ maxLength: 200 })), { maxItems: 2 }),
    }),
  ),
  status: 200,
  response: Named(
    'ReportRecords',
    Strict({
      total: Type.Integer({ minimum: 0 }),
      records: Type.Array(
        Type.Object(
          { id: Uuid() },
          {
            additionalProperties: true,
            description:
              "The record's fields as reports keeps them, money in major units, with the names of what its ids point at (owner_name, stage_name, ...).",
          },
        ),
      ),
    }),
  ),
});

export const SavedReport = Named(
  'SavedReport',
  Strict({
    id: Uuid(),
    name: Type.String(),
    definition: StoredReportDefinition,
    shared: Type.Boolean(),
    mine: Type.Boolean({ description: 'The caller saved it and may change or delete it.' }),
    pinned: Type.Boolean({ description: "Pinned to the caller's Home page." }),
    owner_name: Nullable(Type.String()),
    created_at: DateTime(),
    updated_at: DateTime(),
  }),
);
export type SavedReportView = Static<typeof SavedReport>;

export const listSavedReports = declareOperation({
  method: 'GET',
  path: '/reports/saved',
  access: needs('companies:read'),
  summary: "The caller's saved reports and the shared ones",
  status: 200,
  response: Named('SavedReportList', ListOf(SavedReport)),
});

export const createSavedReport = declareOperation({
  method: 'POST',
  path: '/reports/saved',
  access: needs('companies:read'),
  etag: 'saved_reports',
  summary: 'Save a report',
  description:
    'The definition is checked like a run and stored with its defaults filled in; shared needs a workspace admin (403 otherwise).',
  body: Named(
    'SavedReportCreate',
    Strict({
      name: SingleLine({ minLength: 1, maxLength: 80 }),
      definition: ReportDefinitionSchema,
      shared: Type.Optional(Type.Boolean({ default: false })),
    }),
  ),
  trim: ['name'],
  status: 201,
  response: SavedReport,
});

export const updateSavedReport = declareOperation({
  method: 'PATCH',
  path: '/reports/saved/{id}',
  access: needs('companies:read'),
  etag: 'saved_reports',
  summary: 'Change a saved report',
  description:
    "A private report: its creator. A shared one: a workspace admin, by the caller's own role (an API key's role, not its creator's). Sharing needs an admin too (403 otherwise).",
  params: Type.Object({ id: Uuid() }),
  body: Named(
    'SavedReportUpdate',
    Strict({
      name: Type.Optional(SingleLine({ minLength: 1, maxLength: 80 })),
      definition: Type.Optional(ReportDefinitionSchema),
      shared: Type.Optional(Type.Boolean()),
    }),
  ),
  trim: ['name'],
  status: 200,
  response: SavedReport,
});

export const deleteSavedReport = declareOperation({
  method: 'DELETE',
  path: '/reports/saved/{id}',
  access: remove('companies:read'),
  etag: 'saved_reports',
  summary: 'Delete a saved report',
  description: 'A private report: its creator; a shared one: a workspace admin (403 otherwise). Its pins go with it.',
  params: Type.Object({ id: Uuid() }),
  status: 204,
  response: null,
});

export const pinSavedReport = declareOperation({
  method: 'PUT',
  path: '/reports/saved/{id}/pin',
  access: needs('companies:read'),
  summary: "Pin a saved report to the caller's Home page",
  description: 'Idempotent: pinning a pinned report changes nothing.',
  params: Type.Object({ id: Uuid() }),
  status: 204,
  response: null,
});

export const unpinSavedReport = declareOperation({
  method: 'DELETE',
  path: '/reports/saved/{id}/pin',
  access: remove('companies:read'),
  summary: "Take a saved report off the caller's Home page",
  description: 'Idempotent: a report that is not pinned stays so.',
  params: Type.Object({ id: Uuid() }),
  status: 204,
  response: null,
});

export const runSavedReport = declareOperation({
  method: 'GET',
  path: '/reports/saved/{id}/run',
  access: contactsAside(needs('companies:read'), 'refused for a contact report or a grouping by contact'),
  cost: 10,
  summary: 'Run a saved report',
  description:
    'The run result and the name. A field the report names that was archived or deleted since is 409 report_field_unavailable; a report over touchpoints or spend needs the Standard plan (403 plan_required).',
  params: Type.Object({ id: Uuid() }),
  status: 200,
  response: SavedRunResult,
  errors: [409],
});
