import { Schema, type Connection, type Model } from 'mongoose';
import { field, globalCollection, schemaOf, type RecordOf } from '@crm/kit';

// The one place an invitation is found without knowing its workspace: the link's token names
// no workspace, so its digest is looked up here, then the invitation itself is read through
// the tenant-scoped Invitation model. Deleted when the invitation is accepted or revoked.
const invitationTokenFields = {
  // SHA-256 digest (hex) of the token.
  _id: field.string({ required: true }),
  workspace_id: field.string({ required: true }),
  invitation_id: field.string({ required: true }),
};

export type InvitationTokenRecord = RecordOf<typeof invitationTokenFields>;

export const INVITATION_TOKEN_MODEL = 'InvitationToken';

const invitationTokenSchema = new Schema<InvitationTokenRecord>(schemaOf(invitationTokenFields), {
  collection: 'invitation_tokens',
  versionKey: false,
});
invitationTokenSchema.plugin(globalCollection, {
  reason: 'an invitation link names no workspace: its digest is found here first, then the invitation',
});
invitationTokenSchema.index({ invitation_id: 1 });

export function registerInvitationTokenModel(connection: Connection): void {
  connection.model(INVITATION_TOKEN_MODEL, invitationTokenSchema);
}

export function invitationTokenModel(connection: Connection): Model<InvitationTokenRecord> {
  return connection.model<InvitationTokenRecord>(INVITATION_TOKEN_MODEL);
}
