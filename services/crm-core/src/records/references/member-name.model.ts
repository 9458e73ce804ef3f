import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// crm-core's copy of a workspace's members, for the names shown next to ids (owner_name, ...).
// Fed by identity's events and by every synchronous membership check. Validation never reads
// it: a lagging copy must not refuse a member added a moment ago.
const memberNameFields = {
  // The membership's id in identity.
  _id: field.string({ required: true }),
  user_id: field.string({ required: true }),
  name: field.string({ required: true }),
  // identity.user.updated's version the name was taken from; 0 when it came from a membership
  // event (which carries the name without the person's version), so any rename wins over it.
  name_version: field.number({ required: true }),
  status: field.string({ required: true }),
  // The membership's version (identity.member.* events), so an older status never wins.
  member_version: field.number({ required: true }),
};

export type MemberNameRecord = ScopedRecordOf<typeof memberNameFields>;

export const MEMBER_NAME_MODEL = 'MemberName';

const memberNameSchema = new Schema<MemberNameRecord>(schemaOf(memberNameFields), {
  collection: 'member_names',
  versionKey: false,
});
memberNameSchema.plugin(tenantScoped);
memberNameSchema.index({ workspace_id: 1, user_id: 1 }, { unique: true });
// A rename reaches the person's memberships in every workspace.
memberNameSchema.index({ user_id: 1 });

export function registerMemberNameModel(connection: Connection): void {
  connection.model(MEMBER_NAME_MODEL, memberNameSchema);
}

export function memberNameModel(connection: Connection): Model<MemberNameRecord> {
  return connection.model<MemberNameRecord>(MEMBER_NAME_MODEL);
}
