import {
  DateOnly,
  DateTime,
  declareOperation,
  ListOf,
  Named,
  Nullable,
  SingleLine,
  Strict,
  Text,
  Type,
  Uuid,
  type Static,
} from '@crm/kit';
import { needs, remove, standard } from '@crm/protos';

export const SPEND_LINES_MAX = 1000;
export const SPEND_AMOUNT_MAX = 1_000_000_000_000;

export const CampaignSpend = Named(
  'CampaignSpend',
  Strict({
    id: Uuid(),
    spent_on: DateOnly(),
    amount: Type.Number({ description: 'Major units, campaign currency, exact.' }),
    note: Nullable(Type.String()),
    external_ref: Nullable(Type.String()),
    created_at: DateTime(),
  }),
);
export type SpendView = Static<typeof CampaignSpend>;

const SpendLine = Named(
  'CampaignSpendLine',
  Strict({
    spent_on: DateOnly({ description: 'The day the money was spent (YYYY-MM-DD).' }),
    amount: Type.Number({
      minimum: 0,
      maximum: SPEND_AMOUNT_MAX,
      description: 'Major units with at most two decimals, campaign currency.',
    }),
    note: Type.Optional(Nullable(Text({ maxLength: 500 }))),
    external_ref: Type.Optional(
      Nullable(
        SingleLine({
          minLength: 1,
          maxLength: 200,
          description: 'A later line with the same ref in this campaign replaces this one.',
        }),
      ),
    ),
  }),
);

export const listSpend = declareOperation({
  method: 'GET',
  path: '/campaigns/{id}/spend',
  access: standard(needs('companies:read')),
  summary: "A campaign's spend lines",
  description: 'Newest first (by spent_on, then by when recorded); total is their exact sum in the campaign currency.',
  params: Type.Object({ id: Uuid() }),
  status: 200,
  response: Named(
    'CampaignSpendList',
    ListOf(CampaignSpend, { total: Type.Number({ description: 'Sum of the lines, campaign currency, exact.' }) }),
  ),
});

export const recordSpend = declareOperation({
  method: 'POST',
  path: '/campaigns/{id}/spend',
  access: standard(needs('companies:write')),
  summary: 'Record spend lines',
  description:
    'Up to 1000 lines, all validated before any is written (a refusal names lines.<i>.<field>). A line with an external_ref replaces the line with the same ref in this campaign (counted in updated), also between concurrent requests; a ref repeated within one request keeps its last line.',
  params: Type.Object({ id: Uuid() }),
  body: Named(
    'CampaignSpendCreate',
    Strict({ lines: Type.Array(SpendLine, { minItems: 1, maxItems: SPEND_LINES_MAX }) }),
  ),
  status: 200,
  response: Named(
    'CampaignSpendRecorded',
    Strict({ created: Type.Integer({ minimum: 0 }), updated: Type.Integer({ minimum: 0 }) }),
  ),
});
export type RecordSpendBody = Static<NonNullable<typeof recordSpend.body>>;

export const deleteSpend = declareOperation({
  method: 'DELETE',
  path: '/campaigns/{id}/spend/{spend_id}',
  access: standard(remove('companies:write')),
  summary: 'Delete a spend line',
  params: Type.Object({ id: Uuid(), spend_id: Uuid() }),
  status: 204,
  response: null,
});
