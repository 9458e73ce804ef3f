import {
  DateTime,
  declareOperation,
  ListOf,
  Named,
  Nullable,
  SingleLine,
  Strict,
  StringEnum,
  Text,
  Type,
  Uri,
  Uuid,
  validationFailed,
  type Static,
  NextCursor,
} from '@crm/kit';
import { needs, remove, removeWhen } from '@crm/protos';
import { CustomValuesSchema } from '../custom-fields/custom-values';
import { CUSTOM_FILTER_MAX_LENGTH } from '../custom-filter';

export const COMPANY_SORTS = ['created_desc', 'created_asc', 'name_asc', 'name_desc', 'updated_desc'] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];
export const COMPANY_BULK_ACTIONS = ['move_stage', 'reassign', 'delete', 'restore'] as const;
export const COMPANY_LIST_MAX_OFFSET = 100000;
export const COMPANY_BULK_MAX_IDS = 200;
export const COMPANY_MERGE_MAX_SOURCES = 50;

// Fields of Company a client reads but never writes: naming one in a body is a 400 that says so.
export const COMPANY_READ_ONLY_FIELDS = [
  'id',
  'is_account',
  'stage_name',
  'owner_name',
  'source_name',
  'campaign_name',
  'pipeline_id',
  'deleted_at',
  'created_at',
  'updated_at',
] as const;

// More people than any employer has: a bound that refuses typing slips (1e300), not companies.
const EMPLOYEE_COUNT_MAX = 100_000_000;
const ADDRESS_LIMITS = { line1: 200, line2: 200, city: 100, region: 100, postcode: 20 } as const;

const Address = () =>
  Strict(
    {
      line1: Type.Optional(SingleLine({ maxLength: ADDRESS_LIMITS.line1 })),
      line2: Type.Optional(SingleLine({ maxLength: ADDRESS_LIMITS.line2 })),
      city: Type.Optional(SingleLine({ maxLength: ADDRESS_LIMITS.city })),
      region: Type.Optional(SingleLine({ maxLength: ADDRESS_LIMITS.region })),
      postcode: Type.Optional(SingleLine({ maxLength: ADDRESS_LIMITS.postcode })),
    },
    { description: 'Optional line1, line2, city, region and postcode; no other keys.' },
  );

const CustomValues = () =>
  CustomValuesSchema(
    'Free keys with scalar or null values; keys of defined custom fields are checked against their type.',
  );

// The writable fields of CompanyCreate and CompanyUpdate (spec section 2), each nullable except
// the name (required on create), the address (an object; {} clears it) and sic_codes.
const writable = {
  // A link the app opens: http or https only (no javascript: or data: URIs).
  website: Nullable(
    Uri({ maxLength: 300, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://', description: 'An http or https URL.' }),
  ),
  domain: Nullable(
    SingleLine({
      minLength: 1,
      maxLength: 253,
      description: 'Stored lower-cased; derived from website when not given.',
    }),
  ),
  phone: Nullable(SingleLine({ maxLength: 40 })),
  address: Address(),
  country_code: Nullable(
    Type.String({ minLength: 2, maxLength: 2, pattern: '^[A-Z]{2}$', description: 'Two letters, stored upper-cased.' }),
  ),
  industry: Nullable(SingleLine({ maxLength: 100 })),
  turnover_band: Nullable(SingleLine({ maxLength: 50 })),
  employee_count: Nullable(Type.Integer({ minimum: 0, maximum: EMPLOYEE_COUNT_MAX })),
  account_number: Nullable(SingleLine({ maxLength: 50 })),
  company_number: Nullable(SingleLine({ maxLength: 50, description: 'Company registration number.' })),
  sic_codes: Type.Array(Type.String({ maxLength: 6, pattern: '^[0-9]{4,6}$' }), {
    maxItems: 20,
    description: 'Each 4 to 6 digits.',
  }),
  description: Nullable(Text({ maxLength: 2000 })),
  owner_id: Nullable(Uuid({ description: 'A member of the workspace.' })),
  stage_id: Nullable(
    Uuid({
      description: 'A stage of a company pipeline; defaults to the first stage of the default company pipeline.',
    }),
  ),
  source_id: Nullable(Uuid({ description: 'A lead source of the workspace.' })),
  campaign_id: Nullable(Uuid({ description: 'A campaign of the workspace.' })),
  primary_contact_id: Nullable(Uuid({ description: 'A contact of the workspace, of this company or of none.' })),
  custom: CustomValues(),
};

export type CompanyWritable = { -readonly [K in keyof typeof writable]?: Static<(typeof writable)[K]> };

const optionalWritable = Type.Partial(Type.Object(writable)).properties;

const CompanyName = () => SingleLine({ minLength: 1, maxLength: 200 });
const TRIMMED = [
  'name',
  'website',
  'domain',
  'phone',
  'country_code',
  'industry',
  'turnover_band',
  'account_number',
  'company_number',
];

const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);
const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

// Ids are stored lower-case: a uuid in either case names the same record (and the same id twice
// in two cases is a repeat).
function lowerIds(fields: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const copy = { ...fields };
  for (const name of names) {
    const value = copy[name];
    if (Array.isArray(value)) copy[name] = value.map(lower);
    else if (value !== undefined) copy[name] = lower(value);
  }
  return copy;
}

const REFERENCE_FIELDS = ['owner_id', 'stage_id', 'source_id', 'campaign_id', 'primary_contact_id'] as const;

// Read-only fields are refused by name before the schema's unknown-field rule; the country
// code is upper-cased before it is checked.
function prepareCompanyBody(body: unknown): unknown {
  if (!isObject(body)) return body;
  const readOnly = COMPANY_READ_ONLY_FIELDS.find((field) => Object.hasOwn(body, field));
  if (readOnly) throw validationFailed(`${readOnly} is read-only`);
  const fields = lowerIds(body, REFERENCE_FIELDS);
  return typeof fields.country_code === 'string'
    ? { ...fields, country_code: fields.country_code.toUpperCase() }
    : fields;
}

// Company (spec section 2).
export const Company = Named(
  'Company',
  Strict({
    id: Uuid(),
    // Required on create and never cleared: always a name.
    name: Type.String({ maxLength: 200 }),
    website: Nullable(Type.String({ format: 'uri' })),
    domain: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    address: Strict({
      line1: Type.Optional(Type.String()),
      line2: Type.Optional(Type.String()),
      city: Type.Optional(Type.String()),
      region: Type.Optional(Type.String()),
      postcode: Type.Optional(Type.String()),
    }),
    country_code: Nullable(Type.String()),
    industry: Nullable(Type.String()),
    turnover_band: Nullable(Type.String()),
    employee_count: Nullable(Type.Integer({ minimum: 0, maximum: EMPLOYEE_COUNT_MAX })),
    account_number: Nullable(Type.String()),
    company_number: Nullable(Type.String()),
    sic_codes: Type.Array(Type.String()),
    description: Nullable(Type.String()),
    owner_id: Nullable(Uuid()),
    stage_id: Nullable(Uuid()),
    source_id: Nullable(Uuid()),
    campaign_id: Nullable(Uuid()),
    primary_contact_id: Nullable(Uuid()),
    custom: CustomValues(),
    is_account: Type.Boolean({ description: 'True when the stage kind is account.' }),
    stage_name: Nullable(Type.String()),
    owner_name: Nullable(Type.String()),
    source_name: Nullable(Type.String()),
    campaign_name: Nullable(Type.String()),
    pipeline_id: Nullable(Uuid()),
    deleted_at: Nullable(DateTime({ description: 'Set while in the recycle bin.' })),
    created_at: DateTime(),
    updated_at: DateTime(),
  }),
);
export type CompanyView = Static<typeof Company>;

export const listCompanies = declareOperation({
  method: 'GET',
  path: '/companies',
  access: needs('companies:read'),
  summary: 'List companies',
  description:
    'Every filter combines with the others. Cursor paging (next_cursor, null on the last page) is stable under concurrent inserts and deletes; offset paging answers total instead. A saved view’s filters replay here as query parameters.',
  query: Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: 50, default: 25 }),
    cursor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1000,
        description: 'next_cursor of the previous page, for the same sort.',
      }),
    ),
    q: Type.Optional(
      Type.String({ maxLength: 100, description: 'Prefix of the name, domain, account number or postcode, any case.' }),
    ),
    owner: Type.Optional(
      Type.String({
        maxLength: 36,
        pattern: '^(me|none|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$',
        description: 'me, none or a member id.',
      }),
    ),
    custom: Type.Optional(
      Type.String({
        maxLength: CUSTOM_FILTER_MAX_LENGTH,
        description: 'A JSON object of scalar values, matched by equality per key (null matches a missing key too).',
      }),
    ),
    kind: Type.Optional(StringEnum(['lead', 'account'] as const)),
    stage_id: Type.Optional(Uuid()),
    pipeline_id: Type.Optional(Uuid()),
    source_id: Type.Optional(Uuid()),
    campaign_id: Type.Optional(Uuid()),
    deleted: Type.Boolean({ default: false, description: 'true lists the recycle bin.' }),
    sort: StringEnum(COMPANY_SORTS, { default: 'created_desc' }),
    offset: Type.Optional(
      Nullable(
        Type.Integer({
          minimum: 0,
          maximum: COMPANY_LIST_MAX_OFFSET,
          description: 'Offset paging: answers total, not next_cursor.',
        }),
      ),
    ),
  }),
  status: 200,
  response: Named(
    'CompanyList',
    ListOf(Company, { next_cursor: NextCursor(1000), total: Type.Optional(Type.Integer({ minimum: 0 })) }),
  ),
});
export type ListCompaniesQuery = Static<NonNullable<typeof listCompanies.query>>;

export const createCompany = declareOperation({
  method: 'POST',
  path: '/companies',
  access: needs('companies:write'),
  etag: 'companies',
  summary: 'Create a company',
  description:
    'Without stage_id it starts in the first stage of the default company pipeline. On a plan with a record limit, a workspace holding that many companies, contacts and deals (the recycle bin included) answers 409 `record_limit_reached` (docs/billing.md).',
  body: Named('CompanyCreate', Strict({ name: CompanyName(), ...optionalWritable })),
  trim: TRIMMED,
  prepare: prepareCompanyBody,
  status: 201,
  response: Company,
  errors: [409],
});
export type CreateCompanyBody = Static<NonNullable<typeof createCompany.body>>;

export const countCompanies = declareOperation({
  method: 'GET',
  path: '/companies/counts',
  access: needs('companies:read'),
  summary: 'How many companies each list tab holds',
  description: 'all, leads, accounts, mine and unassigned leave out the recycle bin; deleted is the recycle bin.',
  status: 200,
  response: Named(
    'CompanyCounts',
    Strict({
      all: Type.Integer({ minimum: 0 }),
      leads: Type.Integer({ minimum: 0 }),
      accounts: Type.Integer({ minimum: 0 }),
      mine: Type.Integer({ minimum: 0 }),
      unassigned: Type.Integer({ minimum: 0 }),
      deleted: Type.Integer({ minimum: 0 }),
    }),
  ),
});

export const bulkCompanies = declareOperation({
  method: 'POST',
  path: '/companies/bulk',
  access: removeWhen(needs('companies:write'), { field: 'action', value: 'delete' }),
  // Up to 200 companies in one request.
  cost: 10,
  summary: 'Move, reassign, delete or restore up to 200 companies',
  description:
    'Ids that are unknown or of another workspace are left alone and not counted; updated counts the companies actually changed. move_stage and reassign change companies outside the recycle bin.',
  body: Named(
    'CompanyBulkAction',
    Strict({
      ids: Type.Array(Uuid(), { minItems: 1, maxItems: COMPANY_BULK_MAX_IDS, uniqueItems: true }),
      action: StringEnum(COMPANY_BULK_ACTIONS),
      stage_id: Type.Optional(Uuid({ description: 'For move_stage: a stage of a company pipeline.' })),
      owner_id: Type.Optional(Nullable(Uuid({ description: 'For reassign: a member, or null to clear.' }))),
    }),
  ),
  prepare: (body) => (isObject(body) ? lowerIds(body, ['ids', 'stage_id', 'owner_id']) : body),
  status: 200,
  response: Named('CompanyBulkResult', Strict({ updated: Type.Integer({ minimum: 0 }) })),
});
export type BulkCompaniesBody = Static<NonNullable<typeof bulkCompanies.body>>;

const byId = Type.Object({ id: Uuid() });

export const getCompany = declareOperation({
  method: 'GET',
  path: '/companies/{id}',
  access: needs('companies:read'),
  etag: 'companies',
  summary: 'Read a company',
  description: 'Also one in the recycle bin (deleted_at set).',
  params: byId,
  status: 200,
  response: Company,
});

export const updateCompany = declareOperation({
  method: 'PATCH',
  path: '/companies/{id}',
  access: needs('companies:write'),
  etag: 'companies',
  summary: 'Change a company',
  description:
    'Only the fields given change. custom merges key by key (null removes a key). A company in the recycle bin is not found: restore it first.',
  params: byId,
  body: Named('CompanyUpdate', Strict({ name: Type.Optional(CompanyName()), ...optionalWritable })),
  trim: TRIMMED,
  prepare: prepareCompanyBody,
  status: 200,
  response: Company,
});
export type UpdateCompanyBody = Static<NonNullable<typeof updateCompany.body>>;

export const deleteCompany = declareOperation({
  method: 'DELETE',
  path: '/companies/{id}',
  access: remove('companies:write'),
  etag: 'companies',
  summary: 'Move a company to the recycle bin',
  description: 'Restorable for 30 days (bulk restore), then purged. Deleting one already in the bin changes nothing.',
  params: byId,
  status: 204,
  response: null,
});

export const mergeCompanies = declareOperation({
  method: 'POST',
  path: '/companies/{id}/merge',
  access: remove('companies:write'),
  // A merge moves every related record (contacts, deals, activities, files) to the survivor.
  cost: 5,
  summary: 'Merge other companies into this one',
  description:
    'All or nothing. This company keeps its values and fills its empty fields (and custom keys) from the sources in the order given; their contacts move here; the sources go to the recycle bin.',
  params: byId,
  body: Named(
    'CompanyMerge',
    Strict({
      source_ids: Type.Array(Uuid(), {
        minItems: 1,
        maxItems: COMPANY_MERGE_MAX_SOURCES,
        uniqueItems: true,
        description: 'Companies of this workspace outside the recycle bin, not this one.',
      }),
    }),
  ),
  prepare: (body) => (isObject(body) ? lowerIds(body, ['source_ids']) : body),
  status: 200,
  response: Named('CompanyMergeResult', Strict({ merged: Type.Integer({ minimum: 0 }) })),
});
