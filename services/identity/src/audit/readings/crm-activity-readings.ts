import { activityCreated, activityDeleted, activityRecorded, activityUpdated, type EventData } from '@crm/protos';
import { reads } from './audit-reading';
import { text } from './audit-text';

// How the audit log reads crm-core's activity events (protos/events/crm-activity-events.ts).

const activityName = (data: EventData) =>
  text(data, 'subject') ?? (data.type === 'call' ? 'Call' : data.type === 'note' ? 'Note' : null);

const on = (data: EventData) => `${text(data, 'target_type') ?? 'record'} ${text(data, 'target_id') ?? ''}`.trim();

function createdSummary(data: EventData): string {
  if (data.type === 'call') return `Logged a call (${text(data, 'outcome') ?? 'no outcome'}) on ${on(data)}`;
  return `Added a note on ${on(data)}`;
}

export const CRM_ACTIVITY_READINGS = [
  reads(activityCreated, { source: 'record', objectName: activityName, summary: createdSummary }),
  reads(activityRecorded, 'not_audited'),
  reads(activityUpdated, 'not_audited'),
  reads(activityDeleted, 'not_audited'),
];
