import {
  implement,
  implementCreate,
  noteVersion,
  workspaceOf,
  type Implementation,
  type InternalClaims,
} from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { createMeeting, getMeeting, listMeetings, updateMeeting, type MeetingView } from './meeting.operations';
import { listMeetingPage } from './meeting-list';
import { meetingViews } from './meeting-view';
import { createMeetingRecord, findMeeting, updateMeetingRecord } from './meeting-writes';

// A meeting names its contact attendees only to a caller who may read contacts (their ids stay).
function shownTo(auth: InternalClaims, view: MeetingView): MeetingView {
  if (auth.permissions.includes('contacts:read')) return view;
  return {
    ...view,
    attendees: view.attendees.map((attendee) =>
      attendee.type === 'contact' ? { ...attendee, name: null, email: null } : attendee,
    ),
  };
}

// The four meeting operations of the contract; access comes from the permission matrix.
export function meetingOperations(context: ServiceContext): Implementation[] {
  return [
    implement(listMeetings, async ({ req, auth, query }) => {
      const page = await listMeetingPage(context, workspaceOf(req), auth.user_id, query);
      return { ...page, data: page.data.map((view) => shownTo(auth, view)) };
    }),
    implementCreate(createMeeting, async ({ req, auth, body }) =>
      shownTo(auth, await createMeetingRecord(context, auth, workspaceOf(req), body)),
    ),
    implement(
      getMeeting,
      async ({ req, auth, params }) => {
        const workspaceId = workspaceOf(req);
        const meeting = await findMeeting(context, workspaceId, params.id);
        noteVersion(req, meeting.version);
        const [view] = await meetingViews(context, workspaceId, [meeting]);
        return shownTo(auth, view);
      },
      { notesVersion: true },
    ),
    implement(updateMeeting, async ({ req, auth, params, body }) =>
      shownTo(auth, await updateMeetingRecord(context, auth, workspaceOf(req), params.id, body)),
    ),
  ];
}
