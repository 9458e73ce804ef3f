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
import { needs, remove, standard } from '@crm/protos';
import { CAMPAIGN_STATUSES } from './campaign.model';

export const CAMPAIGN_PAGE_DEFAULT = 100;
export const CAMPAIGN_PAGE_MAX = 500;
export const CAMPAIGN_LIST_MAX_OFFSET = 100000;
export const CAMPAIGN_BUDGET_MAX = 1_000_000_000_000;

// Fields of Campaign a client reads but never writes: naming one in a body is a 400 that says so.
const CAMPAIGN_READ_ONLY_FIELDS = [
  'id',
  'source_name',
  'owner_name',
  'spend',
  'leads',
  'deals',
  'won_value',
  'won_value_other_currencies',
  'touchpoints',
  'created_at',
  'updated_at',
] as const;

const writable = {
  source_id: Nullable(Uuid({ description: 'A lead source of the workspace (crm-core).' })),
  status: StringEnum(CAMPAIGN_STATUSES, { description: 'Default planned. Any status may follow any other.' }),
  starts_on: Nullable(DateOnly()),
  ends_on: Nullable(DateOnly({ description: 'Not before starts_on.' })),
  budget: Nullable(
    Type.Number({
      minimum: 0,
      maximum: CAMPAIGN_BUDGET_MAX,
      description: 'Major units with at most two decimals, campaign currency.',
    }),
  ),
  currency: Type.String({
    maxLength: 3,
    pattern: '^[A-Z]{3}$',
    description: 'Three letters, stored upper-cased; defaults to the workspace currency.',
  }),
  utm_campaign: Nullable(
    SingleLine({
      minLength: 1,
      maxLength: 200,
      description: 'Matched without regard to case against the utm_campaign query of pages with web forms.',
    }),
  ),
  external_ref: Nullable(SingleLine({ maxLength: 200 })),
  owner_id: Nullable(Uuid({ description: 'An active member of the workspace.' })),
  notes: Nullable(Text({ maxLength: 5000 })),
};
const CampaignName = () => SingleLine({ minLength: 1, maxLength: 200 });
const TRIMMED = ['name', 'utm_campaign', 'external_ref', 'currency'];

function prepareCampaignBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const readOnly = CAMPAIGN_READ_ONLY_FIELDS.find((field) => Object.hasOwn(body, field));
  if (readOnly) throw validationFailed(`${readOnly} is read-only`);
  const fields: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (typeof fields.currency === 'string') fields.currency = fields.currency.toUpperCase();
  for (const field of ['source_id', 'owner_id'])
    if (typeof fields[field] === 'string') fields[field] = fields[field].toLowerCase();
  // Empty optional text is no value; utm_campaign declares a minimum length, so empty is refused.
  for (const field of ['external_ref', 'notes'])
    if (typeof fields[field] === 'string' && fields[field].trim() === '') fields[field] = null;
  return fields;
}

const CurrencyTotal = Named(
  'CampaignCurrencyTotal',
  Strict({
    currency: Type.String(),
    deals: Type.Integer({ minimum: 0 }),
    value: Type.Number({ description: 'Major units, exact.' }),
  }),
);

// Campaign (spec section 2), plus won deals in other currencies, reported apart.
export const Campaign = Named(
  'Campaign',
  Strict({
    id: Uuid(),
    name: Type.String(),
    source_id: Nullable(Uuid()),
    source_name: Nullable(Type.String()),
    status: StringEnum(CAMPAIGN_STATUSES),
    starts_on: Nullable(DateOnly()),
    ends_on: Nullable(DateOnly()),
    budget: Nullable(Type.Number()),
    currency: Type.String(),
    utm_campaign: Nullable(Type.String()),
    external_ref: Nullable(Type.String()),
    owner_id: Nullable(Uuid()),
    owner_name: Nullable(Type.String()),
    notes: Nullable(Type.String()),
    spend: Type.Number({ description: 'Sum of the spend lines, campaign currency, exact.' }),
    leads: Type.Integer({
      minimum: 0,
      description: 'Companies whose campaign_id is this campaign (outside the recycle bin).',
    }),
    deals: Type.Integer({ minimum: 0, description: 'Deals whose campaign_id is this campaign.' }),
    won_value: Type.Number({
      description: 'Value of the won deals credited to the campaign in the campaign currency, exact.',
    }),
    won_value_other_currencies: Type.Array(CurrencyTotal, {
      description: 'Won deals credited to the campaign in other currencies, summed per currency, never converted.',
    }),
    touchpoints: Type.Integer({ minimum: 0 }),
    created_at: DateTime(),
    updated_at: DateTime(),
  }),
);
export type CampaignView = Static<typeof Campaign>;

const IdParams = Type.Object({ id: Uuid() });

export const listCampaigns = declareOperation({
  method: 'GET',
  path: '/campaigns',
  access: standard(needs('companies:read')),
  summary: 'List campaigns',
  description: 'Newest first, offset paging with total. Filters combine.',
  query: Type.Object({
    q: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the name, any case.' })),
    status: Type.Optional(StringEnum(CAMPAIGN_STATUSES)),
    source_id: Type.Optional(Uuid()),
    limit: Type.Integer({ minimum: 1, maximum: CAMPAIGN_PAGE_MAX, default: CAMPAIGN_PAGE_DEFAULT }),
    offset: Type.Integer({ minimum: 0, maximum: CAMPAIGN_LIST_MAX_OFFSET, default: 0 }),
  }),
  status: 200,
  response: Named('CampaignList', ListOf(Campaign, { total: Type.Integer({ minimum: 0 }) })),
});
export type ListCampaignsQuery = Static<NonNullable<typeof listCampaigns.query>>;

export const createCampaign = declareOperation({
  method: 'POST',
  path: '/campaigns',
  access: standard(needs('companies:write')),
  etag: 'campaigns',
  summary: 'Create a campaign',
  body: Named('CampaignCreate', Strict({ name: CampaignName(), ...Type.Partial(Type.Object(writable)).properties })),
  trim: TRIMMED,
  prepare: prepareCampaignBody,
  status: 201,
  response: Campaign,
});
export type CreateCampaignBody = Static<NonNullable<typeof createCampaign.body>>;

export const getCampaign = declareOperation({
  method: 'GET',
  path: '/campaigns/{id}',
  access: standard(needs('companies:read')),
  etag: 'campaigns',
  summary: 'A campaign with its totals',
  params: IdParams,
  status: 200,
  response: Campaign,
});

export const updateCampaign = declareOperation({
  method: 'PATCH',
  path: '/campaigns/{id}',
  access: standard(needs('companies:write')),
  etag: 'campaigns',
  summary: 'Change a campaign',
  description:
    'Absent fields are unchanged, null clears. A rename shows on the next read of every company and deal credited to it.',
  params: IdParams,
  body: Named('CampaignUpdate', Strict(Type.Partial(Type.Object({ name: CampaignName(), ...writable })).properties)),
  trim: TRIMMED,
  prepare: prepareCampaignBody,
  status: 200,
  response: Campaign,
});
export type UpdateCampaignBody = Static<NonNullable<typeof updateCampaign.body>>;

export const deleteCampaign = declareOperation({
  method: 'DELETE',
  path: '/campaigns/{id}',
  access: standard(remove('companies:write')),
  etag: 'campaigns',
  summary: 'Delete a campaign',
  description:
    'Records it brought in keep their link for reporting (they show its last name); its spend lines and touchpoints are kept for reports.',
  params: IdParams,
  status: 204,
  response: null,
});
