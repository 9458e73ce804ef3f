import type { webhookCreated, PayloadOf } from '@crm/protos';
import type { WebhookRecord } from './webhook.model';
import type { WebhookView } from './webhook.operations';

export type WebhookStateData = PayloadOf<typeof webhookCreated>;

// The endpoint's public state, as its events carry it: never a secret.
export function webhookState(record: WebhookRecord): WebhookStateData {
  return {
    webhook_id: record._id,
    url: record.url,
    description: record.description,
    event_types: record.event_types,
    enabled: record.enabled,
    disabled_reason: record.disabled_reason,
    version: record.version,
  };
}

export function webhookView(record: WebhookRecord, now = new Date()): WebhookView {
  const rotation = record.secrets.find((secret) => secret.expires_at !== null && secret.expires_at > now);
  return {
    id: record._id,
    url: record.url,
    description: record.description,
    event_types: record.event_types,
    enabled: record.enabled,
    disabled_reason: record.disabled_reason,
    secret_rotation_ends_at: rotation ? rotation.expires_at!.toISOString() : null,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
