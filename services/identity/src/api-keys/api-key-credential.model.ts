import { Schema, type Connection, type Model } from 'mongoose';
import { field, globalCollection, schemaOf, type RecordOf } from '@crm/kit';

// The one place an API key is found without knowing its workspace: a bearer key names no
// workspace, so Authenticate looks its digest up here, then reads the key itself through the
// tenant-scoped ApiKey model with the workspace found. It holds nothing but that pointer.
const apiKeyCredentialFields = {
  // SHA-256 digest (hex) of the whole key.
  _id: field.string({ required: true }),
  workspace_id: field.string({ required: true }),
  key_id: field.string({ required: true }),
};

export type ApiKeyCredentialRecord = RecordOf<typeof apiKeyCredentialFields>;

export const API_KEY_CREDENTIAL_MODEL = 'ApiKeyCredential';

const apiKeyCredentialSchema = new Schema<ApiKeyCredentialRecord>(schemaOf(apiKeyCredentialFields), {
  collection: 'api_key_credentials',
  versionKey: false,
});
apiKeyCredentialSchema.plugin(globalCollection, {
  reason: 'a bearer key names no workspace: its digest is found here first, then the key in its workspace',
});

export function registerApiKeyCredentialModel(connection: Connection): void {
  connection.model(API_KEY_CREDENTIAL_MODEL, apiKeyCredentialSchema);
}

export function apiKeyCredentialModel(connection: Connection): Model<ApiKeyCredentialRecord> {
  return connection.model<ApiKeyCredentialRecord>(API_KEY_CREDENTIAL_MODEL);
}
