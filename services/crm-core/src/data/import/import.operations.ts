import { CheckedByHandler, declareOperation, Named, Nullable, Strict, StringEnum, Type, type Static } from '@crm/kit';
import { needs } from '@crm/protos';
import { createCompany } from '../../records/companies/company.operations';
import { createContact } from '../../records/contacts/contact.operations';

// Rows per request: a spreadsheet of companies, imported in one call (10,000 rows take a few
// seconds on the embedded store: benchmarks/src/import.bench.ts). More rows: more calls.
export const IMPORT_ROWS_MAX = 10_000;
// The body limit of POST /import/companies alone (everything else keeps 1 MiB): 10,000 rows of
// typical company and contact fields fit with room to spare. The gateway allows the same.
export const IMPORT_BODY_LIMIT = '16mb';
export const IMPORT_DUPLICATE_MODES = ['skip', 'update', 'create'] as const;
export type ImportDuplicateMode = (typeof IMPORT_DUPLICATE_MODES)[number];

export const ImportError = Named(
  'ImportError',
  Strict({
    index: Type.Integer({ minimum: 0, description: 'Position of the row in rows, from 0.' }),
    field: Nullable(
      Type.String({
        description:
          'The field at fault (`domain`, `contact.email`, `custom.tier`), or null when the row as a whole failed.',
      }),
    ),
    message: Type.String(),
  }),
);

export const ImportResult = Named(
  'ImportResult',
  Strict({
    created: Type.Integer({ minimum: 0, description: 'Companies created.' }),
    updated: Type.Integer({
      minimum: 0,
      description: 'Existing companies changed (duplicates update, with something to change).',
    }),
    skipped: Type.Integer({ minimum: 0, description: 'Rows whose company already existed and was left as it was.' }),
    contacts: Type.Integer({ minimum: 0, description: 'Contacts created or changed.' }),
    errors: Type.Array(ImportError, {
      description: 'One per refused row (its first problem), in row order; a refused row writes nothing.',
    }),
    dry_run: Type.Boolean(),
  }),
);
export type ImportResultView = Static<typeof ImportResult>;
export type ImportErrorView = Static<typeof ImportError>;

// What a row is: a CompanyCreate with an optional contact (ContactCreate fields but company_id).
const ImportRow = Named(
  'CompanyImportRow',
  Strict(
    {
      ...createCompany.body!.properties,
      contact: Type.Optional(
        Named('CompanyImportContact', Type.Omit(createContact.body!, ['company_id'], { additionalProperties: false })),
      ),
    },
    {
      description:
        'A CompanyCreate with an optional contact; checked on its own: a refused row is reported in errors, not the request refused.',
    },
  ),
);

export const importCompanies = declareOperation({
  method: 'POST',
  path: '/import/companies',
  access: needs('companies:write'),
  // Up to 10,000 rows in one spreadsheet.
  cost: 50,
  // Up to 10,000 rows: seconds of work, longer on a busy machine.
  timeoutMs: 120_000,
  summary: 'Import companies, each with an optional contact',
  description:
    `Each row is a CompanyCreate (name required) with an optional \`contact\` (ContactCreate fields except company_id, which is the row's company). ` +
    'Rows are checked one by one: a refused row is reported in errors (index, field, message) and writes nothing; the others go ahead. ' +
    'A company already exists when a live company (or one an earlier row created) has the same domain or the same name ignoring case, punctuation, accents and legal suffixes (Ltd, PLC, Inc, GmbH, …), the rule of GET /duplicates; the domain is compared first. ' +
    'duplicates=skip (default) leaves it and the row (contact included) alone; update sets the fields the row gives (as PATCH) and counts it as updated when something changed, skipped otherwise; create adds another company. ' +
    "A row's contact is matched by email among the workspace's contacts, or by name at the row's company: skip leaves a match alone, update changes it, create adds another. " +
    'On a plan with a record limit (Free: 2,500 companies, contacts and deals together, the recycle bin included) rows are taken in order while their new records fit; a row whose company or contact would go past the limit is refused whole in errors (field null) and rows that create nothing still go ahead (docs/billing.md). ' +
    `dry_run answers exactly what the same request would do, writing nothing. At most ${IMPORT_ROWS_MAX} rows and 16 MiB per request. Every company and contact written publishes its usual event (audit log).`,
  body: Named(
    'CompanyImport',
    Strict({
      // Any item is accepted here: each row is checked on its own and a bad one is reported in errors.
      rows: Type.Array(CheckedByHandler(Type.Unknown(), ImportRow), {
        minItems: 1,
        maxItems: IMPORT_ROWS_MAX,
      }),
      duplicates: StringEnum(IMPORT_DUPLICATE_MODES, {
        default: 'skip',
        description: 'What a row whose company already exists does.',
      }),
      dry_run: Type.Boolean({
        default: false,
        description: 'Report what would happen, writing nothing (advised first).',
      }),
    }),
  ),
  bodyLimit: IMPORT_BODY_LIMIT,
  // With an Idempotency-Key, a retry after a crash finishes the import (docs/idempotency.md).
  resumable: true,
  status: 200,
  response: ImportResult,
  errors: [413],
});
export type ImportCompaniesBody = Static<NonNullable<typeof importCompanies.body>>;
