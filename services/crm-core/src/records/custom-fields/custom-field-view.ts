import type { CustomFieldCreatedData } from '@crm/protos';
import type { CustomFieldRecord } from './custom-field.model';
import type { CustomFieldObject, CustomFieldType, CustomFieldView } from './custom-field.operations';

export function customFieldView(record: CustomFieldRecord): CustomFieldView {
  return {
    id: record._id,
    object: record.object as CustomFieldObject,
    key: record.key,
    label: record.label,
    type: record.type as CustomFieldType,
    options: record.options ?? [],
    position: record.position,
    archived: record.archived,
  };
}

// The public state every custom field event carries.
export function customFieldState(record: CustomFieldRecord): CustomFieldCreatedData {
  return {
    custom_field_id: record._id,
    object: record.object,
    slug: record.key,
    label: record.label,
    type: record.type,
    options: record.options ?? [],
    position: record.position,
    archived: record.archived,
    version: record.version,
  };
}
