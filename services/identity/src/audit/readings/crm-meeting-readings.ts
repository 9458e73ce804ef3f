import { meetingCreated, meetingDeleted, meetingUpdated, type EventData } from '@crm/protos';
import { reads } from './audit-reading';
import { text } from './audit-text';

// How the audit log reads crm-core's meeting events (protos/events/crm-meeting-events.ts).

const meetingTitle = (data: EventData) => text(data, 'title');

const named =
  (verb: string, after = '') =>
  (data: EventData) => {
    const title = meetingTitle(data);
    return `${verb} meeting${title === null ? '' : ` "${title}"`}${after}`;
  };

// "Marked meeting done", "Cancelled meeting", "Rescheduled meeting"... so the audit log says
// what the change was about.
function updateSummary(data: EventData): string {
  const fields = Array.isArray(data.fields) ? data.fields : [];
  if (fields.includes('status') && data.status === 'done') return named('Marked', ' done')(data);
  if (fields.includes('status') && data.status === 'cancelled') return named('Cancelled')(data);
  if (fields.includes('status') && data.status === 'scheduled') return named('Reopened')(data);
  if (fields.includes('starts_at') || fields.includes('ends_at')) return named('Rescheduled')(data);
  if (
    fields.length > 0 &&
    fields.every((field) => field === 'join_url' || field === 'sync_error' || field === 'external_provider')
  ) {
    return data.sync_error
      ? named('Could not sync', ' to the calendar')(data)
      : named('Synced', ' to the calendar')(data);
  }
  return named('Updated')(data);
}

export const CRM_MEETING_READINGS = [
  reads(meetingCreated, { source: 'record', objectName: meetingTitle, summary: named('Created') }),
  reads(meetingUpdated, { source: 'record', objectName: meetingTitle, summary: updateSummary }),
  reads(meetingDeleted, { source: 'record', objectName: meetingTitle, summary: named('Deleted') }),
];
