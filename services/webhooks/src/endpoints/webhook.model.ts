import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export interface SealedSecret {
  // Encrypted with the service's key (SecretBox), bound to this endpoint when `bound`.
  sealed: string;
  // Sealed with the workspace and endpoint ids as associated data; absent on secrets sealed
  // before that, which a data upgrade re-seals bound at start (bindLegacySecretsUpgrade).
  bound?: boolean;
  // null: the current secret; otherwise a rotated-out secret that still signs until then.
  expires_at: Date | null;
}

export type DisabledReason = 'failing';

// A workspace's webhook endpoint: where its events are posted, which ones, and the secrets that
// sign them.
export interface WebhookRecord {
  _id: string;
  workspace_id: string;
  version: number;
  url: string;
  description: string | null;
  event_types: string[];
  enabled: boolean;
  disabled_reason: DisabledReason | null;
  secrets: SealedSecret[];
  // Since when every attempt has failed (null after a success): an endpoint that fails for the
  // whole retry window is disabled.
  failing_since: Date | null;
  created_at: string;
  updated_at: string;
}

export const WEBHOOK_MODEL = 'Webhook';

const webhookSchema = new Schema<WebhookRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, required: true },
    url: { type: String, required: true },
    description: { type: String, default: null },
    event_types: { type: [String], required: true },
    enabled: { type: Boolean, required: true },
    disabled_reason: { type: String, default: null },
    secrets: {
      type: [
        {
          _id: false,
          sealed: { type: String, required: true },
          bound: { type: Boolean },
          expires_at: { type: Date, default: null },
        },
      ],
      required: true,
    },
    failing_since: { type: Date, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'webhooks', versionKey: false },
);
webhookSchema.plugin(tenantScoped);
webhookSchema.index({ workspace_id: 1, created_at: 1, _id: 1 });

export function registerWebhookModel(connection: Connection): void {
  connection.model(WEBHOOK_MODEL, webhookSchema);
}

export function webhookModel(connection: Connection): Model<WebhookRecord> {
  return connection.model<WebhookRecord>(WEBHOOK_MODEL);
}
