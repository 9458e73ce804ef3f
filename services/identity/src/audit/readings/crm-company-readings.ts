import {
  companyCreated,
  companyDeleted,
  companyMerged,
  companyPurged,
  companyRestored,
  companyUpdated,
  type EventData,
} from '@crm/protos';
import { text } from './audit-text';
import { binRecordReadings } from './bin-record-readings';

// How the audit log reads crm-core's company events (protos/events/crm-company-events.ts).

const companyName = (data: EventData) => text(data, 'name');

export const CRM_COMPANY_READINGS = binRecordReadings(
  {
    created: companyCreated,
    updated: companyUpdated,
    deleted: companyDeleted,
    restored: companyRestored,
    merged: companyMerged,
    purged: companyPurged,
  },
  { one: 'company', many: 'companies' },
  companyName,
);
