import type { ClientSession } from 'mongoose';
import { AppError, isoNow, isUuid, newId, notFound, validationFailed, type InternalClaims } from '@crm/kit';
import { meetingCreated, meetingUpdated } from '@crm/protos';
import { commit, type ServiceContext, type UnitOfWork } from '@crm/service-host';
import { hasConnectedCalendar } from '../calendar/calendar-connections';
import { contactModel } from '../../records/contacts/contact.model';
import { checkCompany } from '../../records/contacts/contact-rules';
import { checkMembers } from '../../records/references/members';
import { meetingModel, type MeetingAttendee, type MeetingRecord } from './meeting.model';
import type { CreateMeetingBody, MeetingView, UpdateMeetingBody } from './meeting.operations';
import { MEETING_SYNC_JOB, SYNC_MAX_ATTEMPTS } from './meeting-sync-job';
import { meetingState, meetingViews } from './meeting-view';

// Creating and changing meetings: the rules beyond the schema (times in order, attendees who
// exist, the organiser's calendar for online meetings and invitations on the Standard plan), the
// event of each change, and the calendar sync job written in the same transaction.

// Fields whose change the organiser's calendar must follow.
const CALENDAR_FIELDS = new Set([
  'title',
  'location',
  'notes',
  'starts_at',
  'ends_at',
  'status',
  'attendees',
  'online_meeting',
  'send_invites',
]);
// Stored for queries only; events name `attendees`.
const DERIVED = new Set(['user_ids', 'contact_ids']);

const instant = (value: string) => new Date(value).toISOString();

const calendarNotConnected = () =>
  new AppError(
    'calendar_not_connected',
    "online_meeting and send_invites need the organiser's calendar connected (POST /integrations/calendar/{provider}/connect)",
    400,
  );

function checkTimes(startsAt: string, endsAt: string): void {
  if (new Date(endsAt).getTime() <= new Date(startsAt).getTime())
    throw validationFailed('ends_at must be after starts_at');
}

// online_meeting and send_invites are calendar sync, a Standard plan feature, and need the
// organiser's calendar.
async function checkCalendarFeatures(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  organiserId: string,
  body: Pick<UpdateMeetingBody, 'online_meeting' | 'send_invites'>,
): Promise<void> {
  if (body.online_meeting !== true && body.send_invites !== true) return;
  const field = body.online_meeting === true ? 'online_meeting' : 'send_invites';
  if (claims.plan !== 'standard')
    throw new AppError('plan_required', `${field} needs calendar sync, part of the Standard plan`);
  if (!(await hasConnectedCalendar(context, workspaceId, organiserId))) throw calendarNotConnected();
}

async function checkContacts(
  context: ServiceContext,
  workspaceId: string,
  ids: string[],
  session: ClientSession,
): Promise<void> {
  if (ids.length === 0) return;
  const found = await contactModel(context.connection)
    .find({ workspace_id: workspaceId, _id: { $in: ids }, deleted_at: null }, { _id: 1 })
    .session(session)
    .lean<Array<{ _id: string }>>()
    .exec();
  if (found.length !== new Set(ids).size)
    throw validationFailed('contact_ids must be contacts of this workspace (not in the recycle bin)');
}

function attendeesFrom(
  userIds: string[],
  contactIds: string[],
): Pick<MeetingRecord, 'attendees' | 'user_ids' | 'contact_ids'> {
  const attendees: MeetingAttendee[] = [
    ...userIds.map((id) => ({ type: 'user' as const, id })),
    ...contactIds.map((id) => ({ type: 'contact' as const, id })),
  ];
  return { attendees, user_ids: [...userIds], contact_ids: [...contactIds] };
}

// The organiser's calendar follows the change: the job (one per meeting, replaced by a later
// change) runs at once, retries with backoff and records sync_error after its last attempt.
// Only on the Standard plan, and only when there is a calendar to write to or an event there.
export async function scheduleSync(
  context: ServiceContext,
  unit: UnitOfWork,
  record: MeetingRecord,
  plan: string,
): Promise<void> {
  if (plan !== 'standard') return;
  if (!record.external_event_id && !(await hasConnectedCalendar(context, record.workspace_id, record.organiser_id)))
    return;
  await unit.schedule({
    name: MEETING_SYNC_JOB,
    key: record._id,
    runAt: new Date(),
    workspace_id: record.workspace_id,
    payload: { meeting_id: record._id },
    maxAttempts: SYNC_MAX_ATTEMPTS,
  });
}

export async function createMeetingRecord(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  body: CreateMeetingBody,
): Promise<MeetingView> {
  checkTimes(body.starts_at, body.ends_at);
  const userIds = body.user_ids ?? [];
  const contactIds = body.contact_ids ?? [];
  await checkMembers(
    context,
    workspaceId,
    userIds.map((id) => ({ field: 'user_ids', id })),
  );
  await checkCalendarFeatures(context, claims, workspaceId, claims.user_id, body);
  const record = await commit(context, async (unit) => {
    if (body.company_id) await checkCompany(context, workspaceId, body.company_id, unit.transaction);
    await checkContacts(context, workspaceId, contactIds, unit.transaction);
    const now = isoNow();
    const meeting: MeetingRecord = {
      _id: newId(),
      version: 1,
      workspace_id: workspaceId,
      title: body.title,
      location: body.location ?? null,
      notes: body.notes ?? null,
      starts_at: instant(body.starts_at),
      ends_at: instant(body.ends_at),
      company_id: body.company_id ?? null,
      organiser_id: claims.user_id,
      status: body.status ?? 'scheduled',
      outcome: body.outcome ?? null,
      ...attendeesFrom(userIds, contactIds),
      online_meeting: body.online_meeting ?? false,
      send_invites: body.send_invites ?? false,
      external_provider: null,
      external_event_id: null,
      join_url: null,
      sync_error: null,
      created_at: now,
      updated_at: now,
    };
    await meetingModel(context.connection).create([meeting], { session: unit.transaction });
    unit.publish(meetingCreated, { workspace_id: workspaceId, actor: claims.actor, data: meetingState(meeting) });
    await scheduleSync(context, unit, meeting, claims.plan);
    return meeting;
  });
  const [view] = await meetingViews(context, workspaceId, [record]);
  return view;
}

// A meeting of the workspace, or 404 (another workspace's id too).
export async function findMeeting(
  context: ServiceContext,
  workspaceId: string,
  id: string,
  session?: ClientSession,
): Promise<MeetingRecord> {
  if (!isUuid(id)) throw notFound('meeting');
  const meeting = await meetingModel(context.connection)
    .findOne({ _id: id, workspace_id: workspaceId })
    .session(session ?? null)
    .lean<MeetingRecord>()
    .exec();
  if (!meeting) throw notFound('meeting');
  return meeting;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export async function updateMeetingRecord(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
  body: UpdateMeetingBody,
): Promise<MeetingView> {
  const before = await findMeeting(context, workspaceId, id);
  // Only members who join are asked of identity: keeping a since-disabled attendee is no new claim.
  const joining = (body.user_ids ?? []).filter((userId) => !(before.user_ids ?? []).includes(userId));
  await checkMembers(
    context,
    workspaceId,
    joining.map((userId) => ({ field: 'user_ids', id: userId })),
  );
  await checkCalendarFeatures(context, claims, workspaceId, before.organiser_id, {
    online_meeting: body.online_meeting === true && !before.online_meeting ? true : undefined,
    send_invites: body.send_invites === true && !before.send_invites ? true : undefined,
  });
  const record = await commit(context, async (unit) => {
    const current = await findMeeting(context, workspaceId, id, unit.transaction);
    if (body.company_id && body.company_id !== current.company_id)
      await checkCompany(context, workspaceId, body.company_id, unit.transaction);
    const newContacts = (body.contact_ids ?? []).filter(
      (contactId) => !(current.contact_ids ?? []).includes(contactId),
    );
    await checkContacts(context, workspaceId, newContacts, unit.transaction);
    const next: MeetingRecord = { ...current };
    if (body.title !== undefined) next.title = body.title;
    if (body.location !== undefined) next.location = body.location;
    if (body.notes !== undefined) next.notes = body.notes;
    if (body.starts_at !== undefined) next.starts_at = instant(body.starts_at);
    if (body.ends_at !== undefined) next.ends_at = instant(body.ends_at);
    if (body.company_id !== undefined) next.company_id = body.company_id;
    if (body.status !== undefined) next.status = body.status;
    if (body.outcome !== undefined) next.outcome = body.outcome;
    if (body.online_meeting !== undefined) next.online_meeting = body.online_meeting;
    if (body.send_invites !== undefined) next.send_invites = body.send_invites;
    if (body.user_ids !== undefined || body.contact_ids !== undefined) {
      Object.assign(
        next,
        attendeesFrom(body.user_ids ?? current.user_ids ?? [], body.contact_ids ?? current.contact_ids ?? []),
      );
    }
    // Checked on the result: moving only one end must keep them in order.
    checkTimes(next.starts_at, next.ends_at);
    const fields = (Object.keys(next) as Array<keyof MeetingRecord>).filter(
      (field) => !DERIVED.has(field) && !same(next[field], current[field]),
    );
    if (fields.length === 0) return current;
    // send_invites is how the calendar is written, not part of the meeting's public state: alone
    // it changes no version and announces nothing.
    const named = fields.filter((field) => field !== 'send_invites');
    const updated: MeetingRecord = {
      ...next,
      version: (current.version ?? 1) + (named.length > 0 ? 1 : 0),
      updated_at: isoNow(),
    };
    const changed = Object.fromEntries(
      [...fields, 'user_ids', 'contact_ids'].map((field) => [field, updated[field as keyof MeetingRecord]]),
    );
    await meetingModel(context.connection).updateOne(
      { _id: id, workspace_id: workspaceId },
      { $set: { ...changed, version: updated.version, updated_at: updated.updated_at } },
      { session: unit.transaction },
    );
    if (named.length > 0) {
      unit.publish(meetingUpdated, {
        workspace_id: workspaceId,
        actor: claims.actor,
        data: { ...meetingState(updated), fields: named },
      });
    }
    if (fields.some((field) => CALENDAR_FIELDS.has(field))) await scheduleSync(context, unit, updated, claims.plan);
    return updated;
  });
  const [view] = await meetingViews(context, workspaceId, [record]);
  return view;
}
