import { Schema, type Connection, type Model } from 'mongoose';
import { globalCollection } from '@crm/kit';

// The one place an API key is found without knowing its workspace: a bearer key names no
// workspace, so Authenticate looks its digest up here, then reads the key itself through the
// tenant-scoped ApiKey model with the workspace found. It holds nothing but that pointer.
export interface ApiKeyCredentialRecord {
  // SHA-256 digest (hex) of the whole key.
  _id: string;
  workspace_id: string;
  key_id: string;
}

export const API_KEY_CREDENTIAL_MODEL = 'ApiKeyCredential';

const apiKeyCredentialSchema = new Schema<ApiKeyCredentialRecord>(
  {
    _id: { type: String, required: true },
    workspace_id: { type: String, required: true },
    key_id: { type: String, required: true },
  },
  { collection: 'api_key_credentials', versionKey: false },
);
apiKeyCredentialSchema.plugin(globalCollection, {
  reason: 'a bearer key names no workspace: its digest is found here first, then the key in its workspace',
});

export function registerApiKeyCredentialModel(connection: Connection): void {
  connection.model(API_KEY_CREDENTIAL_MODEL, apiKeyCredentialSchema);
}

export function apiKeyCredentialModel(connection: Connection): Model<ApiKeyCredentialRecord> {
  return connection.model<ApiKeyCredentialRecord>(API_KEY_CREDENTIAL_MODEL);
}
