import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

// One event to one endpoint, tried until it succeeds or its retry window ends.
const deliveryFields = {
  _id: field.string({ required: true }),
  webhook_id: field.string({ required: true }),
  // The webhook-id header: the event's id (a feed entry), or a test's own id.
  message_id: field.string({ required: true }),
  event_type: field.string({ required: true }),
  // Set for a test delivery, which has no feed entry: the body it sends.
  test_body: field.mixed<Record<string, unknown>>({ default: null }),
  status: field.string({ enum: DELIVERY_STATUSES, required: true }),
  attempts: field.number({ required: true }),
  last_attempt_at: field.date({ default: null }),
  // The first attempt of the current retry window.
  first_attempt_at: field.date({ default: null }),
  response_status: field.number({ default: null }),
  error: field.string({ default: null }),
  next_attempt_at: field.date({ default: null }),
  // Retried until then.
  deadline: field.date({ required: true }),
  created_at: field.date({ required: true }),
  expires_at: field.date({ required: true }),
};

export type DeliveryRecord = ScopedRecordOf<typeof deliveryFields>;

const deliverySchema = new Schema<DeliveryRecord>(schemaOf(deliveryFields), {
  collection: 'deliveries',
  versionKey: false,
});
deliverySchema.plugin(tenantScoped);
// Newest first per endpoint (ids are UUID v7: time-ordered).
deliverySchema.index({ workspace_id: 1, webhook_id: 1, _id: -1 });
deliverySchema.index({ workspace_id: 1, message_id: 1 });
deliverySchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export function registerDeliveryModel(connection: Connection): void {
  connection.model('WebhookDelivery', deliverySchema);
}

export const deliveryModel = (connection: Connection): Model<DeliveryRecord> =>
  connection.model<DeliveryRecord>('WebhookDelivery');
