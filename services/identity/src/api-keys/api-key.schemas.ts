import { bodyValidator } from '@crm/kit';
import { API_KEY_KINDS, type ApiKeyKind } from './api-key.model';

export interface CreateApiKeyBody {
  name: string;
  kind: ApiKeyKind;
  role?: string;
  expires_in_days?: number;
}

export const MAX_EXPIRY_DAYS = 730;

// POST /api-keys (spec section 4); no other keys.
export const createApiKeySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'kind'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    kind: { type: 'string', enum: [...API_KEY_KINDS] },
    // A role name of the workspace; checked against its roles by the handler.
    role: { type: 'string', minLength: 1, maxLength: 40 },
    expires_in_days: { type: 'integer', minimum: 1, maximum: MAX_EXPIRY_DAYS },
  },
};

export const validateCreateApiKey = bodyValidator<CreateApiKeyBody>(createApiKeySchema);
