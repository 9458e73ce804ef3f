import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export const API_KEY_KINDS = ['agent', 'integration'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

// An API key of a workspace. The secret is never stored; its digest lives in the
// credential lookup (api-key-credential.model.ts).
export interface ApiKeyRecord {
  _id: string;
  // Bumped by each change an event announces (the event carries it); absent on records stored
  // before versions existed, which count as 1.
  version?: number;
  workspace_id: string;
  name: string;
  kind: ApiKeyKind;
  // Public part of the key, safe to show (crm_ak_xxxxxxxx).
  prefix: string;
  role_id: string;
  // The member the key acts as.
  created_by: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

export const API_KEY_MODEL = 'ApiKey';

const apiKeySchema = new Schema<ApiKeyRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    name: { type: String, required: true },
    kind: { type: String, enum: API_KEY_KINDS, required: true },
    prefix: { type: String, required: true },
    role_id: { type: String, required: true },
    created_by: { type: String, required: true },
    created_at: { type: String, required: true },
    expires_at: { type: String, default: null },
    last_used_at: { type: String, default: null },
    revoked_at: { type: String, default: null },
  },
  { collection: 'api_keys', versionKey: false },
);
apiKeySchema.plugin(tenantScoped);
// The list, newest first with the id as tie-break, read in index order (no sort in memory).
apiKeySchema.index({ workspace_id: 1, created_at: -1, _id: -1 });

export function registerApiKeyModel(connection: Connection): void {
  connection.model(API_KEY_MODEL, apiKeySchema);
}

export function apiKeyModel(connection: Connection): Model<ApiKeyRecord> {
  return connection.model<ApiKeyRecord>(API_KEY_MODEL);
}
