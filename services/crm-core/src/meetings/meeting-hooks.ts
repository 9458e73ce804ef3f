import type { EventActor, EventHandler } from '@crm/bus';
import { isoNow } from '@crm/kit';
import { companyMerged, type CompanyMergedData, companyPurged, contactMerged, type ContactMergedData, contactPurged, meetingUpdated } from '@crm/protos';
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
    const fields = Object.keys(changes).filter((field) => JSON.stringify(changes[field as keyof MeetingRecord]) !== JSON.stringify(meeting[field as keyof MeetingRecord]));
    if (fields.length === 0) continue;
    const updated: MeetingRecord = { ...meeting, ...changes, version: (meeting.version ?? 1) + 1, updated_at: now };
    await model.updateOne({ _id: meeting._id, workspace_id: meeting.workspace_id }, { $set: { ...changes, version: updated.version, updated_at: now } }, { session: unit.transaction });
    unit.publish(meetingUpdated, {
      workspace_id: meeting.workspace_id,
      actor,
      data: { ...meetingState(updated), fields: [...new Set(fields.map((field) => (field === 'contact_ids' ? 'attendees' : field)))] },
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
  return { attendees, contact_ids: attendees.filter((attendee) => attendee.type === 'contact').map((attendee) => attendee.id) };
}

export function meetingReferencesHandler(context: ServiceContext): EventHandler {
  return async (event) => {
    if (!event.workspace_id) return;
    const workspaceId = event.workspace_id;
    const data = event.data as Partial<Pick<CompanyMergedData, 'company_id' | 'source_ids'> & Pick<ContactMergedData, 'contact_id'>>;
    if (event.type === companyMerged.type || event.type === companyPurged.type) {
      if (!data.company_id) return;
      const merged = event.type === companyMerged.type;
      const from = merged ? (data.source_ids ?? []) : [data.company_id];
      const to = merged ? data.company_id : null;
      await commit(context, (unit) => rewriteMeetings(context, unit, event.actor, { workspace_id: workspaceId, company_id: { $in: from } }, () => ({ company_id: to })));
      return;
    }
    if (event.type === contactMerged.type || event.type === contactPurged.type) {
      if (!data.contact_id) return;
      const merged = event.type === contactMerged.type;
      const from = merged ? (data.source_ids ?? []) : [data.contact_id];
      const to = merged ? data.contact_id : null;
      await commit(context, (unit) => rewriteMeetings(context, unit, event.actor, { workspace_id: workspaceId, contact_ids: { $in: from } }, (meeting) => replaceContacts(meeting, from, to)));
    }
  };
}

export async function subscribeMeetingReferences(context: ServiceContext): Promise<void> {
  await context.bus.subscribe(MEETING_REFERENCES_CONSUMER, [companyMerged.type, companyPurged.type, contactMerged.type, contactPurged.type], meetingReferencesHandler(context));
}

// For a contact's erasure (POST /contacts/{id}/erase): the person no longer attends any meeting,
// in the erasure's own transaction. Each meeting changed announces it like a purge does.
export function removeContactFromMeetings(context: ServiceContext, unit: UnitOfWork, actor: EventActor | null, workspaceId: string, contactId: string): Promise<void> {
  return rewriteMeetings(context, unit, actor, { workspace_id: workspaceId, contact_ids: contactId }, (meeting) => replaceContacts(meeting, [contactId], null));
}
