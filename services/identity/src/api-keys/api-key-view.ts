import type { ApiKeyRecord } from './api-key.model';
import type { ApiKeyView } from './api-key.operations';

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
