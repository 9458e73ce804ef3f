import {
  companyCreated,
  companyDeleted,
  companyMerged,
  companyPurged,
  companyRestored,
  companyUpdated,
  type EventData,
} from '@crm/protos';
import { reads } from './audit-reading';
import { text } from './audit-text';

// How the audit log reads crm-core's company events (protos/events/crm-company-events.ts).

const companyName = (data: EventData) => text(data, 'name');

const named =
  (verb: string, after = '') =>
  (data: EventData) => {
    const name = companyName(data);
    return `${verb} ${name === null ? 'a company' : `company "${name}"`}${after}`;
  };

export const CRM_COMPANY_READINGS = [
  reads(companyCreated, { source: 'record', objectName: companyName, summary: named('Created') }),
  reads(companyUpdated, { source: 'record', objectName: companyName, summary: named('Updated') }),
  reads(companyDeleted, { source: 'record', objectName: companyName, summary: named('Deleted') }),
  reads(companyRestored, { source: 'record', objectName: companyName, summary: named('Restored') }),
  reads(companyMerged, {
    source: 'record',
    objectName: companyName,
    summary: (data) => {
      const count = Array.isArray(data.source_ids) ? data.source_ids.length : 0;
      const name = companyName(data);
      return `Merged ${count} compan${count === 1 ? 'y' : 'ies'} into ${name === null ? 'a company' : `"${name}"`}`;
    },
  }),
  reads(companyPurged, {
    source: 'record',
    objectName: companyName,
    summary: named('Purged', ' from the recycle bin'),
  }),
];
