import {
  calendarConnectionConnected,
  calendarConnectionDisconnected,
  calendarConnectionUpdated,
  type EventData,
} from '@crm/protos';
import { reads } from './audit-reading';
import { text } from './audit-text';

// How the audit log reads crm-core's calendar events (protos/events/crm-calendar-events.ts).

const described = (verb: string) => (data: EventData) => {
  const email = text(data, 'account_email');
  return `${verb} calendar ${text(data, 'provider') ?? ''}${email === null ? '' : ` (${email})`}`;
};

export const CRM_CALENDAR_READINGS = [
  reads(calendarConnectionConnected, { source: 'admin', objectName: 'account_email', summary: described('Connected') }),
  reads(calendarConnectionUpdated, { source: 'admin', objectName: 'account_email', summary: described('Updated') }),
  reads(calendarConnectionDisconnected, {
    source: 'admin',
    objectName: 'account_email',
    summary: described('Disconnected'),
  }),
];
