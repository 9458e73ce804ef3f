import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

// One event to one endpoint, tried until it succeeds or its retry window ends.
export interface DeliveryRecord {
  _id: string;
  workspace_id: string;
  webhook_id: string;
  // The webhook-id header: the event's id (a feed entry), or a test's own id.
  message_id: string;
  event_type: string;
  // Set for a test delivery, which has no feed entry: the body it sends.
  test_body: Record<string, unknown> | null;
  status: DeliveryStatus;
  attempts: number;
  last_attempt_at: Date | null;
  // The first attempt of the current retry window.
  first_attempt_at: Date | null;
  response_status: number | null;
  error: string | null;
  next_attempt_at: Date | null;
  // Retried until then.
  deadline: Date;
  created_at: Date;
  expires_at: Date;
}

const deliverySchema = new Schema<DeliveryRecord>(
  {
    _id: { type: String, required: true },
    webhook_id: { type: String, required: true },
    message_id: { type: String, required: true },
    event_type: { type: String, required: true },
    test_body: { type: Schema.Types.Mixed, default: null },
    status: { type: String, enum: DELIVERY_STATUSES, required: true },
    attempts: { type: Number, required: true },
    last_attempt_at: { type: Date, default: null },
    first_attempt_at: { type: Date, default: null },
    response_status: { type: Number, default: null },
    error: { type: String, default: null },
    next_attempt_at: { type: Date, default: null },
    deadline: { type: Date, required: true },
    created_at: { type: Date, required: true },
    expires_at: { type: Date, required: true },
  },
  { collection: 'deliveries', versionKey: false },
);
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
