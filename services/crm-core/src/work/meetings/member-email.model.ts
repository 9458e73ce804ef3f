import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// crm-core's copy of members' emails, shown on meeting attendees and sent to the organiser's
// calendar with invitations. Fed by identity's events: a membership event carries the email
// without the person's version (0), identity.user.updated with it, so a later change of the
// address always wins.
const memberEmailFields = {
  _id: field.string({ required: true }),
  user_id: field.string({ required: true }),
  email: field.string({ required: true }),
  email_version: field.number({ required: true }),
};

export type MemberEmailRecord = ScopedRecordOf<typeof memberEmailFields>;

export const MEMBER_EMAIL_MODEL = 'MeetingMemberEmail';

const memberEmailSchema = new Schema<MemberEmailRecord>(schemaOf(memberEmailFields), {
  collection: 'member_emails',
  versionKey: false,
});
memberEmailSchema.plugin(tenantScoped);
memberEmailSchema.index({ workspace_id: 1, user_id: 1 }, { unique: true });
memberEmailSchema.index({ user_id: 1 });

export function registerMemberEmailModel(connection: Connection): void {
  connection.model(MEMBER_EMAIL_MODEL, memberEmailSchema);
}

export function memberEmailModel(connection: Connection): Model<MemberEmailRecord> {
  return connection.model<MemberEmailRecord>(MEMBER_EMAIL_MODEL);
}
