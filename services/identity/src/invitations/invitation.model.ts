import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// Stored states. A pending invitation past its expires_at reads as `expired` (and is stored
// as such once a new invitation for the same email replaces it).
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

const invitationFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces (the event carries it); absent on records stored
  // before versions existed, which count as 1.
  version: field.absentOnOld(field.number({ default: 1 })),
  // Normalised: trimmed, lower case.
  email: field.string({ required: true }),
  role_id: field.string({ required: true }),
  status: field.string({ enum: INVITATION_STATUSES, required: true }),
  // The user id of the member who invited (for a key: the key's creator).
  invited_by: field.string({ required: true }),
  expires_at: field.string({ required: true }),
  accepted_at: field.string({ default: null }),
  accepted_by: field.string({ default: null }),
  member_id: field.string({ default: null }),
  revoked_at: field.string({ default: null }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type InvitationRecord = ScopedRecordOf<typeof invitationFields>;

export const INVITATION_MODEL = 'Invitation';

const invitationSchema = new Schema<InvitationRecord>(schemaOf(invitationFields), {
  collection: 'invitations',
  versionKey: false,
});
invitationSchema.plugin(tenantScoped);
// One open invitation per email and workspace: two admins inviting at once cannot both win.
invitationSchema.index({ workspace_id: 1, email: 1 }, { unique: true, partialFilterExpression: { status: 'pending' } });
invitationSchema.index({ workspace_id: 1, status: 1, created_at: -1 });

export function registerInvitationModel(connection: Connection): void {
  connection.model(INVITATION_MODEL, invitationSchema);
}

export function invitationModel(connection: Connection): Model<InvitationRecord> {
  return connection.model<InvitationRecord>(INVITATION_MODEL);
}

// What a client sees: a pending invitation past its expiry is expired.
export function effectiveStatus(
  invitation: Pick<InvitationRecord, 'status' | 'expires_at'>,
  now: string,
): InvitationStatus {
  return invitation.status === 'pending' && invitation.expires_at <= now ? 'expired' : invitation.status;
}
