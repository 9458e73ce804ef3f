import {
  DateTime,
  declareOperation,
  Email,
  ListOf,
  Named,
  Nullable,
  SingleLine,
  Strict,
  StringEnum,
  Text,
  Type,
  Uuid,
  type Static,
} from '@crm/kit';
import { contactsAside, needs, standard } from '@crm/protos';
import { TOUCHPOINT_KINDS } from './touchpoint.model';

export const TOUCHPOINTS_MAX = 500;
export const TOUCHPOINT_PAGE_DEFAULT = 50;
export const TOUCHPOINT_PAGE_MAX = 500;
export const TOUCHPOINT_LIST_MAX_OFFSET = 100000;

export const Touchpoint = Named(
  'Touchpoint',
  Strict({
    id: Uuid(),
    campaign_id: Uuid(),
    campaign_name: Type.String(),
    contact_id: Nullable(Uuid()),
    contact_name: Nullable(Type.String()),
    company_id: Nullable(Uuid()),
    company_name: Nullable(Type.String()),
    kind: StringEnum(TOUCHPOINT_KINDS),
    occurred_at: DateTime(),
    note: Nullable(Type.String()),
    external_ref: Nullable(Type.String()),
    actor_label: Nullable(
      Type.String({
        description: "The API key's name when a key recorded it, the member's name, or the web form's name.",
      }),
    ),
  }),
);
export type TouchpointView = Static<typeof Touchpoint>;

const TouchpointItem = Named(
  'TouchpointItem',
  Strict({
    campaign_id: Uuid({ description: 'A campaign of the workspace.' }),
    contact_id: Type.Optional(Uuid({ description: 'The contact; exactly one of contact_id, email and company_id.' })),
    email: Type.Optional(Email({ description: "The contact's email, compared without regard to case." })),
    company_id: Type.Optional(Uuid({ description: 'The company, when no person is known.' })),
    kind: StringEnum(TOUCHPOINT_KINDS),
    occurred_at: Type.Optional(DateTime({ description: 'Default: when it is recorded.' })),
    note: Type.Optional(Nullable(Text({ maxLength: 2000 }))),
    external_ref: Type.Optional(
      Nullable(
        SingleLine({
          minLength: 1,
          maxLength: 200,
          description: 'Recorded once per campaign: a repeat is counted in duplicates.',
        }),
      ),
    ),
  }),
);

export const listTouchpoints = declareOperation({
  method: 'GET',
  path: '/touchpoints',
  access: contactsAside(standard(needs('companies:read')), '`contact_name` is null'),
  summary: 'List touchpoints',
  description: 'Newest first (occurred_at), offset paging with total. Filters combine.',
  query: Type.Object({
    campaign_id: Type.Optional(Uuid()),
    contact_id: Type.Optional(Uuid()),
    company_id: Type.Optional(Uuid()),
    limit: Type.Integer({ minimum: 1, maximum: TOUCHPOINT_PAGE_MAX, default: TOUCHPOINT_PAGE_DEFAULT }),
    offset: Type.Integer({ minimum: 0, maximum: TOUCHPOINT_LIST_MAX_OFFSET, default: 0 }),
  }),
  status: 200,
  response: Named('TouchpointList', ListOf(Touchpoint, { total: Type.Integer({ minimum: 0 }) })),
});
export type ListTouchpointsQuery = Static<NonNullable<typeof listTouchpoints.query>>;

export const recordTouchpoints = declareOperation({
  method: 'POST',
  path: '/touchpoints',
  access: standard(needs('companies:write')),
  summary: 'Record touchpoints',
  description:
    "Up to 500 items, all validated before any is written (a refusal names touchpoints.<i>.<field>). Each names exactly one of contact_id, email (the workspace's contact with that email, any case) or company_id. Items whose contact or company is not found (or is in the recycle bin) are skipped and listed by position in unmatched. An external_ref is recorded once per campaign, also between concurrent requests: a repeat is counted in duplicates.",
  body: Named(
    'TouchpointBatch',
    Strict({ touchpoints: Type.Array(TouchpointItem, { minItems: 1, maxItems: TOUCHPOINTS_MAX }) }),
  ),
  status: 200,
  response: Named(
    'TouchpointsRecorded',
    Strict({
      created: Type.Integer({ minimum: 0 }),
      duplicates: Type.Integer({ minimum: 0 }),
      unmatched: Type.Array(Type.Integer({ minimum: 0 }), { description: 'Positions (from 0) of the skipped items.' }),
    }),
  ),
});
export type RecordTouchpointsBody = Static<NonNullable<typeof recordTouchpoints.body>>;
