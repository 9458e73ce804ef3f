import { Schema, type Connection, type Model } from 'mongoose';
import { globalCollection } from '@crm/kit';

// Provider events already handled, by the provider's event id, written in the transaction of the
// change the event made: a redelivery (providers send at least once) changes nothing twice.
export interface WebhookEventRecord {
  // `<provider>:<event id>`
  _id: string;
  provider: string;
  type: string;
  received_at: Date;
}

const webhookEventSchema = new Schema<WebhookEventRecord>(
  {
    _id: { type: String, required: true },
    provider: { type: String, required: true },
    type: { type: String, required: true },
    received_at: { type: Date, required: true },
  },
  { collection: 'webhook_events', versionKey: false },
);
webhookEventSchema.plugin(globalCollection, {
  reason: 'a provider event id names no workspace: it is checked before the event is read',
});
webhookEventSchema.index({ received_at: 1 });

export const WEBHOOK_EVENT_MODEL = 'WebhookEvent';

export function registerWebhookEventModel(connection: Connection): void {
  connection.model(WEBHOOK_EVENT_MODEL, webhookEventSchema);
}

export function webhookEventModel(connection: Connection): Model<WebhookEventRecord> {
  return connection.model<WebhookEventRecord>(WEBHOOK_EVENT_MODEL);
}
