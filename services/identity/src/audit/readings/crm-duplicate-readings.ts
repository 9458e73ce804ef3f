import { duplicateGroupDismissed } from '@crm/protos';
import { reads } from './audit-reading';

// How the audit log reads crm-core's duplicate events (protos/events/crm-duplicate-events.ts).

export const CRM_DUPLICATE_READINGS = [
  reads(duplicateGroupDismissed, {
    source: 'record',
    objectType: 'duplicate_group',
    objectName: null,
    summary: (data) => {
      const count = Array.isArray(data.record_ids) ? data.record_ids.length : 0;
      const what = data.object === 'contact' ? 'contacts' : 'companies';
      return `Dismissed ${count} likely duplicate ${what}`;
    },
  }),
];
