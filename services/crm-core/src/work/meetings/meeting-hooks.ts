import { on, routeEvents, type EventActor, type EventEnvelope, type RoutedHandler } from '@crm/bus';
import { isoNow } from '@crm/kit';
import { companyMerged, companyPurged, contactMerged, contactPurged, meetingUpdated } from '@crm/protos';
import { commit, type ServiceContext, type UnitOfWork } from '@crm/service-host';
import type { FilterQuery } from 'mongoose';
import { meetingModel, type MeetingRecord } from './meeting.model';
import { meetingState } from './meeting-view';

// Meetings follow the company and contacts they name: a merge moves the sources' meetings (and
// the sources' attendance) to the survivor, a purge detaches them (the meeting keeps happening
// without that company; a purged contact no longer attends). Each rewrite matches only meetings
// still naming an old id, so a redelivered event changes nothing. The organiser's calendar is
// left as it is: a contact's email there stays the one invited.

export const MEETING_REFERENCES_CONSUMER = 'crm-core.meeting-references';

async function rewriteMeetings(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  filter: FilterQuery<MeetingRecord> & { workspace_id: string },
  change: (meeting: MeetingRecord) => Partial<MeetingRecord>,
): Promise<void> {
  const model = meetingModel(context.connection);
  const now = isoNow();
  for (const meeting of await model.find(filter).session(unit.transaction).lean<MeetingRecord[]>().exec()) {
    const changes = change(meeting);
    const fields = Object.keys(changes).filter(
      (field) =>
        JSON.stringify(changes[field as keyof MeetingRecord]) !== JSON.stringify(meeting[field as keyof MeetingRecord]),
    );
    if (fields.length === 0) continue;
    const updated: MeetingRecord = { ...meeting, ...changes, version: (meeting.version ?? 1) + 1, updated_at: now };
    await model.updateOne(
      { _id: meeting._id, workspace_id: meeting.workspace_id },
      { $set: { ...changes, version: updated.version, updated_at: now } },
      { session: unit.transaction },
    );
    unit.publish(meetingUpdated, {
      workspace_id: meeting.workspace_id,
      actor,
      data: {
        ...meetingState(updated),
        fields: [...new Set(fields.map((field) => (field === 'contact_ids' ? 'attendees' : field)))],
      },
    });
  }
}

// The contacts attending after `from` are replaced by `to` (null: removed), without doubles.
function replaceContacts(meeting: MeetingRecord, from: string[], to: string | null): Partial<MeetingRecord> {
  const attendees = [];
  const seen = new Set<string>();
  for (const attendee of meeting.attendees ?? []) {
    const id = attendee.type === 'contact' && from.includes(attendee.id) ? to : attendee.id;
    if (id === null || seen.has(`${attendee.type}:${id}`)) continue;
    seen.add(`${attendee.type}:${id}`);
    attendees.push({ type: attendee.type, id });
  }
  return {
    attendees,
    contact_ids: attendees.filter((attendee) => attendee.type === 'contact').map((attendee) => attendee.id),
  };
}

export function meetingReferences(context: ServiceContext): RoutedHandler {
  // Each rewrite runs in the event's workspace; an event without one names no meeting.
  async function rewrite(
    event: EventEnvelope,
    filter: FilterQuery<MeetingRecord>,
    change: (meeting: MeetingRecord) => Partial<MeetingRecord>,
  ): Promise<void> {
    const workspaceId = event.workspace_id;
    if (workspaceId)
      await commit(context, (unit) =>
        rewriteMeetings(context, unit, event.actor, { ...filter, workspace_id: workspaceId }, change),
      );
  }
  return routeEvents(
    on(companyMerged, (event) =>
      rewrite(event, { company_id: { $in: event.data.source_ids } }, () => ({ company_id: event.data.company_id })),
    ),
    on(companyPurged, (event) =>
      rewrite(event, { company_id: { $in: [event.data.company_id] } }, () => ({ company_id: null })),
    ),
    on(contactMerged, (event) => {
      const from = event.data.source_ids;
      return rewrite(event, { contact_ids: { $in: from } }, (meeting) =>
        replaceContacts(meeting, from, event.data.contact_id),
      );
    }),
    on(contactPurged, (event) => {
      const from = [event.data.contact_id];
      return rewrite(event, { contact_ids: { $in: from } }, (meeting) => replaceContacts(meeting, from, null));
    }),
  );
}

export async function subscribeMeetingReferences(context: ServiceContext): Promise<void> {
  const { patterns, handler } = meetingReferences(context);
  await context.bus.subscribe(MEETING_REFERENCES_CONSUMER, patterns, handler);
}

// For a contact's erasure (POST /contacts/{id}/erase): the person no longer attends any meeting,
// in the erasure's own transaction. Each meeting changed announces it like a purge does.
export function removeContactFromMeetings(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  workspaceId: string,
  contactId: string,
): Promise<void> {
  return rewriteMeetings(context, unit, actor, { workspace_id: workspaceId, contact_ids: contactId }, (meeting) =>
    replaceContacts(meeting, [contactId], null),
  );
}
