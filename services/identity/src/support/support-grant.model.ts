import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

export const SUPPORT_MODES = ['read', 'full'] as const;
export type SupportMode = (typeof SUPPORT_MODES)[number];

// Staff support access to one workspace, granted by an operator (support-access-cli), never
// through the API. While it is active (not revoked, not expired) the person with that email
// may switch a session into the workspace and act there with the Support role.
const supportGrantFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces (the event carries it); absent on records stored
  // before versions existed, which count as 1.
  version: field.absentOnOld(field.number({ default: 1 })),
  // Normalised: trimmed, lower case (as account emails are).
  staff_email: field.string({ required: true }),
  mode: field.string({ enum: SUPPORT_MODES, required: true }),
  expires_at: field.string({ required: true }),
  granted_at: field.string({ required: true }),
  revoked_at: field.string({ default: null }),
};

export type SupportGrantRecord = ScopedRecordOf<typeof supportGrantFields>;

export const SUPPORT_GRANT_MODEL = 'SupportGrant';

const supportGrantSchema = new Schema<SupportGrantRecord>(schemaOf(supportGrantFields), {
  collection: 'support_grants',
  versionKey: false,
});
supportGrantSchema.plugin(tenantScoped);
// Authenticate's lookup on every request of a session that is in a workspace it is not a member of.
supportGrantSchema.index({ workspace_id: 1, staff_email: 1, revoked_at: 1, expires_at: -1 });

export function registerSupportGrantModel(connection: Connection): void {
  connection.model(SUPPORT_GRANT_MODEL, supportGrantSchema);
}

export function supportGrantModel(connection: Connection): Model<SupportGrantRecord> {
  return connection.model<SupportGrantRecord>(SUPPORT_GRANT_MODEL);
}
