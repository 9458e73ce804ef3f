import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { registerMeetingModel } from './meeting.model';
import { subscribeMeetingReferences } from './meeting-hooks';
import { meetingOperations } from './meeting-routes';
import { meetingJobs } from './meeting-sync-job';
import { registerMemberEmailModel } from './member-email.model';
import { subscribeMemberEmails } from './member-emails';

// Meetings, kept in step with connected calendars by a job; they follow the records and members
// they name.
export const meetingsModule: ServiceModule<CrmCoreRuntime> = {
  models(connection) {
    registerMeetingModel(connection);
    registerMemberEmailModel(connection);
  },
  operations: ({ context }) => meetingOperations(context),
  async consumers({ context }) {
    await subscribeMeetingReferences(context);
    await subscribeMemberEmails(context);
  },
  jobs: meetingJobs,
};
