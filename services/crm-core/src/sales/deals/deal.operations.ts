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
  Text,
  Type,
  Uuid,
  validationFailed,
  type Static,
} from '@crm/kit';
import { contactsAside, needs, remove } from '@crm/protos';
import { CustomValuesSchema } from '../../records/custom-fields/custom-values';
import { CUSTOM_FILTER_MAX_LENGTH } from '../../records/custom-filter';
import { DEAL_STATUSES } from './deal.model';

export const DEAL_SORTS = ['close_asc', 'value_desc', 'created_desc', 'updated_desc'] as const;
export type DealSort = (typeof DEAL_SORTS)[number];
export const DEAL_PAGE_DEFAULT = 50;
export const DEAL_PAGE_MAX = 100;
export const DEAL_LIST_MAX_OFFSET = 100000;
export const DEAL_VALUE_MAX = 1_000_000_000_000;

// Fields of Deal a client reads but never writes: naming one in a body is a 400 that says so.
// status and closed_at follow the stage's kind.
export const DEAL_READ_ONLY_FIELDS = [
  'id',
  'company_name',
  'contact_name',
  'pipeline_id',
  'stage_name',
  'stage_kind',
  'status',
  'closed_at',
  'owner_name',
  'campaign_name',
  'created_at',
  'updated_at',
] as const;

const OWNER_PATTERN = '^(me|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$';
const CustomValues = () =>
  CustomValuesSchema(
    'Free keys with scalar or null values; keys of defined deal custom fields are checked against their type.',
  );

// The writable fields of DealCreate and DealUpdate (spec section 4, Deals), each optional.
const writable = {
  company_id: Nullable(Uuid({ description: 'A company of the workspace, not in the recycle bin.' })),
  contact_id: Nullable(Uuid({ description: 'A contact of the workspace, not in the recycle bin.' })),
  value: Type.Number({
    minimum: 0,
    maximum: DEAL_VALUE_MAX,
    description: 'Major units with at most two decimals (docs/money.md); default 0.',
  }),
  currency: Type.String({
    maxLength: 3,
    pattern: '^[A-Z]{3}$',
    description: 'Three letters (ISO 4217 style), stored upper-cased; defaults to the workspace currency.',
  }),
  stage_id: Uuid({
    description: 'A stage of a deal pipeline; defaults to the first stage of the default deal pipeline.',
  }),
  probability: Nullable(
    Type.Integer({ minimum: 0, maximum: 100, description: "null follows the stage's probability." }),
  ),
  expected_close: Nullable(DateOnly({ description: 'YYYY-MM-DD, a real calendar day.' })),
  lost_reason: Nullable(Text({ maxLength: 500 })),
  owner_id: Nullable(Uuid({ description: 'An active member of the workspace.' })),
  source_id: Nullable(Uuid({ description: 'A lead source of the workspace.' })),
  campaign_id: Nullable(Uuid({ description: "A campaign of the workspace; defaults to the company's campaign." })),
  custom: CustomValues(),
};
const optionalWritable = Type.Partial(Type.Object(writable)).properties;
export type DealWritable = { -readonly [K in keyof typeof writable]?: Static<(typeof writable)[K]> };

const DealName = () => SingleLine({ minLength: 1, maxLength: 200 });
const TRIMMED = ['name', 'currency', 'lost_reason'];

// Read-only fields are refused by name before the unknown-field rule; the currency is
// upper-cased, ids lower-cased, and an empty lost reason means none.
function prepareDealBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const readOnly = DEAL_READ_ONLY_FIELDS.find((field) => Object.hasOwn(body, field));
  if (readOnly) throw validationFailed(`${readOnly} is read-only`);
  const fields: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (typeof fields.currency === 'string') fields.currency = fields.currency.toUpperCase();
  // Ids are stored lower-case: a uuid in either case is the same id.
  for (const field of ['company_id', 'contact_id', 'stage_id', 'owner_id', 'source_id', 'campaign_id']) {
    if (typeof fields[field] === 'string') fields[field] = fields[field].toLowerCase();
  }
  if (typeof fields.lost_reason === 'string' && fields.lost_reason.trim() === '') fields.lost_reason = null;
  return fields;
}

// Deal (spec section 2).
export const Deal = Named(
  'Deal',
  Strict({
    id: Uuid(),
    name: Type.String(),
    company_id: Nullable(Uuid()),
    company_name: Nullable(Type.String()),
    contact_id: Nullable(Uuid()),
    contact_name: Nullable(Type.String()),
    value: Type.Number({ description: 'Major units, exact to the cent.' }),
    currency: Type.String(),
    pipeline_id: Uuid(),
    stage_id: Uuid(),
    stage_name: Type.String(),
    stage_kind: StringEnum(['open', 'won', 'lost'] as const),
    probability: Nullable(
      Type.Integer({ description: "The deal's probability, or its stage's when the deal has none." }),
    ),
    expected_close: Nullable(DateOnly()),
    status: StringEnum(DEAL_STATUSES),
    closed_at: Nullable(DateTime({ description: 'When it moved to a won or lost stage; null while open.' })),
    lost_reason: Nullable(Type.String()),
    owner_id: Nullable(Uuid()),
    owner_name: Nullable(Type.String()),
    source_id: Nullable(Uuid()),
    campaign_id: Nullable(Uuid()),
    campaign_name: Nullable(Type.String()),
    custom: CustomValues(),
    created_at: DateTime(),
    updated_at: DateTime(),
  }),
);
export type DealView = Static<typeof Deal>;

const OpenTotals = Named(
  'DealOpenTotals',
  Strict({
    count: Type.Integer({ minimum: 0 }),
    value: Type.Number({ description: 'Major units, exact.' }),
    weighted: Type.Number({ description: 'Sum of value × probability / 100, exact (up to four decimals).' }),
  }),
);

const OtherCurrency = Named(
  'DealCurrencyTotals',
  Strict({
    currency: Type.String(),
    count: Type.Integer({ minimum: 0 }),
    value: Type.Number(),
    weighted: Type.Number(),
  }),
);

export const listDeals = declareOperation({
  method: 'GET',
  path: '/deals',
  // Deals hang off companies and share their permissions.
  access: contactsAside(needs('companies:read'), '`contact_name` is null'),
  summary: 'List deals',
  description:
    'Filters combine. Offset paging with total. value and weighted are sums over the whole filtered set (not the page) of the deals in the workspace currency; deals in other currencies are never added to them and are summed per currency in other_currencies. Weighted uses each deal’s probability, or its stage’s.',
  query: Type.Object({
    pipeline_id: Type.Optional(Uuid()),
    stage_id: Type.Optional(Uuid()),
    company_id: Type.Optional(Uuid()),
    campaign_id: Type.Optional(Uuid()),
    owner: Type.Optional(Type.String({ maxLength: 36, pattern: OWNER_PATTERN, description: 'me or a member id.' })),
    custom: Type.Optional(
      Type.String({
        maxLength: CUSTOM_FILTER_MAX_LENGTH,
        description: 'A JSON object of scalar values, matched by equality per key (null matches a missing key too).',
      }),
    ),
    status: Type.Optional(StringEnum(DEAL_STATUSES)),
    q: Type.Optional(Type.String({ maxLength: 100, description: 'Prefix of the name, any case.' })),
    sort: StringEnum(DEAL_SORTS, {
      default: 'created_desc',
      description: 'close_asc lists deals without expected_close last.',
    }),
    limit: Type.Integer({ minimum: 1, maximum: DEAL_PAGE_MAX, default: DEAL_PAGE_DEFAULT }),
    offset: Type.Integer({ minimum: 0, maximum: DEAL_LIST_MAX_OFFSET, default: 0 }),
  }),
  status: 200,
  response: Named(
    'DealList',
    ListOf(Deal, {
      total: Type.Integer({ minimum: 0 }),
      value: Type.Number({ description: 'Sum of value over the filtered deals in the workspace currency.' }),
      weighted: Type.Number({ description: 'Sum of weighted value over the same deals.' }),
      currency: Type.String({ description: 'The workspace currency value and weighted are in.' }),
      other_currencies: Type.Array(OtherCurrency, {
        description: 'The filtered deals in other currencies, summed per currency, never converted.',
      }),
    }),
  ),
});
export type ListDealsQuery = Static<NonNullable<typeof listDeals.query>>;

const WonLost = Named(
  'DealPeriodTotals',
  Strict({
    from: DateTime({ description: 'Start of the period in the workspace time zone (as a UTC instant).' }),
    to: DateTime({ description: 'Start of the next period (exclusive).' }),
    won: Strict({ count: Type.Integer({ minimum: 0 }), value: Type.Number() }),
    lost: Strict({ count: Type.Integer({ minimum: 0 }), value: Type.Number() }),
  }),
);

const StageForecast = Named(
  'DealStageForecast',
  Strict({
    stage_id: Uuid(),
    pipeline_id: Uuid(),
    name: Type.String(),
    kind: StringEnum(['open', 'won', 'lost'] as const),
    probability: Nullable(Type.Integer()),
    count: Type.Integer({ minimum: 0 }),
    value: Type.Number(),
    weighted: Type.Number(),
  }),
);

const CurrencyForecast = Named(
  'DealCurrencyForecast',
  Strict({ currency: Type.String(), open: OpenTotals, month: WonLost, quarter: WonLost }),
);

export const dealForecast = declareOperation({
  method: 'GET',
  path: '/deals/forecast',
  access: needs('companies:read'),
  cost: 5,
  summary: 'Pipeline forecast',
  description:
    'In the workspace currency: open (count, value and weighted value of the open deals), month and quarter (won and lost deals closed in the current calendar month and quarter of the workspace time zone), and stages (every stage of the deal pipelines in catalogue order with the deals now in it). Deals in other currencies are never added: each currency has its own open, month and quarter in other_currencies. pipeline_id and owner narrow every figure.',
  query: Type.Object({
    pipeline_id: Type.Optional(Uuid({ description: 'A deal pipeline of the workspace.' })),
    owner: Type.Optional(Type.String({ maxLength: 36, pattern: OWNER_PATTERN, description: 'me or a member id.' })),
  }),
  status: 200,
  response: Named(
    'DealForecast',
    Strict({
      currency: Type.String({ description: 'The workspace currency.' }),
      timezone: Type.String({ description: 'The workspace time zone the periods are in.' }),
      open: OpenTotals,
      month: WonLost,
      quarter: WonLost,
      stages: Type.Array(StageForecast),
      other_currencies: Type.Array(CurrencyForecast),
    }),
  ),
});
export type DealForecastQuery = Static<NonNullable<typeof dealForecast.query>>;
export type DealForecastView = Static<typeof dealForecast.response>;

export const createDeal = declareOperation({
  method: 'POST',
  path: '/deals',
  access: contactsAside(needs('companies:write'), '`contact_name` is null'),
  etag: 'deals',
  summary: 'Create a deal',
  description:
    "Without stage_id it starts in the first stage of the default deal pipeline; without currency in the workspace currency; without campaign_id with the company's campaign. A won or lost stage creates it closed. On a plan with a record limit, a workspace holding that many companies, contacts and deals (the recycle bin included) answers 409 `record_limit_reached` (docs/billing.md).",
  body: Named('DealCreate', Strict({ name: DealName(), ...optionalWritable })),
  trim: TRIMMED,
  prepare: prepareDealBody,
  status: 201,
  response: Deal,
  errors: [409],
});
export type CreateDealBody = Static<NonNullable<typeof createDeal.body>>;

const byId = Type.Object({ id: Uuid() });

export const getDeal = declareOperation({
  method: 'GET',
  path: '/deals/{id}',
  access: contactsAside(needs('companies:read'), '`contact_name` is null'),
  etag: 'deals',
  summary: 'Read a deal',
  params: byId,
  status: 200,
  response: Deal,
});

export const updateDeal = declareOperation({
  method: 'PATCH',
  path: '/deals/{id}',
  access: contactsAside(needs('companies:write'), '`contact_name` is null'),
  etag: 'deals',
  summary: 'Change a deal',
  description:
    'Only the fields given change; custom merges key by key (null removes a key). Moving to a won or lost stage closes the deal (status, closed_at); moving back to an open stage reopens it (closed_at cleared, lost_reason kept).',
  params: byId,
  body: Named('DealUpdate', Strict({ name: Type.Optional(DealName()), ...optionalWritable })),
  trim: TRIMMED,
  prepare: prepareDealBody,
  status: 200,
  response: Deal,
});
export type UpdateDealBody = Static<NonNullable<typeof updateDeal.body>>;

export const deleteDeal = declareOperation({
  method: 'DELETE',
  path: '/deals/{id}',
  access: remove('companies:write'),
  etag: 'deals',
  summary: 'Delete a deal',
  description: 'For good: deals have no recycle bin.',
  params: byId,
  status: 204,
  response: null,
});
