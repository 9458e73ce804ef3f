import { documentCompleted, documentCreated, documentDeleted, documentMoved, type EventData } from '@crm/protos';
import { reads } from './audit-reading';
import { text } from './audit-text';

// How the audit log reads documents' events (protos/events/documents-events.ts).

const documentName = (data: EventData) => text(data, 'name');

const named = (verb: string) => (data: EventData) => `${verb} file "${documentName(data) ?? ''}"`;

export const DOCUMENTS_READINGS = [
  reads(documentCreated, { source: 'record', objectName: documentName, summary: named('Started uploading') }),
  reads(documentCompleted, { source: 'record', objectName: documentName, summary: named('Added') }),
  reads(documentMoved, { source: 'record', objectName: documentName, summary: named('Moved') }),
  reads(documentDeleted, { source: 'record', objectName: documentName, summary: named('Deleted') }),
];
