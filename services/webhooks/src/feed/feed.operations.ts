import { DateTime, declareOperation, ListOf, Named, Strict, Type } from '@crm/kit';
import { admin, EVENT_CONTRACTS, eventDataSchema, publicEventContracts, type EventContract } from '@crm/protos';

export const FEED_DEFAULT_LIMIT = 50;
export const FEED_MAX_LIMIT = 200;

const eventFields = {
  id: Type.String({ description: "The event's id: the webhook-id of its deliveries" }),
  timestamp: DateTime({ description: 'When it occurred' }),
};

// One event as GET /events answers it: per public type, its payload as the event catalogue
// declares it (`<Type>Data`, the `data` of its webhook deliveries too), or, once a contact it
// named was erased, only the payload's ids and version. A client tells them apart by `redacted`,
// then `type`.
const eventOfType = (contract: EventContract) =>
  Strict({
    ...eventFields,
    type: Type.Literal(contract.type),
    data: Type.Unsafe<Record<string, unknown>>(eventDataSchema(contract)),
    redacted: Type.Literal(false, { description: 'The payload is whole.' }),
  });

const RedactedEvent = Named(
  'RedactedFeedEvent',
  Strict({
    ...eventFields,
    type: Type.String({ description: 'A public event type.' }),
    data: Type.Record(Type.String(), Type.Unknown(), {
      description: "Only the payload's ids and version: personal data of an erased contact was removed from it.",
    }),
    redacted: Type.Literal(true, { description: 'Personal data of an erased contact was removed from it.' }),
  }),
);

export const FeedEvent = Named(
  'FeedEvent',
  Type.Unsafe<{ id: string; type: string; timestamp: string; data: Record<string, unknown>; redacted: boolean }>(
    Type.Union([...publicEventContracts(EVENT_CONTRACTS).map(eventOfType), RedactedEvent]),
  ),
);

export const listEvents = declareOperation({
  method: 'GET',
  path: '/events',
  summary: "The workspace's events, in order",
  description:
    "Every public event of the workspace in the order it was recorded, kept 30 days: a client that was down catches up from the last `next_cursor` it saw (the same ids as webhook deliveries' webhook-id). " +
    'An empty page still answers a `next_cursor` to poll with later.',
  // The feed carries every record's events regardless of who may see the record: admins only.
  access: admin('settings:manage'),
  query: Type.Object({
    after: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'next_cursor of the previous page; from the oldest kept event when omitted',
      }),
    ),
    types: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2000,
        description: 'Comma-separated event types or patterns (crm.deal.*); all public types when omitted',
      }),
    ),
    limit: Type.Integer({ minimum: 1, maximum: FEED_MAX_LIMIT, default: FEED_DEFAULT_LIMIT }),
  }),
  status: 200,
  response: Named(
    'EventFeed',
    ListOf(FeedEvent, {
      next_cursor: Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'The `after` of the next page, also on the last one: poll with it later.',
      }),
      has_more: Type.Boolean(),
    }),
  ),
});
