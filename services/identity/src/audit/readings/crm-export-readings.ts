import { exportCreated, type EventData } from '@crm/protos';
import { reads } from './audit-reading';

// How the audit log reads crm-core's export events (protos/events/crm-export-events.ts).

const rows = (data: EventData, field: string) => (typeof data[field] === 'number' ? data[field] : 0);

export const CRM_EXPORT_READINGS = [
  reads(exportCreated, {
    source: 'admin',
    objectName: 'file_name',
    summary: (data) =>
      `Exported the workspace (${rows(data, 'companies')} companies, ${rows(data, 'contacts')} contacts, ${rows(data, 'deals')} deals, ${rows(data, 'activities')} activities, ${rows(data, 'tasks')} tasks, ${rows(data, 'meetings')} meetings, ${rows(data, 'users')} users)`,
  }),
];
