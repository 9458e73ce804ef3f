import {
  contactDisplayName,
  contactCreated,
  contactDeleted,
  contactErased,
  contactMerged,
  contactPurged,
  contactRestored,
  contactUpdated,
} from '@crm/protos';
import { reads } from './audit-reading';
import { binRecordReadings } from './bin-record-readings';

// How the audit log reads crm-core's contact events (protos/events/crm-contact-events.ts).

export const CRM_CONTACT_READINGS = [
  ...binRecordReadings(
    {
      created: contactCreated,
      updated: contactUpdated,
      deleted: contactDeleted,
      restored: contactRestored,
      merged: contactMerged,
      purged: contactPurged,
    },
    { one: 'contact', many: 'contacts' },
    contactDisplayName,
  ),
  reads(contactErased, {
    source: 'record',
    objectName: null,
    summary: "Erased a contact's personal data",
    erasesObject: true,
  }),
];
