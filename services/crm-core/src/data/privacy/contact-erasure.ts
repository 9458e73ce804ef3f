import { redactKeptEvents, type EventActor } from '@crm/bus';
import { call, isoNow, type InternalClaims } from '@crm/kit';
import {
  activityDeleted,
  activityUpdated,
  contactErased,
  documentsV1,
  ERASED_CONTACT_STATE,
  identityV1,
  meetingUpdated,
  taskUpdated,
} from '@crm/protos';
import { commit, forgetAnswersNaming, peerClient, type ServiceContext, type UnitOfWork } from '@crm/service-host';
import { findContact } from '../../records/contacts/contact-store';
import { contactModel, type ContactRecord } from '../../records/contacts/contact.model';
import { removeContactFromMeetings } from '../../work/meetings/meeting-hooks';
import { meetingModel, type MeetingRecord } from '../../work/meetings/meeting.model';
import { meetingState } from '../../work/meetings/meeting-view';
import { taskModel, type TaskRecord } from '../../work/tasks/task.model';
import { taskState } from '../../work/tasks/task-view';
import { activityModel, timelineContactModel, type ActivityRecord } from '../../work/timeline/activity.model';
import { activityState } from '../../work/timeline/activity-view';
import { erasedContactModel } from './erased-contact.model';
import { eventWithoutMentions, mentionPattern, mentionQuery, personTerms, withoutMentions } from './erasure-text';

export interface ErasureResult {
  erased: true;
  files_deleted: number;
}

// POST /contacts/{id}/erase. The files go first, over gRPC (bytes cannot be rolled back; a
// failure leaves everything else as it was, and erasing again deletes what is left). Then
// identity replaces the person's name in audit entries and notifications (the terms travel in
// that call only), the workspace's kept events naming the person have the mention replaced, and one
// transaction rewrites crm-core's records and publishes crm.contact.erased, which carries only
// ids: every other copy (search, read models, touchpoints, kept events, the stores' files) goes
// when its service receives it (docs/privacy.md lists them).
// Each service's part reads every kept copy of the workspace that may name the person (audit
// entries, kept events): seconds for a workspace of 100,000 records, so more than the default
// deadline of a call. The gateway gives the request as long (its declared timeoutMs).
const ERASURE_DEADLINE_MS = 60_000;

export async function eraseContactData(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  contactId: string,
): Promise<ErasureResult> {
  const contact = await findContact(context, workspaceId, contactId);
  const erasedBefore = await erasedContactModel(context.connection)
    .exists({ _id: contactId, workspace_id: workspaceId })
    .exec();
  const documents = peerClient(context, 'documents', documentsV1.DocumentsServiceClient);
  const { files_deleted } = await call(
    documents.deleteFilesOf.bind(documents),
    { workspace_id: workspaceId, target_type: 'contact', target_id: contactId },
    ERASURE_DEADLINE_MS,
  );
  if (erasedBefore) return { erased: true, files_deleted };
  const terms = personTerms(contact);
  const identity = peerClient(context, 'identity', identityV1.IdentityServiceClient);
  await call(
    identity.forgetMentions.bind(identity),
    { workspace_id: workspaceId, object_type: 'contact', object_id: contactId, terms },
    ERASURE_DEADLINE_MS,
  );
  // Kept events about other records of the workspace (a note on the company) may name the person
  // without the contact's id: their text is rewritten now, while the terms are known, as the
  // records themselves are below. Events holding the id are rewritten when crm.contact.erased
  // arrives (erasure-cleanup).
  const mentions = mentionPattern(terms);
  if (mentions !== null)
    await redactKeptEvents(context.connection, workspaceId, (event) => eventWithoutMentions(event, mentions));
  await commit(context, async (unit) => {
    const current = await findContact(context, workspaceId, contactId, unit.transaction);
    // A concurrent erasure committed first: nothing is left to do.
    if (
      await erasedContactModel(context.connection)
        .exists({ _id: contactId, workspace_id: workspaceId })
        .session(unit.transaction)
        .exec()
    )
      return;
    const actor = claims.actor;
    const pattern = mentionPattern(terms);
    const rewritten = [
      ...(await eraseOwnTimeline(context, unit, actor, workspaceId, contactId)),
      ...(await scrubMentions(context, unit, actor, workspaceId, contactId, pattern)),
      // Text first: the attendance change then announces meetings that no longer name the person.
      ...(await scrubMeetings(context, unit, actor, workspaceId, pattern)),
    ];
    await removeContactFromMeetings(context, unit, actor, workspaceId, contactId);
    rewritten.push(...(await scrubTasks(context, unit, actor, workspaceId, pattern)));
    // Answers kept for Idempotency-Key retries that show the person or a record rewritten here.
    await forgetAnswersNaming(context.connection, workspaceId, [contactId, ...rewritten], unit.transaction);
    await timelineContactModel(context.connection).deleteOne(
      { _id: contactId, workspace_id: workspaceId },
      { session: unit.transaction },
    );
    const now = isoNow();
    // How an erased contact reads from then on (docs/privacy.md), in its record as in its kept
    // events: lists, deals and companies pointing at it show "Erased contact".
    const erased: Partial<ContactRecord> = {
      ...ERASED_CONTACT_STATE,
      custom: {},
      // Not findable by `q` nor grouped as a duplicate: there is no one left to find.
      search_terms: [],
      search_name: null,
      search_last: null,
      email_normalised: null,
      name_key: null,
      version: (current.version ?? 1) + 1,
      updated_at: now,
    };
    await contactModel(context.connection).updateOne(
      { _id: contactId, workspace_id: workspaceId },
      { $set: erased },
      { session: unit.transaction },
    );
    await erasedContactModel(context.connection).create(
      [{ _id: contactId, workspace_id: workspaceId, erased_at: now }],
      { session: unit.transaction },
    );
    unit.publish(contactErased, {
      workspace_id: workspaceId,
      actor,
      data: { contact_id: contactId, version: erased.version as number },
    });
  });
  return { erased: true, files_deleted };
}

// Notes, calls, emails and every other entry on the person's own timeline go; each deletion is
// announced with the entry's text already cleared, so no copy of it travels again.
// Each step answers the ids of the records it deleted or rewrote.
async function eraseOwnTimeline(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  workspaceId: string,
  contactId: string,
): Promise<string[]> {
  const activities = activityModel(context.connection);
  const entries = await activities
    .find({ workspace_id: workspaceId, target_type: 'contact', target_id: contactId })
    .session(unit.transaction)
    .lean<ActivityRecord[]>()
    .exec();
  if (entries.length === 0) return [];
  await activities.deleteMany(
    { workspace_id: workspaceId, _id: { $in: entries.map((entry) => entry._id) } },
    { session: unit.transaction },
  );
  for (const entry of entries) {
    unit.publish(activityDeleted, {
      workspace_id: workspaceId,
      actor,
      data: activityState({ ...entry, subject: null, body: null, outcome: null, version: entry.version + 1 }),
    });
  }
  return entries.map((entry) => entry._id);
}

// Entries on other records naming the person keep their place with the mention replaced.
async function scrubMentions(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  workspaceId: string,
  contactId: string,
  pattern: RegExp | null,
): Promise<string[]> {
  const query = mentionQuery(pattern);
  if (query === null) return [];
  const changed: string[] = [];
  const activities = activityModel(context.connection);
  const entries = await activities
    .find({ workspace_id: workspaceId, $or: [{ subject: query }, { body: query }, { outcome: query }] })
    .session(unit.transaction)
    .lean<ActivityRecord[]>()
    .exec();
  for (const entry of entries) {
    if (entry.target_type === 'contact' && entry.target_id === contactId) continue;
    const next = {
      subject: withoutMentions(entry.subject, pattern),
      body: withoutMentions(entry.body, pattern),
      outcome: withoutMentions(entry.outcome, pattern),
    };
    const fields = (['subject', 'body', 'outcome'] as const).filter((field) => next[field] !== entry[field]);
    if (fields.length === 0) continue;
    const version = entry.version + 1;
    await activities.updateOne(
      { _id: entry._id, workspace_id: workspaceId },
      { $set: { ...next, version } },
      { session: unit.transaction },
    );
    unit.publish(activityUpdated, {
      workspace_id: workspaceId,
      actor,
      data: { ...activityState({ ...entry, ...next, version }), fields },
    });
    changed.push(entry._id);
  }
  return changed;
}

async function scrubMeetings(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  workspaceId: string,
  pattern: RegExp | null,
): Promise<string[]> {
  const query = mentionQuery(pattern);
  if (query === null) return [];
  const changed: string[] = [];
  const meetings = meetingModel(context.connection);
  const found = await meetings
    .find({
      workspace_id: workspaceId,
      $or: [{ title: query }, { notes: query }, { location: query }, { outcome: query }],
    })
    .session(unit.transaction)
    .lean<MeetingRecord[]>()
    .exec();
  const now = isoNow();
  for (const meeting of found) {
    const next = {
      title: withoutMentions(meeting.title, pattern) as string,
      notes: withoutMentions(meeting.notes, pattern),
      location: withoutMentions(meeting.location, pattern),
      outcome: withoutMentions(meeting.outcome, pattern),
    };
    const fields = (['title', 'notes', 'location', 'outcome'] as const).filter(
      (field) => next[field] !== meeting[field],
    );
    if (fields.length === 0) continue;
    const updated: MeetingRecord = { ...meeting, ...next, version: (meeting.version ?? 1) + 1, updated_at: now };
    await meetings.updateOne(
      { _id: meeting._id, workspace_id: workspaceId },
      { $set: { ...next, version: updated.version, updated_at: now } },
      { session: unit.transaction },
    );
    unit.publish(meetingUpdated, { workspace_id: workspaceId, actor, data: { ...meetingState(updated), fields } });
    changed.push(meeting._id);
  }
  return changed;
}

// Tasks stay (they are the team's work; one on the contact now shows on an erased contact) with
// the person's name, email and phone replaced in their title and notes.
async function scrubTasks(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  workspaceId: string,
  pattern: RegExp | null,
): Promise<string[]> {
  const query = mentionQuery(pattern);
  if (query === null) return [];
  const changed: string[] = [];
  const tasks = taskModel(context.connection);
  const found = await tasks
    .find({ workspace_id: workspaceId, $or: [{ title: query }, { notes: query }] })
    .session(unit.transaction)
    .lean<TaskRecord[]>()
    .exec();
  const now = isoNow();
  for (const task of found) {
    const next = { title: withoutMentions(task.title, pattern) as string, notes: withoutMentions(task.notes, pattern) };
    const fields = (['title', 'notes'] as const).filter((field) => next[field] !== task[field]);
    if (fields.length === 0) continue;
    const updated: TaskRecord = { ...task, ...next, version: task.version + 1, updated_at: now };
    await tasks.updateOne(
      { _id: task._id, workspace_id: workspaceId },
      { $set: { ...next, version: updated.version, updated_at: now } },
      { session: unit.transaction },
    );
    unit.publish(taskUpdated, { workspace_id: workspaceId, actor, data: { ...taskState(updated), fields } });
    changed.push(task._id);
  }
  return changed;
}
