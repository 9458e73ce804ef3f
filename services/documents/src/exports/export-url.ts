import { createHmac, timingSafeEqual } from 'node:crypto';

// An export's download link: a capability like a document's (services/documents/src/files/
// signed-url.ts), with its own signed text, so a document's URL can never be presented as an
// export's or the other way round. It grants GET of one export of one workspace until it expires.

export const EXPORT_LINK_TTL_SECONDS = 10 * 60;

export interface ExportGrant {
  export_id: string;
  workspace_id: string;
  // Unix seconds.
  expires: number;
}

function signatureOf(key: string, grant: ExportGrant): Buffer {
  return createHmac('sha256', key).update(['crm-export-v1', 'GET', grant.export_id, grant.workspace_id, String(grant.expires)].join('\n')).digest();
}

export function exportUrl(publicUrl: string, key: string, grant: ExportGrant): string {
  const query = new URLSearchParams({ workspace_id: grant.workspace_id, expires: String(grant.expires), signature: signatureOf(key, grant).toString('base64url') });
  return `${publicUrl}/v1/public/files/exports/${grant.export_id}?${query.toString()}`;
}

const DECIMAL = /^(0|[1-9][0-9]{0,15})$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The grant of a presented link when one of the accepted keys signed it and it has not expired;
// null otherwise, whatever the reason (every refusal looks alike to the caller). Every key is
// compared in constant time.
export function verifyExportUrl(keys: readonly string[], presented: { export_id: string; workspace_id?: unknown; expires?: unknown; signature?: unknown }, nowMs: number): ExportGrant | null {
  const { workspace_id, expires, signature } = presented;
  if (typeof workspace_id !== 'string' || !UUID.test(workspace_id) || !UUID.test(presented.export_id)) return null;
  if (typeof expires !== 'string' || !DECIMAL.test(expires) || typeof signature !== 'string' || !SIGNATURE.test(signature)) return null;
  const grant: ExportGrant = { export_id: presented.export_id, workspace_id, expires: Number(expires) };
  const given = Buffer.from(signature, 'base64url');
  let valid = false;
  for (const key of keys) valid = timingSafeEqual(signatureOf(key, grant), given) || valid;
  if (!valid || grant.expires * 1000 <= nowMs) return null;
  return grant;
}
