import { Type } from '@sinclair/typebox';
import { defineEvent, type PayloadOf } from './event-contract';

// crm-core's workspace configuration facts: custom fields and saved views. Each payload
// is the record's full public state and its version.

const customFieldState = {
  custom_field_id: Type.String(),
  object: Type.String(),
  // CustomField.key: a field named *key would be refused as a secret by defineEvent.
  slug: Type.String({ description: 'The stable key of the field in `custom` (CustomField.key).' }),
  label: Type.String(),
  type: Type.String(),
  options: Type.Array(Type.String()),
  position: Type.Integer(),
  archived: Type.Boolean(),
};

const customField = { entity: 'custom_field', idField: 'custom_field_id' };

export const customFieldCreated = defineEvent({
  type: 'crm.custom_field.created',
  description: 'A custom field was defined on companies, contacts or deals.',
  record: customField,
  payload: customFieldState,
});

export const customFieldUpdated = defineEvent({
  type: 'crm.custom_field.updated',
  description: 'A custom field was relabelled, reordered, archived or given other options.',
  record: customField,
  payload: customFieldState,
});

const savedViewState = {
  saved_view_id: Type.String(),
  object: Type.String(),
  name: Type.String(),
  filters: Type.Record(Type.String(), Type.String()),
  shared: Type.Boolean(),
  owner_id: Type.String(),
  owner_name: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
};

const savedView = { entity: 'saved_view', idField: 'saved_view_id' };

export const savedViewCreated = defineEvent({
  type: 'crm.saved_view.created',
  description: 'A saved view of the company, contact or deal list was created.',
  record: savedView,
  payload: savedViewState,
});

export const savedViewUpdated = defineEvent({
  type: 'crm.saved_view.updated',
  description: 'A saved view was renamed, given other filters, shared or unshared.',
  record: savedView,
  payload: savedViewState,
});

export const savedViewDeleted = defineEvent({
  type: 'crm.saved_view.deleted',
  description: 'A saved view was deleted; the payload is its last state.',
  record: { ...savedView, deletes: true },
  payload: savedViewState,
});

export const CRM_VIEW_EVENT_CONTRACTS = [
  customFieldCreated,
  customFieldUpdated,
  savedViewCreated,
  savedViewUpdated,
  savedViewDeleted,
] as const;

export type CustomFieldCreatedData = PayloadOf<typeof customFieldCreated>;
export type CustomFieldUpdatedData = PayloadOf<typeof customFieldUpdated>;
export type SavedViewCreatedData = PayloadOf<typeof savedViewCreated>;
export type SavedViewUpdatedData = PayloadOf<typeof savedViewUpdated>;
export type SavedViewDeletedData = PayloadOf<typeof savedViewDeleted>;

export const CRM_VIEW_EVENTS_TYPES = {
  customFieldCreated: customFieldCreated.type,
  customFieldUpdated: customFieldUpdated.type,
  savedViewCreated: savedViewCreated.type,
  savedViewUpdated: savedViewUpdated.type,
  savedViewDeleted: savedViewDeleted.type,
} as const;
