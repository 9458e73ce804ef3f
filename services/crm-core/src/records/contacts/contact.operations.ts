import {
  DateTime,
  declareOperation,
  Email,
  ListOf,
  Named,
  NextCursor,
  Nullable,
  SingleLine,
  Strict,
  StringEnum,
  Type,
  Uuid,
  validationFailed,
  type Static,
} from '@crm/kit';
import { needs, remove } from '@crm/protos';
import { CustomValuesSchema } from '../custom-fields/custom-values';
import { CUSTOM_FILTER_MAX_LENGTH } from '../custom-filter';
import { LAWFUL_BASES } from './contact.model';

export const CONTACT_PAGE_MAX = 50;
export const MERGE_SOURCES_MAX = 50;
const SEARCH_MAX_LENGTH = 100;

// Text fields of a contact and their limits (spec section 2).
export const CONTACT_TEXT_LIMITS = { first_name: 100, last_name: 100, phone: 40, mobile: 40, job_title: 150 } as const;
const READ_ONLY_FIELDS = ['id', 'created_at', 'updated_at', 'deleted_at'] as const;
const TRIMMED = [...Object.keys(CONTACT_TEXT_LIMITS), 'email'];
const ID_FIELDS = ['company_id', 'reports_to_id', 'owner_id'];

const Custom = () =>
  CustomValuesSchema(
    'Free keys with scalar values or null; a key that is a custom field of contacts is checked against its type.',
  );

// Contact (spec section 2).
export const Contact = Named(
  'Contact',
  Strict({
    id: Uuid(),
    company_id: Nullable(Uuid()),
    reports_to_id: Nullable(Uuid()),
    owner_id: Nullable(Uuid()),
    first_name: Nullable(Type.String()),
    last_name: Nullable(Type.String()),
    email: Nullable(Type.String({ description: 'As given; compared and searched lower-cased.' })),
    phone: Nullable(Type.String()),
    mobile: Nullable(Type.String()),
    job_title: Nullable(Type.String()),
    lawful_basis: Nullable(StringEnum(LAWFUL_BASES)),
    custom: Custom(),
    created_at: DateTime(),
    updated_at: DateTime(),
    deleted_at: Nullable(DateTime({ description: 'Set while the contact is in the recycle bin.' })),
  }),
);
export type ContactView = Static<typeof Contact>;

// ContactCreate and ContactUpdate: the writable fields only, none required.
const ContactWrite = (name: string) =>
  Named(
    name,
    Strict({
      company_id: Type.Optional(Nullable(Uuid({ description: 'A company of the workspace, not in the recycle bin.' }))),
      reports_to_id: Type.Optional(
        Nullable(Uuid({ description: 'Another contact of the workspace, not in the recycle bin, without a cycle.' })),
      ),
      owner_id: Type.Optional(
        Nullable(Uuid({ description: 'An active member of the workspace (their id in GET /members).' })),
      ),
      first_name: Type.Optional(Nullable(SingleLine({ maxLength: CONTACT_TEXT_LIMITS.first_name }))),
      last_name: Type.Optional(Nullable(SingleLine({ maxLength: CONTACT_TEXT_LIMITS.last_name }))),
      email: Type.Optional(Nullable(Email())),
      phone: Type.Optional(Nullable(SingleLine({ maxLength: CONTACT_TEXT_LIMITS.phone }))),
      mobile: Type.Optional(Nullable(SingleLine({ maxLength: CONTACT_TEXT_LIMITS.mobile }))),
      job_title: Type.Optional(Nullable(SingleLine({ maxLength: CONTACT_TEXT_LIMITS.job_title }))),
      lawful_basis: Type.Optional(Nullable(StringEnum(LAWFUL_BASES))),
      custom: Type.Optional(Custom()),
    }),
  );

// Before validation: a read-only field is refused by name, and a text field that is empty once
// trimmed means "none" (null).
function prepareWrite(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const readOnly = READ_ONLY_FIELDS.find((field) => Object.hasOwn(body, field));
  if (readOnly) throw validationFailed(`${readOnly} is read-only`);
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of TRIMMED) if (copy[field] === '') copy[field] = null;
  // Ids are stored lower-case; a uuid means the same in either case.
  for (const field of ID_FIELDS) if (typeof copy[field] === 'string') copy[field] = copy[field].toLowerCase();
  return copy;
}

export const listContacts = declareOperation({
  method: 'GET',
  path: '/contacts',
  access: needs('contacts:read'),
  summary: 'List contacts, newest first',
  description:
    'Cursor paging (next_cursor is null on the last page). q matches the start of the full name, the last name or the email, ignoring case. ' +
    'custom is a JSON object matched on equality of each key. deleted=true lists the recycle bin, most recently deleted first.',
  query: Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: CONTACT_PAGE_MAX, default: 25 }),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    q: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
    company_id: Type.Optional(Uuid()),
    reports_to_id: Type.Optional(Uuid({ description: "A manager's direct reports." })),
    owner: Type.Optional(Type.String({ maxLength: 100, description: 'me, or a member id (GET /members).' })),
    custom: Type.Optional(Type.String({ maxLength: CUSTOM_FILTER_MAX_LENGTH })),
    deleted: Type.Boolean({ default: false }),
  }),
  status: 200,
  response: Named('ContactList', ListOf(Contact, { next_cursor: NextCursor(500) })),
});
export type ListContactsQuery = Static<NonNullable<typeof listContacts.query>>;

export const createContact = declareOperation({
  method: 'POST',
  path: '/contacts',
  access: needs('contacts:write'),
  etag: 'contacts',
  summary: 'Create a contact',
  description:
    'No field is required. Read-only fields (id, created_at, updated_at, deleted_at) and unknown fields are 400. On a plan with a record limit, a workspace holding that many companies, contacts and deals (the recycle bin included) answers 409 `record_limit_reached` (docs/billing.md).',
  body: ContactWrite('ContactCreate'),
  trim: TRIMMED,
  prepare: prepareWrite,
  status: 201,
  response: Contact,
  errors: [409],
});
export type ContactWriteBody = Static<NonNullable<typeof createContact.body>>;

export const getContact = declareOperation({
  method: 'GET',
  path: '/contacts/{id}',
  access: needs('contacts:read'),
  etag: 'contacts',
  summary: 'Read a contact',
  description: 'A contact in the recycle bin is readable, with deleted_at set.',
  params: Type.Object({ id: Uuid() }),
  status: 200,
  response: Contact,
});

export const updateContact = declareOperation({
  method: 'PATCH',
  path: '/contacts/{id}',
  access: needs('contacts:write'),
  etag: 'contacts',
  summary: 'Change a contact',
  description:
    'Only the fields sent change; null clears one. custom merges by key (a null value removes the key). A contact in the recycle bin is 404: restore it first.',
  params: Type.Object({ id: Uuid() }),
  body: ContactWrite('ContactUpdate'),
  trim: TRIMMED,
  prepare: prepareWrite,
  status: 200,
  errors: [409],
  response: Contact,
});

export const deleteContact = declareOperation({
  method: 'DELETE',
  path: '/contacts/{id}',
  access: remove('contacts:write'),
  etag: 'contacts',
  summary: 'Move a contact to the recycle bin',
  description: 'Restorable for 30 days, then purged for good. Deleting a contact already in the bin changes nothing.',
  params: Type.Object({ id: Uuid() }),
  status: 204,
  response: null,
});

export const restoreContact = declareOperation({
  method: 'POST',
  path: '/contacts/{id}/restore',
  access: needs('contacts:write'),
  summary: 'Bring a contact back from the recycle bin',
  description:
    'Restoring a contact that is not in the bin changes nothing (204). An erased contact is 409 contact_erased.',
  params: Type.Object({ id: Uuid() }),
  status: 204,
  errors: [409],
  response: null,
});

export const mergeContacts = declareOperation({
  method: 'POST',
  path: '/contacts/{id}/merge',
  access: remove('contacts:write'),
  cost: 5,
  summary: 'Merge other contacts into this one',
  description:
    'This contact keeps its values and fills its empty fields (and custom keys) from the sources in the order given; ' +
    'contacts reporting to a source and companies whose primary contact is a source move to this one; the sources go to the recycle bin. ' +
    'All or nothing. A source that is this contact, unknown, of another workspace or in the bin is 400; this contact in the bin is 404.',
  params: Type.Object({ id: Uuid() }),
  body: Named(
    'ContactMerge',
    Strict({
      source_ids: Type.Array(Uuid(), { minItems: 1, maxItems: MERGE_SOURCES_MAX, uniqueItems: true }),
    }),
  ),
  status: 200,
  errors: [409],
  response: Named('ContactMergeResult', Strict({ merged: Type.Integer({ minimum: 0 }) })),
});
export type MergeContactsBody = Static<NonNullable<typeof mergeContacts.body>>;
