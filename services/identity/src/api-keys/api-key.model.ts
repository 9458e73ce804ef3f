import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

export const API_KEY_KINDS = ['agent', 'integration'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

// An API key of a workspace. The secret is never stored; its digest lives in the
// credential lookup (api-key-credential.model.ts).
const apiKeyFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces (the event carries it); absent on records stored
  // before versions existed, which count as 1.
  version: field.absentOnOld(field.number({ default: 1 })),
  name: field.string({ required: true }),
  kind: field.string({ enum: API_KEY_KINDS, required: true }),
  // Public part of the key, safe to show (crm_ak_xxxxxxxx).
  prefix: field.string({ required: true }),
  role_id: field.string({ required: true }),
  // The member the key acts as.
  created_by: field.string({ required: true }),
  created_at: field.string({ required: true }),
  expires_at: field.string({ default: null }),
  last_used_at: field.string({ default: null }),
  revoked_at: field.string({ default: null }),
};

export type ApiKeyRecord = ScopedRecordOf<typeof apiKeyFields>;

export const API_KEY_MODEL = 'ApiKey';

const apiKeySchema = new Schema<ApiKeyRecord>(schemaOf(apiKeyFields), { collection: 'api_keys', versionKey: false });
apiKeySchema.plugin(tenantScoped);
// The list, newest first with the id as tie-break, read in index order (no sort in memory).
apiKeySchema.index({ workspace_id: 1, created_at: -1, _id: -1 });

export function registerApiKeyModel(connection: Connection): void {
  connection.model(API_KEY_MODEL, apiKeySchema);
}

export function apiKeyModel(connection: Connection): Model<ApiKeyRecord> {
  return connection.model<ApiKeyRecord>(API_KEY_MODEL);
}
