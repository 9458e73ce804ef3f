import type { JobHandler } from '@crm/bus';
import { isoNow } from '@crm/kit';
import { meetingUpdated, planDefinition, planHasFeature } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { accessToken, forgetAccessToken, organiserConnection } from '../calendar/calendar-connections';
import {
  CalendarProviderError,
  type CalendarEventInput,
  type CalendarEventResult,
} from '../calendar/calendar-provider';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { workspacePlan } from '../../records/record-limit';
import { meetingModel, type MeetingRecord } from './meeting.model';
import { attendeesOf, meetingNames, meetingState } from './meeting-view';

// The durable job that brings the organiser's calendar in line with a meeting (one per meeting,
// keyed by its id: a later change replaces it). A failure that may pass (the provider down or
// slow, a refused access token that a refresh may fix) is retried with the job worker's backoff
// (1 s doubling); a permanent one, or the last attempt's, is written to the meeting's
// sync_error: the meeting itself is never lost or rolled back.

export const MEETING_SYNC_JOB = 'meetings.calendar_sync';
export const SYNC_MAX_ATTEMPTS = 5;

type SyncFields = Partial<Pick<MeetingRecord, 'external_provider' | 'external_event_id' | 'join_url' | 'sync_error'>>;
const SYNC_FIELDS = ['external_provider', 'external_event_id', 'join_url', 'sync_error'] as const;
// Public ones: a change of these is announced (the provider's event id is not shown).
const PUBLIC_SYNC_FIELDS = new Set<string>(['external_provider', 'join_url', 'sync_error']);

async function eventInput(context: ServiceContext, meeting: MeetingRecord): Promise<CalendarEventInput> {
  const names = await meetingNames(context, meeting.workspace_id, [meeting]);
  return {
    title: meeting.title,
    location: meeting.location ?? null,
    notes: meeting.notes ?? null,
    starts_at: meeting.starts_at,
    ends_at: meeting.ends_at,
    // An attendee without a known email cannot be invited by a calendar.
    attendees: attendeesOf(meeting, names).flatMap((attendee) =>
      attendee.email ? [{ name: attendee.name, email: attendee.email }] : [],
    ),
    online_meeting: meeting.online_meeting === true,
    send_invites: meeting.send_invites === true,
    request_id: meeting._id,
  };
}

// Writes the meeting to the organiser's calendar; answers what the meeting records of it.
async function pushToCalendar(runtime: CrmCoreRuntime, meeting: MeetingRecord): Promise<SyncFields> {
  const { context } = runtime;
  // A sync due when the workspace left the Standard plan (scheduled before, or retrying) writes
  // nothing: the plan is asked of identity now, as the next request's token would carry it.
  const plan = await workspacePlan(context, meeting.workspace_id);
  if (!planHasFeature(plan, 'calendar_sync')) {
    return {
      sync_error: `not synced: calendar sync is part of the Standard plan and the workspace is on the ${planDefinition(plan).title} plan`,
    };
  }
  const connection = await organiserConnection(
    context,
    meeting.workspace_id,
    meeting.organiser_id,
    meeting.external_provider,
  );
  if (!connection) {
    if (meeting.online_meeting || meeting.send_invites)
      throw new CalendarProviderError("the organiser's calendar is not connected (or must be connected again)", true);
    // Disconnected since: events already created stay as they are.
    return {};
  }
  const provider = runtime.calendar.providers[connection.provider];
  const token = await accessToken(runtime, connection);
  // An event in a calendar the organiser no longer syncs with stays there; this one gets its own.
  const eventId =
    meeting.external_event_id && meeting.external_provider === connection.provider ? meeting.external_event_id : null;
  try {
    if (meeting.status === 'cancelled') {
      if (eventId) await provider.cancelEvent(token, eventId, meeting.send_invites === true);
      return { sync_error: null };
    }
    const input = await eventInput(context, meeting);
    const result = eventId
      ? await updateOrRecreate(
          () => provider.updateEvent(token, eventId, input),
          () => provider.createEvent(token, input),
        )
      : await provider.createEvent(token, input);
    return {
      external_provider: connection.provider,
      external_event_id: result.event_id,
      join_url: meeting.online_meeting ? result.join_url : null,
      sync_error:
        meeting.online_meeting && !result.join_url
          ? `${connection.provider} made the event without an online meeting link`
          : null,
    };
  } catch (error) {
    // A 401 to a token that had not expired: refresh it on the next attempt.
    if (error instanceof CalendarProviderError && error.reconnect) {
      await forgetAccessToken(context, connection);
      throw new CalendarProviderError(error.message, false);
    }
    throw error;
  }
}

// An event the calendar no longer has (deleted there, or cancelled where a cancelled event
// cannot change) is made anew: the meeting is scheduled, so the calendar should show it.
async function updateOrRecreate(
  update: () => Promise<CalendarEventResult>,
  create: () => Promise<CalendarEventResult>,
): Promise<CalendarEventResult> {
  try {
    return await update();
  } catch (error) {
    if (error instanceof CalendarProviderError && (error.status === 404 || error.status === 410)) return create();
    throw error;
  }
}

// Records what the sync did, announcing a change of the public fields (a system change).
async function recordSync(
  context: ServiceContext,
  meetingId: string,
  workspaceId: string,
  fields: SyncFields,
): Promise<void> {
  await commit(context, async ({ transaction, publish }) => {
    const current = await meetingModel(context.connection)
      .findOne({ _id: meetingId, workspace_id: workspaceId })
      .session(transaction)
      .lean<MeetingRecord>()
      .exec();
    if (!current) return;
    const changed = SYNC_FIELDS.filter(
      (field) => fields[field] !== undefined && (fields[field] ?? null) !== (current[field] ?? null),
    );
    if (changed.length === 0) return;
    const announced = changed.filter((field) => PUBLIC_SYNC_FIELDS.has(field));
    const updated: MeetingRecord = {
      ...current,
      ...fields,
      version: (current.version ?? 1) + (announced.length > 0 ? 1 : 0),
    };
    await meetingModel(context.connection).updateOne(
      { _id: meetingId, workspace_id: workspaceId },
      {
        $set: {
          ...Object.fromEntries(changed.map((field) => [field, updated[field]])),
          version: updated.version,
          updated_at: isoNow(),
        },
      },
      { session: transaction },
    );
    if (announced.length > 0) {
      publish(meetingUpdated, {
        workspace_id: workspaceId,
        actor: null,
        data: { ...meetingState(updated), fields: announced },
      });
    }
  });
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function meetingSyncHandler(runtime: CrmCoreRuntime): JobHandler {
  const { context } = runtime;
  return async (job) => {
    const workspaceId = job.workspace_id;
    const meetingId = String(job.payload.meeting_id);
    if (!workspaceId) return;
    const meeting = await meetingModel(context.connection)
      .findOne({ _id: meetingId, workspace_id: workspaceId })
      .lean<MeetingRecord>()
      .exec();
    if (!meeting) return;
    let fields: SyncFields;
    try {
      fields = await pushToCalendar(runtime, meeting);
    } catch (error) {
      const permanent = error instanceof CalendarProviderError && error.permanent;
      if (!permanent && job.attempt < SYNC_MAX_ATTEMPTS) throw error;
      if (!(error instanceof CalendarProviderError))
        context.logger.error({ err: error, meeting_id: meetingId }, 'calendar sync failed');
      const reason =
        error instanceof CalendarProviderError
          ? reasonOf(error)
          : 'the calendar could not be updated (an internal error)';
      fields = { sync_error: permanent ? reason : `${reason} (gave up after ${job.attempt} attempts)` };
    }
    await recordSync(context, meetingId, workspaceId, fields);
  };
}

export function meetingJobs(runtime: CrmCoreRuntime): Record<string, JobHandler> {
  return { [MEETING_SYNC_JOB]: meetingSyncHandler(runtime) };
}
