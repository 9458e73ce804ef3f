import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type RecordOf, type ScopedRecordOf } from '@crm/kit';

const secretFields = {
  // Encrypted with the service's key (SecretBox), bound to this endpoint when `bound`.
  sealed: field.string({ required: true }),
  // Sealed with the workspace and endpoint ids as associated data; absent on secrets sealed
  // before that, which a data upgrade re-seals bound at start (bindLegacySecretsUpgrade).
  bound: field.absentOnOld(field.boolean()),
  // null: the current secret; otherwise a rotated-out secret that still signs until then.
  expires_at: field.date({ default: null }),
};

export type SealedSecret = RecordOf<typeof secretFields>;

const secretSchema = new Schema<SealedSecret>(schemaOf(secretFields), { _id: false });

export type DisabledReason = 'failing';

// A workspace's webhook endpoint: where its events are posted, which ones, and the secrets that
// sign them.
const webhookFields = {
  _id: field.string({ required: true }),
  version: field.number({ required: true }),
  url: field.string({ required: true }),
  description: field.string({ default: null }),
  event_types: field.strings({ required: true }),
  enabled: field.boolean({ required: true }),
  disabled_reason: field.string<DisabledReason>({ default: null }),
  secrets: field.list(secretSchema, { required: true }),
  // Since when every attempt has failed (null after a success): an endpoint that fails for the
  // whole retry window is disabled.
  failing_since: field.date({ default: null }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type WebhookRecord = ScopedRecordOf<typeof webhookFields>;

export const WEBHOOK_MODEL = 'Webhook';

const webhookSchema = new Schema<WebhookRecord>(schemaOf(webhookFields), { collection: 'webhooks', versionKey: false });
webhookSchema.plugin(tenantScoped);
webhookSchema.index({ workspace_id: 1, created_at: 1, _id: 1 });

export function registerWebhookModel(connection: Connection): void {
  connection.model(WEBHOOK_MODEL, webhookSchema);
}

export function webhookModel(connection: Connection): Model<WebhookRecord> {
  return connection.model<WebhookRecord>(WEBHOOK_MODEL);
}
