import { Type } from '@sinclair/typebox';
import { defineEvent, type PayloadOf } from './event-contract';

// crm-core's workspace configuration facts: custom fields (and, later, saved views). Each payload
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
  audit: { source: 'admin', objectName: 'label', summary: 'Created custom field "{label}"' },
});

export const customFieldUpdated = defineEvent({
  type: 'crm.custom_field.updated',
  description: 'A custom field was relabelled, reordered, archived or given other options.',
  record: customField,
  payload: customFieldState,
  audit: { source: 'admin', objectName: 'label', summary: 'Updated custom field "{label}"' },
});

export const CRM_VIEW_EVENT_CONTRACTS = [customFieldCreated, customFieldUpdated] as const;

export type CustomFieldCreatedData = PayloadOf<typeof customFieldCreated>;
export type CustomFieldUpdatedData = PayloadOf<typeof customFieldUpdated>;

export const CRM_VIEW_EVENTS_TYPES = {
  customFieldCreated: customFieldCreated.type,
  customFieldUpdated: customFieldUpdated.type,
} as const;
