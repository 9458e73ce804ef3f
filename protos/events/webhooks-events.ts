import { Type, type TSchema } from '@sinclair/typebox';
import { defineEvent } from './event-contract';

// The webhooks service's facts about a workspace's webhook endpoints. Each payload is the
// endpoint's public state and version: never its signing secrets.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const webhookState = {
  webhook_id: Type.String(),
  url: Type.String({ description: 'Where deliveries are posted' }),
  description: Nullable(Type.String()),
  event_types: Type.Array(Type.String(), {
    description: 'Event types or patterns (crm.deal.*) delivered; ["*"] for all',
  }),
  enabled: Type.Boolean(),
  disabled_reason: Nullable(
    Type.String({ description: 'failing: disabled after every delivery failed for the whole retry window' }),
  ),
};

const webhook = { entity: 'webhook', idField: 'webhook_id' };

export const webhookCreated = defineEvent({
  type: 'webhooks.webhook.created',
  description: 'An admin added a webhook endpoint.',
  record: webhook,
  payload: webhookState,
});

export const webhookUpdated = defineEvent({
  type: 'webhooks.webhook.updated',
  description:
    'An admin changed a webhook endpoint (address, event types, enabled) or rotated its signing secret (secret_rotated; the old secret signs too for 24 hours).',
  record: webhook,
  payload: { ...webhookState, secret_rotated: Type.Boolean() },
});

export const webhookDeleted = defineEvent({
  type: 'webhooks.webhook.deleted',
  description: 'An admin deleted a webhook endpoint; nothing more is delivered to it.',
  record: { ...webhook, deletes: true },
  payload: webhookState,
});

export const webhookDisabled = defineEvent({
  type: 'webhooks.webhook.disabled',
  description:
    "A webhook endpoint was disabled because every delivery to it failed for the whole retry window (three days by default); the workspace's admins are told. An admin enables it again with PATCH.",
  record: webhook,
  payload: webhookState,
});

export const WEBHOOKS_EVENT_CONTRACTS = [webhookCreated, webhookUpdated, webhookDeleted, webhookDisabled] as const;
