import type { ActivityRecordedData } from '@crm/protos';
import { pickFields } from '@crm/kit';
import type { ActivityRecord } from './activity.model';
import type { ActivityView } from './activity.operations';

// What the view and the events both show of an entry, in their order.
const ACTIVITY_FIELDS = [
  'type',
  'subject',
  'body',
  'outcome',
  'target_type',
  'target_id',
  'actor_type',
  'actor_id',
  'actor_label',
  'occurred_at',
] as const;

export function activityView(record: ActivityRecord): ActivityView {
  return { id: record._id, ...pickFields(record, ACTIVITY_FIELDS) };
}

// The entry's public state as every crm.activity.* event carries it.
export function activityState(record: ActivityRecord): ActivityRecordedData {
  return {
    activity_id: record._id,
    ...pickFields(record, ACTIVITY_FIELDS),
    created_at: record.created_at,
    version: record.version,
  };
}
