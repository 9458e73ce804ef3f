import {
  DateTime,
  declareOperation,
  ListOf,
  Named,
  NextCursor,
  Nullable,
  SingleLine,
  Strict,
  StringEnum,
  Type,
  Uri,
  Uuid,
  type Static,
} from '@crm/kit';
import { admin } from '@crm/protos';
import { DELIVERY_STATUSES } from '../deliveries/delivery.model';
import { MAX_URL_LENGTH } from './url-policy';

export const MAX_EVENT_TYPES = 50;
export const DELIVERIES_DEFAULT_LIMIT = 30;
export const DELIVERIES_MAX_LIMIT = 100;

// Endpoints and their secrets decide where the workspace's data goes: admins with the settings
// permission only (and, on DELETE, no agent key).
const ADMIN_ACCESS = admin('settings:manage');

const EventTypes = Type.Array(
  SingleLine({ minLength: 1, maxLength: 100, pattern: '^(\\*|[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*){0,2}(\\.\\*)?)$' }),
  {
    minItems: 1,
    maxItems: MAX_EVENT_TYPES,
    uniqueItems: true,
    description:
      'Event types delivered: exact types (crm.deal.updated), patterns (crm.deal.*, crm.*) or ["*"] for every public event. Each must name at least one type of the event catalogue.',
  },
);
const Url = Uri({
  minLength: 1,
  maxLength: MAX_URL_LENGTH,
  description: 'https address that receives POSTed deliveries; it must resolve to a public address',
});
const Description = Nullable(SingleLine({ maxLength: 500 }));

export const Webhook = Named(
  'Webhook',
  Strict({
    id: Uuid(),
    url: Uri(),
    description: Nullable(Type.String()),
    event_types: Type.Array(Type.String()),
    enabled: Type.Boolean(),
    disabled_reason: Nullable(
      StringEnum(['failing'], {
        description: 'failing: disabled after every delivery failed for the whole retry window (three days)',
      }),
    ),
    secret_rotation_ends_at: Nullable(
      DateTime({ description: 'Until then the previous secret signs deliveries too (a second v1 signature)' }),
    ),
    created_at: DateTime(),
    updated_at: DateTime(),
  }),
);
export type WebhookView = Static<typeof Webhook>;

const Secret = Type.String({
  description: 'The signing secret (whsec_…), shown this once: store it now',
  pattern: '^whsec_',
});

export const WebhookWithSecret = Named('WebhookWithSecret', Strict({ ...Webhook.properties, secret: Secret }));
const WebhookUpdated = Named('WebhookUpdated', Strict({ ...Webhook.properties, secret: Type.Optional(Secret) }));

export const Delivery = Named(
  'WebhookDelivery',
  Strict({
    id: Uuid(),
    webhook_id: Uuid(),
    event_id: Type.String({
      description: 'The webhook-id header of every attempt; the id of the event in GET /v1/events',
    }),
    event_type: Type.String(),
    status: StringEnum(DELIVERY_STATUSES),
    attempts: Type.Integer({ minimum: 0 }),
    response_status: Nullable(
      Type.Integer({ description: "HTTP status of the last attempt's answer; null when there was none" }),
    ),
    error: Nullable(Type.String({ description: 'Why the last attempt failed' })),
    last_attempt_at: Nullable(DateTime()),
    next_attempt_at: Nullable(DateTime()),
    created_at: DateTime(),
  }),
);
export type DeliveryView = Static<typeof Delivery>;

const WebhookPath = Type.Object({ id: Uuid() });

export const listWebhooks = declareOperation({
  method: 'GET',
  path: '/webhooks',
  summary: "The workspace's webhook endpoints",
  description: `Oldest first. Secrets are never shown again.`,
  access: ADMIN_ACCESS,
  status: 200,
  response: Named('WebhookList', ListOf(Webhook)),
});

export const createWebhook = declareOperation({
  method: 'POST',
  path: '/webhooks',
  summary: 'Add a webhook endpoint',
  description:
    `Answers the signing secret once. The address must be https and resolve to a public address (private, loopback, link-local and metadata addresses are refused, here and again at each connection). ` +
    'A workspace has at most 20 endpoints (409 `webhook_limit_reached`).',
  access: ADMIN_ACCESS,
  body: Named(
    'WebhookCreate',
    Strict({
      url: Url,
      event_types: Type.Optional(EventTypes),
      description: Type.Optional(Description),
      enabled: Type.Optional(Type.Boolean({ default: true })),
    }),
  ),
  trim: ['url', 'description'],
  status: 201,
  response: WebhookWithSecret,
  errors: [409],
});

export const updateWebhook = declareOperation({
  method: 'PATCH',
  path: '/webhooks/{id}',
  summary: 'Change a webhook endpoint or rotate its secret',
  description:
    `\`rotate_secret: true\` makes a new secret, answered once; the previous one keeps signing for 24 hours beside it (two \`v1,\` signatures), so a receiver can switch without missing a delivery. ` +
    'Enabling a disabled endpoint clears `disabled_reason`.',
  access: ADMIN_ACCESS,
  params: WebhookPath,
  body: Named(
    'WebhookUpdate',
    Strict({
      url: Type.Optional(Url),
      event_types: Type.Optional(EventTypes),
      description: Type.Optional(Description),
      enabled: Type.Optional(Type.Boolean()),
      rotate_secret: Type.Optional(Type.Boolean()),
    }),
  ),
  trim: ['url', 'description'],
  status: 200,
  response: WebhookUpdated,
});

export const deleteWebhook = declareOperation({
  method: 'DELETE',
  path: '/webhooks/{id}',
  summary: 'Delete a webhook endpoint',
  description: `Pending deliveries to it are dropped.`,
  access: ADMIN_ACCESS,
  params: WebhookPath,
  status: 204,
  response: null,
});

export const testWebhook = declareOperation({
  method: 'POST',
  path: '/webhooks/{id}/test',
  summary: 'Send a test delivery',
  description: `Delivers a \`webhook.test\` event (\`data.webhook_id\`) signed like any other, also to a disabled endpoint; follow it in the endpoint's deliveries.`,
  access: ADMIN_ACCESS,
  params: WebhookPath,
  status: 202,
  response: Delivery,
});

export const listDeliveries = declareOperation({
  method: 'GET',
  path: '/webhooks/{id}/deliveries',
  summary: "An endpoint's deliveries, newest first",
  description: `Kept 30 days.`,
  access: ADMIN_ACCESS,
  params: WebhookPath,
  query: Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: DELIVERIES_MAX_LIMIT, default: DELIVERIES_DEFAULT_LIMIT }),
    cursor: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'next_cursor of the previous page' }),
    ),
    status: Type.Optional(StringEnum(DELIVERY_STATUSES)),
  }),
  status: 200,
  response: Named('WebhookDeliveryList', ListOf(Delivery, { next_cursor: NextCursor(200) })),
});

export const retryDelivery = declareOperation({
  method: 'POST',
  path: '/webhooks/{id}/deliveries/{delivery_id}/retry',
  summary: 'Deliver again now',
  description: `Tries the delivery again at once with the same webhook-id (a pending one moves to now), and retries it for another window if that fails. A disabled endpoint answers 409 \`webhook_disabled\`: enable it first.`,
  access: ADMIN_ACCESS,
  params: Type.Object({ id: Uuid(), delivery_id: Uuid() }),
  status: 200,
  response: Delivery,
  errors: [409],
});
