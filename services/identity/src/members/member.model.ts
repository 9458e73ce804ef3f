import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export const MEMBER_STATUSES = ['active', 'disabled'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

// A person's membership of one workspace, with their role there.
export interface MemberRecord {
  _id: string;
  // Bumped by each change an event announces (the event carries it); absent on records stored
  // before versions existed, which count as 1.
  version?: number;
  workspace_id: string;
  user_id: string;
  role_id: string;
  status: MemberStatus;
  created_at: string;
  updated_at: string;
}

export const MEMBER_MODEL = 'Member';

const memberSchema = new Schema<MemberRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    user_id: { type: String, required: true },
    role_id: { type: String, required: true },
    status: { type: String, enum: MEMBER_STATUSES, required: true },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'members', versionKey: false },
);
memberSchema.plugin(tenantScoped);
memberSchema.index({ workspace_id: 1, user_id: 1 }, { unique: true });

export function registerMemberModel(connection: Connection): void {
  connection.model(MEMBER_MODEL, memberSchema);
}

export function memberModel(connection: Connection): Model<MemberRecord> {
  return connection.model<MemberRecord>(MEMBER_MODEL);
}
