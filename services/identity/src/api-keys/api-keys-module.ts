import type { ServiceModule } from '@crm/service-host';
import type { IdentityRuntime } from '../identity-runtime';
import { registerApiKeyCredentialModel } from './api-key-credential.model';
import { apiKeyOperations } from './api-key-routes';
import { registerApiKeyModel } from './api-key.model';

// API keys of a workspace; only a digest of each secret is kept.
export const apiKeysModule: ServiceModule<IdentityRuntime> = {
  models(connection) {
    registerApiKeyModel(connection);
    registerApiKeyCredentialModel(connection);
  },
  operations: apiKeyOperations,
};
