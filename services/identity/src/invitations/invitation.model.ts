import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

// Stored states. A pending invitation past its expires_at reads as `expired` (and is stored
// as such once a new invitation for the same email replaces it).
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export interface InvitationRecord {
  _id: string;
  // Bumped by each change an event announces (the event carries it); absent on records stored
  // before versions existed, which count as 1.
  version?: number;
  workspace_id: string;
  // Normalised: trimmed, lower case.
  email: string;
  role_id: string;
  status: InvitationStatus;
  // The user id of the member who invited (for a key: the key's creator).
  invited_by: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  member_id: string | null;
  revoked_at: string | null;
  created_at: string;
  updated_at: string;
}

export const INVITATION_MODEL = 'Invitation';

const invitationSchema = new Schema<InvitationRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    email: { type: String, required: true },
    role_id: { type: String, required: true },
    status: { type: String, enum: INVITATION_STATUSES, required: true },
    invited_by: { type: String, required: true },
    expires_at: { type: String, required: true },
    accepted_at: { type: String, default: null },
    accepted_by: { type: String, default: null },
    member_id: { type: String, default: null },
    revoked_at: { type: String, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'invitations', versionKey: false },
);
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
