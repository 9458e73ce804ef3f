import { webFormCreated, webFormSubmitted, webFormUpdated, type EventData } from '@crm/protos';
import { reads } from './audit-reading';
import { text } from './audit-text';

// How the audit log reads marketing's web form events (protos/events/marketing-web-form-events.ts).

const formName = (data: EventData) => text(data, 'name');

const namedForm = (verb: string) => (data: EventData) => `${verb} web form "${formName(data) ?? ''}"`;

export const MARKETING_WEB_FORM_READINGS = [
  reads(webFormCreated, { source: 'record', objectName: formName, summary: namedForm('Created') }),
  reads(webFormUpdated, { source: 'record', objectName: formName, summary: namedForm('Updated') }),
  reads(webFormSubmitted, {
    source: 'record',
    objectName: formName,
    summary: (data) =>
      `Web form "${formName(data) ?? ''}" received a submission from ${text(data, 'contact_name') ?? text(data, 'company_name') ?? 'a visitor'}`,
  }),
];
