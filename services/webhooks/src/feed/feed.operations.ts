import { DateTime, declareOperation, ListOf, Named, Strict, Type } from '@crm/kit';
import { admin } from '@crm/protos';

export const FEED_DEFAULT_LIMIT = 50;
export const FEED_MAX_LIMIT = 200;

export const FeedEvent = Named(
  'FeedEvent',
  Strict({
    id: Type.String({ description: "The event's id: the webhook-id of its deliveries" }),
    type: Type.String(),
    timestamp: DateTime({ description: 'When it occurred' }),
    data: Type.Object({}, { additionalProperties: true, description: "The payload, as the event catalogue declares it (the OpenAPI document's webhooks section); ids only when redacted" }),
    redacted: Type.Boolean({ description: "Personal data of an erased contact was removed from it" }),
  }),
);

export const listEvents = declareOperation({
  method: 'GET',
  path: '/events',
  summary: "The workspace's events, in order",
  description:
    "Workspace admins only. Every public event of the workspace in the order it was recorded, kept 30 days: a client that was down catches up from the last `next_cursor` it saw (the same ids as webhook deliveries' webhook-id). " +
    'An empty page still answers a `next_cursor` to poll with later.',
  // The feed carries every record's events regardless of who may see the record: admins only.
  access: admin('settings:manage'),
  query: Type.Object({
    after: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'next_cursor of the previous page; from the oldest kept event when omitted' })),
    types: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'Comma-separated event types or patterns (crm.deal.*); all public types when omitted' })),
    limit: Type.Integer({ minimum: 1, maximum: FEED_MAX_LIMIT, default: FEED_DEFAULT_LIMIT }),
  }),
  status: 200,
  response: Named('EventFeed', ListOf(FeedEvent, { next_cursor: Type.String(), has_more: Type.Boolean() })),
});
