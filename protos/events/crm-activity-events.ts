import { Type } from '@sinclair/typebox';
import { defineEvent, type ErasureRule, type PayloadOf } from './event-contract';
import { namesContact } from './erasure';

// crm-core's timeline facts. Each payload is the entry's full public state (Activity in the
// contract) and its version. Notes and calls are written by clients (created); every other entry
// (system, task, meeting) is written by crm-core for something that happened to a record
// (recorded). Only what a client does is audited: entries the service writes, moves or deletes
// follow a change that has its own audit entry.

const nullableString = () => Type.Union([Type.String(), Type.Null()]);

const activityState = {
  activity_id: Type.String(),
  type: Type.String({ description: 'note, call, system, email, meeting, task or plugin' }),
  subject: nullableString(),
  body: nullableString(),
  outcome: nullableString(),
  target_type: Type.String({ description: 'company, contact or deal' }),
  target_id: Type.String(),
  actor_type: Type.String({ description: 'user, agent, app or system' }),
  actor_id: nullableString(),
  actor_label: nullableString(),
  occurred_at: Type.String(),
  created_at: Type.String(),
};

const activity = { entity: 'activity', idField: 'activity_id' };

// An entry on the erased contact's own timeline loses its text (the entry itself is deleted);
// entries elsewhere that name the person are rewritten by crm-core, which knows the person's terms.
const erasesOwnEntry: ErasureRule = (data, contactId) =>
  data.target_type === 'contact' && namesContact(data.target_id, contactId)
    ? { ...data, subject: null, body: null, outcome: null }
    : null;

export const activityCreated = defineEvent({
  type: 'crm.activity.created',
  description: 'A client added a note or logged a call on the timeline of a company, contact or deal.',
  record: activity,
  erasure: erasesOwnEntry,
  payload: activityState,
});

export const activityRecorded = defineEvent({
  type: 'crm.activity.recorded',
  description:
    'crm-core wrote a timeline entry for something that happened to a record: a system entry (stage or owner changed, deal won or lost, merged, file added), a task entry (a task was done) or a meeting entry. Not audited: what it records has its own audit entry.',
  record: activity,
  erasure: erasesOwnEntry,
  payload: activityState,
});

export const activityUpdated = defineEvent({
  type: 'crm.activity.updated',
  description:
    'A timeline entry changed: it moved to another record because its record was merged into that one (target_id among fields), or a meeting entry follows its meeting. Not audited: the merge or the meeting change has its own audit entry.',
  record: activity,
  erasure: erasesOwnEntry,
  payload: { ...activityState, fields: Type.Array(Type.String(), { description: 'The fields this change set.' }) },
});

export const activityDeleted = defineEvent({
  type: 'crm.activity.deleted',
  description:
    'A timeline entry was deleted because its record was deleted for good (a company or contact purged from the recycle bin, a deal deleted); the payload is its last state. Not audited: the purge or deletion has its own audit entry.',
  record: { ...activity, deletes: true },
  erasure: erasesOwnEntry,
  payload: activityState,
});

export const CRM_ACTIVITY_EVENT_CONTRACTS = [
  activityCreated,
  activityRecorded,
  activityUpdated,
  activityDeleted,
] as const;

export type ActivityCreatedData = PayloadOf<typeof activityCreated>;
export type ActivityRecordedData = PayloadOf<typeof activityRecorded>;
export type ActivityUpdatedData = PayloadOf<typeof activityUpdated>;
export type ActivityDeletedData = PayloadOf<typeof activityDeleted>;

export const CRM_ACTIVITY_EVENTS_TYPES = {
  activityCreated: activityCreated.type,
  activityRecorded: activityRecorded.type,
  activityUpdated: activityUpdated.type,
  activityDeleted: activityDeleted.type,
} as const;
