import { redactKeptEvents, type EventActor } from '@crm/bus';
import { call, inBatches, isoNow, type InternalClaims } from '@crm/kit';
import {
  activityDeleted,
  activityUpdated,
  contactErased,
  documentsV1,
  ERASED_CONTACT_STATE,
  type EventContract,
  identityV1,
  meetingUpdated,
  taskUpdated,
  type PayloadOf,
} from '@crm/protos';
import type { FilterQuery, Model, UpdateQuery } from 'mongoose';
import { commit, forgetAnswersNaming, peerClient, type ServiceContext, type UnitOfWork } from '@crm/service-host';
import { findContact } from '../../records/contacts/contact-store';
import { contactModel, type ContactRecord } from '../../records/contacts/contact.model';
import { removeContactFromMeetings } from '../../work/meetings/meeting-hooks';
import { meetingModel } from '../../work/meetings/meeting.model';
import { meetingState } from '../../work/meetings/meeting-view';
import { taskModel } from '../../work/tasks/task.model';
import { taskState } from '../../work/tasks/task-view';
import { activityModel, timelineContactModel, type ActivityRecord } from '../../work/timeline/activity.model';
import { activityState } from '../../work/timeline/activity-view';
import { erasedContactModel } from './erased-contact.model';
import {
  eventWithoutMentions,
  MENTIONING_FIELDS,
  mentionPattern,
  namesPerson,
  personTerms,
  withoutMentions,
} from './erasure-text';

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
// Records read at a time while looking for the person's name in other records' text.
const SCAN_PAGE = 250;

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
    // Each rewrite announced as a change of its record, by the person erasing.
    const announce = <Contract extends EventContract>(contract: Contract, data: PayloadOf<NoInfer<Contract>>) =>
      unit.publish(contract, { workspace_id: workspaceId, actor, data });
    const rewritten = [
      ...(await eraseOwnTimeline(context, unit, actor, workspaceId, contactId)),
      // Entries on other records naming the person keep their place with the mention replaced.
      ...(await scrubMentions(unit, workspaceId, pattern, {
        model: activityModel(context.connection),
        fields: MENTIONING_FIELDS.activity,
        order: null,
        skip: (entry) => entry.target_type === 'contact' && entry.target_id === contactId,
        announce: (entry, fields) => announce(activityUpdated, { ...activityState(entry), fields }),
      })),
      // Text first: the attendance change then announces meetings that no longer name the person.
      ...(await scrubMentions(unit, workspaceId, pattern, {
        model: meetingModel(context.connection),
        fields: MENTIONING_FIELDS.meeting,
        order: 'starts_at',
        stamped: true,
        announce: (meeting, fields) => announce(meetingUpdated, { ...meetingState(meeting), fields }),
      })),
    ];
    await removeContactFromMeetings(context, unit, actor, workspaceId, contactId);
    // Tasks stay (they are the team's work; one on the contact now shows on an erased contact) with
    // the person's name, email and phone replaced in their title and notes.
    rewritten.push(
      ...(await scrubMentions(unit, workspaceId, pattern, {
        model: taskModel(context.connection),
        fields: MENTIONING_FIELDS.task,
        order: 'due_key',
        stamped: true,
        announce: (task, fields) => announce(taskUpdated, { ...taskState(task), fields }),
      })),
    );
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

// Records of one kind whose text names the person, rewritten with the mention replaced: each
// rewrite moves the version (and updated_at where the record keeps one) and is announced with the
// fields it changed. Answers the ids of the records rewritten.
interface MentioningRecords<R extends { _id: string; version?: number }> {
  model: Model<R>;
  fields: ReadonlyArray<keyof R & string>;
  // The order they are read in: a field of an index led by the workspace (then _id), or null for
  // the _id order of `{workspace_id, _id}`.
  order: (keyof R & string) | null;
  // Records left as they are (the person's own timeline entries, deleted instead).
  skip?: (record: R) => boolean;
  stamped?: boolean;
  announce: (updated: R, fields: string[]) => void;
}

async function scrubMentions<R extends { _id: string; version?: number }>(
  unit: UnitOfWork,
  workspaceId: string,
  pattern: RegExp | null,
  records: MentioningRecords<R>,
): Promise<string[]> {
  if (pattern === null) return [];
  const text = (record: R, field: keyof R & string) => (record[field] as string | null | undefined) ?? null;
  const now = isoNow();
  const changed: string[] = [];
  // The workspace's records are read a page at a time (their text fields only) and tested here,
  // with turns of the event loop between pages (inBatches): one query testing the pattern against every
  // timeline entry of a large workspace held the thread, and every request on it, for the whole
  // scan. Those naming the person are then read whole.
  for await (const page of inBatches(records.model, { workspace_id: workspaceId }, records.order, SCAN_PAGE, {
    session: unit.transaction,
    select: records.fields,
  })) {
    const naming = page.filter((record) => namesPerson(record, records.fields, pattern)).map((record) => record._id);
    const found =
      naming.length === 0
        ? []
        : await records.model
            .find({ workspace_id: workspaceId, _id: { $in: naming } } as FilterQuery<R>)
            .session(unit.transaction)
            .lean<R[]>()
            .exec();
    for (const record of found) {
      if (records.skip?.(record)) continue;
      const next = Object.fromEntries(
        records.fields.map((field) => [field, withoutMentions(text(record, field), pattern)]),
      );
      const fields = records.fields.filter((field) => next[field] !== text(record, field));
      if (fields.length === 0) continue;
      const set = { ...next, version: (record.version ?? 1) + 1, ...(records.stamped ? { updated_at: now } : {}) };
      await records.model.updateOne({ _id: record._id, workspace_id: workspaceId }, { $set: set } as UpdateQuery<R>, {
        session: unit.transaction,
      });
      records.announce({ ...record, ...set }, fields);
      changed.push(record._id);
    }
  }
  return changed;
}
