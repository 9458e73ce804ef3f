import {
  contactDisplayName,
  contactCreated,
  contactDeleted,
  contactErased,
  contactMerged,
  contactPurged,
  contactRestored,
  contactUpdated,
  type EventData,
} from '@crm/protos';
import { reads } from './audit-reading';

// How the audit log reads crm-core's contact events (protos/events/crm-contact-events.ts).

const named =
  (verb: string, after = '') =>
  (data: EventData) => {
    const name = contactDisplayName(data);
    return `${verb} ${name === null ? 'a contact' : `contact "${name}"`}${after}`;
  };

export const CRM_CONTACT_READINGS = [
  reads(contactCreated, { source: 'record', objectName: contactDisplayName, summary: named('Created') }),
  reads(contactUpdated, { source: 'record', objectName: contactDisplayName, summary: named('Updated') }),
  reads(contactDeleted, { source: 'record', objectName: contactDisplayName, summary: named('Deleted') }),
  reads(contactRestored, { source: 'record', objectName: contactDisplayName, summary: named('Restored') }),
  reads(contactMerged, {
    source: 'record',
    objectName: contactDisplayName,
    summary: (data) => {
      const count = Array.isArray(data.source_ids) ? data.source_ids.length : 0;
      const name = contactDisplayName(data);
      return `Merged ${count} contact${count === 1 ? '' : 's'} into ${name === null ? 'a contact' : `"${name}"`}`;
    },
  }),
  reads(contactPurged, {
    source: 'record',
    objectName: contactDisplayName,
    summary: named('Purged', ' from the recycle bin'),
  }),
  reads(contactErased, {
    source: 'record',
    objectName: null,
    summary: "Erased a contact's personal data",
    erasesObject: true,
  }),
];
