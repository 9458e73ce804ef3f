import { taskCreated, taskDeleted, taskReminded, taskUpdated, type EventData } from '@crm/protos';
import { reads } from './audit-reading';
import { text } from './audit-text';

// How the audit log reads crm-core's task events (protos/events/crm-task-events.ts).

const taskTitle = (data: EventData) => text(data, 'title');

const named = (verb: string) => (data: EventData) => {
  const title = taskTitle(data);
  return title === null ? `${verb} task` : `${verb} task "${title}"`;
};

// "Completed task", "Cancelled task", "Reopened task", "Reassigned task", else "Updated task".
function updateSummary(data: EventData): string {
  const fields = Array.isArray(data.fields) ? data.fields : [];
  if (fields.includes('status')) {
    if (data.status === 'done') return named('Completed')(data);
    if (data.status === 'cancelled') return named('Cancelled')(data);
    return named('Reopened')(data);
  }
  if (fields.length === 1 && fields[0] === 'assignee_id') return named('Reassigned')(data);
  return named('Updated')(data);
}

export const CRM_TASK_READINGS = [
  reads(taskCreated, { source: 'record', objectName: taskTitle, summary: named('Created') }),
  reads(taskUpdated, { source: 'record', objectName: taskTitle, summary: updateSummary }),
  reads(taskDeleted, { source: 'record', objectName: taskTitle, summary: named('Deleted') }),
  reads(taskReminded, 'not_audited'),
];
