import type { ApiKeyRecord } from './api-key.model';

// ApiKey in the API contract: never the secret or its digest.
export interface ApiKeyView {
  id: string;
  name: string;
  kind: string;
  prefix: string;
  role: string;
  created_by: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

export function apiKeyView(key: ApiKeyRecord, roleName: string): ApiKeyView {
  return {
    id: key._id,
    name: key.name,
    kind: key.kind,
    prefix: key.prefix,
    role: roleName,
    created_by: key.created_by,
    created_at: key.created_at,
    expires_at: key.expires_at ?? null,
    last_used_at: key.last_used_at ?? null,
    revoked_at: key.revoked_at ?? null,
  };
}
