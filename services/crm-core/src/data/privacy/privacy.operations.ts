import { DateTime, declareOperation, Named, Nullable, Strict, StringEnum, Type, Uuid, type Static } from '@crm/kit';
import { needs, remove } from '@crm/protos';
import { Contact } from '../../records/contacts/contact.operations';
import { Meeting } from '../../work/meetings/meeting.operations';
import { Task } from '../../work/tasks/task.operations';
import { Activity } from '../../work/timeline/activity.operations';

// A subject access request and an erasure (GDPR articles 15 and 17) for one contact. The shape
// of the personal-data document is documented in docs/privacy.md.

const PersonalDataTouchpoint = Named(
  'PersonalDataTouchpoint',
  Strict({
    id: Uuid(),
    campaign_id: Uuid(),
    campaign_name: Type.String(),
    kind: Type.String(),
    occurred_at: DateTime(),
    note: Nullable(Type.String()),
    external_ref: Nullable(Type.String()),
    company_id: Nullable(Uuid()),
  }),
);

const PersonalDataDocument = Named(
  'PersonalDataDocument',
  Strict({
    id: Uuid(),
    name: Type.String(),
    content_type: Type.String(),
    size_bytes: Type.Integer({ minimum: 0 }),
    status: Type.String(),
    created_at: DateTime(),
    uploaded_by_name: Nullable(Type.String()),
  }),
);

const PersonalDataAuditEntry = Named(
  'PersonalDataAuditEntry',
  Strict({
    id: Uuid(),
    event_type: Type.String(),
    at: DateTime(),
    action: Nullable(Type.String()),
    object_name: Nullable(Type.String()),
    summary: Nullable(Type.String()),
    actor_type: Type.String(),
    actor: Nullable(Type.String()),
  }),
);

const PersonalDataDeal = Named(
  'PersonalDataDeal',
  Strict({ id: Uuid(), name: Type.String(), status: Type.String(), company_id: Nullable(Uuid()) }),
);

export const PersonalData = Named(
  'PersonalData',
  Strict({
    generated_at: DateTime({ description: 'When this document was put together.' }),
    erased: Type.Boolean({ description: 'True once the contact was erased: what is left is shown.' }),
    erased_at: Nullable(DateTime()),
    contact: Contact,
    timeline: Type.Array(Activity, {
      description: "Entries on the contact's own timeline, newest first (at most 1,000).",
    }),
    mentions: Type.Array(Activity, {
      description:
        "Entries on other records' timelines naming the person (name, email or phone), newest first (at most 1,000).",
    }),
    tasks: Type.Array(Task, { description: 'Tasks on the contact or naming the person (at most 1,000).' }),
    meetings: Type.Array(Meeting, {
      description: 'Meetings the contact attends or that name the person (at most 1,000).',
    }),
    deals: Type.Array(PersonalDataDeal, { description: 'Deals whose contact is this contact.' }),
    touchpoints: Type.Array(PersonalDataTouchpoint, { description: "Marketing's touchpoints of the contact." }),
    documents: Type.Array(PersonalDataDocument, {
      description: 'Files on the contact, as metadata (the bytes are downloaded through GET /documents/{id}/download).',
    }),
    audit_entries: Type.Array(PersonalDataAuditEntry, {
      description: 'Audit log entries about the contact, newest first.',
    }),
  }),
);
export type PersonalDataView = Static<typeof PersonalData>;

export const getPersonalData = declareOperation({
  method: 'GET',
  path: '/contacts/{id}/personal-data',
  access: needs('privacy:override'),
  cost: 5,
  summary: 'Everything held about a contact, for a subject access request',
  description:
    'One JSON document gathered from every service: the contact, its timeline and other entries naming the person, tasks, meetings, deals, marketing touchpoints, files (metadata) and audit entries. Needs privacy:override. A contact in the recycle bin or erased is answered too (an erased one shows what is left).',
  params: Type.Object({ id: Uuid() }),
  status: 200,
  response: PersonalData,
});

export const eraseContact = declareOperation({
  method: 'POST',
  path: '/contacts/{id}/erase',
  access: remove('privacy:override'),
  // Erasure reaches every service that holds the contact's personal data.
  cost: 5,
  // Rewrites every kept copy that names the person, in every service: O(workspace).
  timeoutMs: 60_000,
  summary: "Erase a contact's personal data for good",
  description:
    "Irreversible. Removes the name, contact details, notes, emails, call notes, files, meeting attendance and the person's name, email or phone inside other timeline entries, tasks and meetings, in every service. Kept: the contact as an erased contact (see docs/privacy.md) and an audit entry without personal data. Erasing again answers the same (files_deleted counts only files deleted by that call).",
  params: Type.Object({ id: Uuid() }),
  body: Named(
    'ContactErasure',
    Strict({
      confirm: StringEnum(['ERASE'], { description: 'Must be ERASE: the caller confirms the erasure is meant.' }),
    }),
  ),
  status: 200,
  response: Named('ContactErased', Strict({ erased: Type.Boolean(), files_deleted: Type.Integer({ minimum: 0 }) })),
});
export type EraseContactBody = Static<NonNullable<typeof eraseContact.body>>;
