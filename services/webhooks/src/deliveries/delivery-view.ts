import type { DeliveryView } from '../endpoints/webhook.operations';
import type { DeliveryRecord } from './delivery.model';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export function deliveryView(record: DeliveryRecord): DeliveryView {
  return {
    id: record._id,
    webhook_id: record.webhook_id,
    event_id: record.message_id,
    event_type: record.event_type,
    status: record.status,
    attempts: record.attempts,
    response_status: record.response_status,
    error: record.error,
    last_attempt_at: iso(record.last_attempt_at),
    next_attempt_at: record.status === 'pending' ? iso(record.next_attempt_at) : null,
    created_at: record.created_at.toISOString(),
  };
}
