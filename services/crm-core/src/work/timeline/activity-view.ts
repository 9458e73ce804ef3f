import type { ActivityRecordedData } from '@crm/protos';
import type { ActivityRecord } from './activity.model';
import type { ActivityView } from './activity.operations';

export function activityView(record: ActivityRecord): ActivityView {
  return {
    id: record._id,
    type: record.type,
    subject: record.subject,
    body: record.body,
    outcome: record.outcome,
    target_type: record.target_type,
    target_id: record.target_id,
    actor_type: record.actor_type,
    actor_id: record.actor_id,
    actor_label: record.actor_label,
    occurred_at: record.occurred_at,
  };
}

// The entry's public state as every crm.activity.* event carries it.
export function activityState(record: ActivityRecord): ActivityRecordedData {
  return {
    activity_id: record._id,
    type: record.type,
    subject: record.subject,
    body: record.body,
    outcome: record.outcome,
    target_type: record.target_type,
    target_id: record.target_id,
    actor_type: record.actor_type,
    actor_id: record.actor_id,
    actor_label: record.actor_label,
    occurred_at: record.occurred_at,
    created_at: record.created_at,
    version: record.version,
  };
}
