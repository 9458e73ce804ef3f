import { Type } from '@sinclair/typebox';
import { defineEvent, type ErasureRule, type EventData, type PayloadOf } from './event-contract';
import { ERASED_CONTACT_STATE, namesContact } from './erasure';

// crm-core's contact facts. Each payload is the contact's full public state (Contact in the
// contract) and its version; a contact in the recycle bin has deleted_at set.

const nullableString = () => Type.Union([Type.String(), Type.Null()]);

const contactState = {
  contact_id: Type.String(),
  company_id: nullableString(),
  reports_to_id: nullableString(),
  owner_id: nullableString(),
  first_name: nullableString(),
  last_name: nullableString(),
  email: nullableString(),
  phone: nullableString(),
  mobile: nullableString(),
  job_title: nullableString(),
  lawful_basis: nullableString(),
  custom: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
  created_at: Type.String(),
  updated_at: Type.String(),
  deleted_at: nullableString(),
};

const contact = { entity: 'contact', idField: 'contact_id' };

const trimmed = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

// How a contact is named (the audit log, a deal's or meeting's view, a lead): "First Last", else
// the email, else nothing.
export function contactDisplayName(data: EventData): string | null {
  const name = [trimmed(data.first_name), trimmed(data.last_name)].filter((part) => part !== null).join(' ');
  return name === '' ? trimmed(data.email) : name;
}

// The contact's own events read as the erased contact does; a merge into another contact that
// only lists the erased one among its sources holds nothing of them.
const erasesContact: ErasureRule = (data, contactId) =>
  namesContact(data.contact_id, contactId) ? { ...data, ...ERASED_CONTACT_STATE } : null;

export const contactCreated = defineEvent({
  type: 'crm.contact.created',
  description: 'A contact was created.',
  record: contact,
  erasure: erasesContact,
  payload: contactState,
});

export const contactUpdated = defineEvent({
  type: 'crm.contact.updated',
  description:
    'A contact was changed: by PATCH, or because a contact it reported to was merged into another (reports_to_id moved) or purged (reports_to_id cleared).',
  record: contact,
  erasure: erasesContact,
  payload: { ...contactState, fields: Type.Array(Type.String(), { description: 'The fields this change set.' }) },
});

export const contactDeleted = defineEvent({
  type: 'crm.contact.deleted',
  description:
    'A contact went to the recycle bin (deleted_at set): by DELETE, or as a source of a merge (merged_into_id set).',
  record: contact,
  erasure: erasesContact,
  payload: { ...contactState, merged_into_id: nullableString() },
});

export const contactRestored = defineEvent({
  type: 'crm.contact.restored',
  description: 'A contact came back from the recycle bin.',
  record: contact,
  erasure: erasesContact,
  payload: contactState,
});

export const contactMerged = defineEvent({
  type: 'crm.contact.merged',
  description:
    'Contacts (source_ids, now in the recycle bin) were merged into this one, the survivor. Services holding records of the sources (timeline, tasks, deals, meetings, documents, touchpoints) move them to contact_id.',
  record: contact,
  erasure: erasesContact,
  payload: { ...contactState, source_ids: Type.Array(Type.String()) },
});

export const contactPurged = defineEvent({
  type: 'crm.contact.purged',
  description:
    'A contact was deleted for good after 30 days in the recycle bin; the payload is its last state. Services holding records of it delete or detach them.',
  record: { ...contact, deletes: true },
  erasure: erasesContact,
  payload: contactState,
});

export const contactErased = defineEvent({
  type: 'crm.contact.erased',
  description:
    "A contact's personal data was erased for good (POST /contacts/{id}/erase). Only ids: every service holding a copy of the person (search index, read models, touchpoints, files, audit entries, outbox rows) removes it. The contact stays as an erased contact, so projections treat this as the end of the record.",
  record: { ...contact, deletes: true },
  payload: { contact_id: Type.String() },
});

export const CRM_CONTACT_EVENT_CONTRACTS = [
  contactCreated,
  contactUpdated,
  contactDeleted,
  contactRestored,
  contactMerged,
  contactPurged,
  contactErased,
] as const;

export type ContactCreatedData = PayloadOf<typeof contactCreated>;
export type ContactUpdatedData = PayloadOf<typeof contactUpdated>;
export type ContactDeletedData = PayloadOf<typeof contactDeleted>;
export type ContactRestoredData = PayloadOf<typeof contactRestored>;
export type ContactMergedData = PayloadOf<typeof contactMerged>;
export type ContactPurgedData = PayloadOf<typeof contactPurged>;
export type ContactErasedData = PayloadOf<typeof contactErased>;

export const CRM_CONTACT_EVENTS_TYPES = {
  contactCreated: contactCreated.type,
  contactUpdated: contactUpdated.type,
  contactDeleted: contactDeleted.type,
  contactRestored: contactRestored.type,
  contactMerged: contactMerged.type,
  contactPurged: contactPurged.type,
  contactErased: contactErased.type,
} as const;
