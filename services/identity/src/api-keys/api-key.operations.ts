import {
  DateTime,
  declareOperation,
  Named,
  Nullable,
  SingleLine,
  Strict,
  StringEnum,
  Type,
  Uuid,
  ListOf,
  type Static,
} from '@crm/kit';
import { admin } from '@crm/protos';
import { API_KEY_KINDS } from './api-key.model';

export const MAX_EXPIRY_DAYS = 730;

// ApiKey (spec section 2): never the secret or its digest.
export const ApiKey = Named(
  'ApiKey',
  Strict({
    id: Uuid(),
    name: Type.String(),
    kind: StringEnum(API_KEY_KINDS),
    prefix: Type.String({ description: 'Public part of the key, safe to show.' }),
    role: Type.String(),
    created_by: Uuid(),
    created_at: DateTime(),
    expires_at: Nullable(DateTime()),
    last_used_at: Nullable(DateTime()),
    revoked_at: Nullable(DateTime()),
  }),
);
export type ApiKeyView = Static<typeof ApiKey>;

export const CreatedApiKey = Named(
  'ApiKeyCreated',
  Strict({ ...ApiKey.properties, key: Type.String({ description: 'The secret, returned once only.' }) }),
);

export const listApiKeys = declareOperation({
  method: 'GET',
  path: '/api-keys',
  access: admin('settings:manage'),
  summary: 'List the API keys of the workspace',
  description: 'Every key, revoked ones included (`revoked_at` set), newest first.',
  status: 200,
  response: Named('ApiKeyList', ListOf(ApiKey)),
});

export const createApiKey = declareOperation({
  method: 'POST',
  path: '/api-keys',
  access: admin('settings:manage'),
  summary: 'Create an API key',
  description: 'The key acts as the calling member with the given role, never beyond the creator’s own permissions.',
  body: Named(
    'ApiKeyCreate',
    Strict({
      name: SingleLine({ minLength: 1, maxLength: 100 }),
      kind: StringEnum(API_KEY_KINDS),
      role: Type.Optional(
        SingleLine({
          minLength: 1,
          maxLength: 40,
          description: 'A role name of the workspace; default `Agent (read only)`.',
        }),
      ),
      expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_EXPIRY_DAYS })),
    }),
  ),
  trim: ['name'],
  status: 201,
  response: CreatedApiKey,
});
export type CreateApiKeyBody = Static<NonNullable<typeof createApiKey.body>>;

export const revokeApiKey = declareOperation({
  method: 'DELETE',
  path: '/api-keys/{id}',
  access: admin('settings:manage'),
  summary: 'Revoke an API key',
  description: 'Effective on the very next request.',
  params: Type.Object({ id: Uuid() }),
  status: 204,
  response: null,
});
