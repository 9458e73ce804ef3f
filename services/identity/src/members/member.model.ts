import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

export const MEMBER_STATUSES = ['active', 'disabled'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

// A person's membership of one workspace, with their role there.
const memberFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces (the event carries it); absent on records stored
  // before versions existed, which count as 1.
  version: field.absentOnOld(field.number({ default: 1 })),
  user_id: field.string({ required: true }),
  role_id: field.string({ required: true }),
  status: field.string({ enum: MEMBER_STATUSES, required: true }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type MemberRecord = ScopedRecordOf<typeof memberFields>;

export const MEMBER_MODEL = 'Member';

const memberSchema = new Schema<MemberRecord>(schemaOf(memberFields), { collection: 'members', versionKey: false });
memberSchema.plugin(tenantScoped);
memberSchema.index({ workspace_id: 1, user_id: 1 }, { unique: true });

export function registerMemberModel(connection: Connection): void {
  connection.model(MEMBER_MODEL, memberSchema);
}

export function memberModel(connection: Connection): Model<MemberRecord> {
  return connection.model<MemberRecord>(MEMBER_MODEL);
}
