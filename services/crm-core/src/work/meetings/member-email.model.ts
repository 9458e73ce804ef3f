import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

// crm-core's copy of members' emails, shown on meeting attendees and sent to the organiser's
// calendar with invitations. Fed by identity's events: a membership event carries the email
// without the person's version (0), identity.user.updated with it, so a later change of the
// address always wins.
export interface MemberEmailRecord {
  _id: string;
  workspace_id: string;
  user_id: string;
  email: string;
  email_version: number;
}

export const MEMBER_EMAIL_MODEL = 'MeetingMemberEmail';

const memberEmailSchema = new Schema<MemberEmailRecord>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    email: { type: String, required: true },
    email_version: { type: Number, required: true },
  },
  { collection: 'member_emails', versionKey: false },
);
memberEmailSchema.plugin(tenantScoped);
memberEmailSchema.index({ workspace_id: 1, user_id: 1 }, { unique: true });
memberEmailSchema.index({ user_id: 1 });

export function registerMemberEmailModel(connection: Connection): void {
  connection.model(MEMBER_EMAIL_MODEL, memberEmailSchema);
}

export function memberEmailModel(connection: Connection): Model<MemberEmailRecord> {
  return connection.model<MemberEmailRecord>(MEMBER_EMAIL_MODEL);
}
