import { dealCreated, dealDeleted, dealUpdated, type EventData } from '@crm/protos';
import { reads } from './audit-reading';
import { text } from './audit-text';

// How the audit log reads crm-core's deal events (protos/events/crm-deal-events.ts).

const dealName = (data: EventData) => text(data, 'name');

const named = (verb: string) => (data: EventData) => `${verb} deal "${dealName(data) ?? ''}"`;

// "Won deal", "Lost deal" and "Reopened deal" when the change closed or reopened it.
function updateSummary(data: EventData): string {
  const fields = Array.isArray(data.fields) ? data.fields : [];
  if (!fields.includes('status')) return named('Updated')(data);
  if (data.status === 'won') return named('Won')(data);
  if (data.status === 'lost') return named('Lost')(data);
  return named('Reopened')(data);
}

export const CRM_DEAL_READINGS = [
  reads(dealCreated, { source: 'record', objectName: dealName, summary: named('Created') }),
  reads(dealUpdated, { source: 'record', objectName: dealName, summary: updateSummary }),
  reads(dealDeleted, { source: 'record', objectName: dealName, summary: named('Deleted') }),
];
