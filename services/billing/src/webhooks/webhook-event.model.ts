import { Schema, type Connection, type Model } from 'mongoose';
import { field, globalCollection, schemaOf, type RecordOf } from '@crm/kit';

// Provider events already handled, by the provider's event id, written in the transaction of the
// change the event made: a redelivery (providers send at least once) changes nothing twice.
const webhookEventFields = {
  // `<provider>:<event id>`
  _id: field.string({ required: true }),
  provider: field.string({ required: true }),
  type: field.string({ required: true }),
  received_at: field.date({ required: true }),
};

export type WebhookEventRecord = RecordOf<typeof webhookEventFields>;

const webhookEventSchema = new Schema<WebhookEventRecord>(schemaOf(webhookEventFields), {
  collection: 'webhook_events',
  versionKey: false,
});
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
