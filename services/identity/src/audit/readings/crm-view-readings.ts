import {
  customFieldCreated,
  customFieldUpdated,
  savedViewCreated,
  savedViewDeleted,
  savedViewUpdated,
} from '@crm/protos';
import { reads } from './audit-reading';

// How the audit log reads crm-core's view events (protos/events/crm-view-events.ts).

export const CRM_VIEW_READINGS = [
  reads(customFieldCreated, { source: 'admin', objectName: 'label', summary: 'Created custom field "{label}"' }),
  reads(customFieldUpdated, { source: 'admin', objectName: 'label', summary: 'Updated custom field "{label}"' }),
  reads(savedViewCreated, { source: 'admin', objectName: 'name', summary: 'Created saved view "{name}"' }),
  reads(savedViewUpdated, { source: 'admin', objectName: 'name', summary: 'Updated saved view "{name}"' }),
  reads(savedViewDeleted, { source: 'admin', objectName: 'name', summary: 'Deleted saved view "{name}"' }),
];
