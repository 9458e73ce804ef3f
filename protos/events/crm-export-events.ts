import { Type } from '@sinclair/typebox';
import { defineEvent, type PayloadOf } from './event-contract';

// crm-core's workspace exports (POST /export). An export is a fact about the workspace, not a
// change to a record, but who took a copy of everything is what an audit log is for.

const count = (description: string) => Type.Integer({ minimum: 0, description });

export const exportCreated = defineEvent({
  type: 'crm.export.created',
  description:
    "A member exported the workspace: a ZIP of CSV files stored by documents behind a link valid 10 minutes. Carries the file's name, size and the rows of each file; never the link.",
  record: { entity: 'export', idField: 'export_id' },
  payload: {
    export_id: Type.String(),
    file_name: Type.String(),
    size: count('Bytes of the ZIP.'),
    companies: count('Rows of companies.csv.'),
    contacts: count('Rows of contacts.csv.'),
    deals: count('Rows of deals.csv.'),
    activities: count('Rows of activities.csv.'),
    tasks: count('Rows of tasks.csv.'),
    meetings: count('Rows of meetings.csv.'),
    users: count('Rows of users.csv.'),
    expires_at: Type.String({ description: 'When the link stops working and the file is removed.' }),
    created_at: Type.String(),
  },
});

export const CRM_EXPORT_EVENT_CONTRACTS = [exportCreated] as const;

export type ExportCreatedData = PayloadOf<typeof exportCreated>;

export const CRM_EXPORT_EVENTS_TYPES = {
  exportCreated: exportCreated.type,
} as const;
