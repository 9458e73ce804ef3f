import { declareOperation, ListOf, Named, SingleLine, Strict, StringEnum, Type, Uuid, type Static } from '@crm/kit';
import { admin, needs } from '@crm/protos';

export const CUSTOM_FIELD_OBJECTS = ['company', 'contact', 'deal'] as const;
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'select', 'checkbox', 'url'] as const;
export type CustomFieldObject = (typeof CUSTOM_FIELD_OBJECTS)[number];
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

const Label = () => SingleLine({ minLength: 1, maxLength: 60 });
const Options = () =>
  Type.Array(SingleLine({ minLength: 1, maxLength: 100 }), {
    maxItems: 200,
    uniqueItems: true,
    description: 'Only for type select.',
  });

// CustomField (spec section 2).
export const CustomField = Named(
  'CustomField',
  Strict({
    id: Uuid(),
    object: StringEnum(CUSTOM_FIELD_OBJECTS),
    key: Type.String({ description: 'Derived from the label at creation; never changes.' }),
    label: Type.String(),
    type: StringEnum(CUSTOM_FIELD_TYPES),
    options: Type.Array(Type.String()),
    position: Type.Integer(),
    archived: Type.Boolean(),
  }),
);
export type CustomFieldView = Static<typeof CustomField>;

export const listCustomFields = declareOperation({
  method: 'GET',
  path: '/custom-fields',
  // Everyone needs the field definitions to show and edit records; defining them is admin work.
  access: needs('companies:read'),
  summary: 'List custom fields in display order',
  description: 'Ordered by position, then creation. Archived fields only with include_archived=true.',
  query: Type.Object({
    object: Type.Optional(StringEnum(CUSTOM_FIELD_OBJECTS)),
    include_archived: Type.Boolean({ default: false }),
  }),
  status: 200,
  response: Named('CustomFieldList', ListOf(CustomField)),
});

export const createCustomField = declareOperation({
  method: 'POST',
  path: '/custom-fields',
  access: admin('settings:manage'),
  etag: 'custom_fields',
  summary: 'Define a custom field',
  description:
    'The key is derived from the label (a clash gets _2, _3, …). options are required for select and refused otherwise.',
  body: Named(
    'CustomFieldCreate',
    Strict({
      object: StringEnum(CUSTOM_FIELD_OBJECTS),
      label: Label(),
      type: StringEnum(CUSTOM_FIELD_TYPES),
      options: Type.Optional(Options()),
    }),
  ),
  trim: ['label'],
  status: 201,
  response: CustomField,
  // Only when another request took the same key at the same moment, three times over.
  errors: [409],
});
export type CreateCustomFieldBody = Static<NonNullable<typeof createCustomField.body>>;

export const updateCustomField = declareOperation({
  method: 'PATCH',
  path: '/custom-fields/{id}',
  access: admin('settings:manage'),
  etag: 'custom_fields',
  summary: 'Relabel, reorder, archive a custom field or change its options',
  description: 'key and type never change.',
  params: Type.Object({ id: Uuid() }),
  body: Named(
    'CustomFieldUpdate',
    Strict({
      label: Type.Optional(Label()),
      options: Type.Optional(Options()),
      position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
      archived: Type.Optional(Type.Boolean()),
    }),
  ),
  trim: ['label'],
  status: 200,
  response: CustomField,
});
export type UpdateCustomFieldBody = Static<NonNullable<typeof updateCustomField.body>>;
