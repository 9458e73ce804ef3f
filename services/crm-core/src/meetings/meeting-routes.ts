import { implement, noteVersion, workspaceOf, type Implementation } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { createMeeting, getMeeting, listMeetings, updateMeeting } from './meeting.operations';
import { listMeetingPage } from './meeting-list';
import { meetingViews } from './meeting-view';
import { createMeetingRecord, findMeeting, updateMeetingRecord } from './meeting-writes';

// The four meeting operations of the contract; access comes from the permission matrix.
export function meetingOperations(context: ServiceContext): Implementation[] {
  return [
    implement(listMeetings, async ({ req, auth, query }) => listMeetingPage(context, workspaceOf(req), auth.user_id, query)),
    implement(createMeeting, async ({ req, auth, body }) => createMeetingRecord(context, auth, workspaceOf(req), body)),
    implement(getMeeting, async ({ req, params }) => {
      const workspaceId = workspaceOf(req);
      const meeting = await findMeeting(context, workspaceId, params.id);
      noteVersion(req, meeting.version);
      const [view] = await meetingViews(context, workspaceId, [meeting]);
      return view!;
    }, { notesVersion: true }),
    implement(updateMeeting, async ({ req, auth, params, body }) => updateMeetingRecord(context, auth, workspaceOf(req), params.id, body)),
  ];
}
