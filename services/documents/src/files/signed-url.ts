import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed URLs are capabilities: whoever holds one may do exactly one thing (PUT the bytes of one
// document, or GET them) until it expires, without a bearer token. The signature is an
// HMAC-SHA256, with a key from configuration, over everything the URL grants: the method, the
// document, its workspace, its size and the expiry. Several keys are accepted during a rotation.

export type FileMethod = 'PUT' | 'GET';

export interface FileGrant {
  method: FileMethod;
  document_id: string;
  workspace_id: string;
  size_bytes: number;
  // Unix seconds.
  expires: number;
}

export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

// Versioned, so a change of what is signed can never be confused with the old form.
function signedText(grant: FileGrant): string {
  return ['crm-file-v1', grant.method, grant.document_id, grant.workspace_id, String(grant.size_bytes), String(grant.expires)].join('\n');
}

function signatureOf(key: string, grant: FileGrant): Buffer {
  return createHmac('sha256', key).update(signedText(grant)).digest();
}

export function fileUrl(publicUrl: string, key: string, grant: FileGrant): string {
  const query = new URLSearchParams({
    workspace_id: grant.workspace_id,
    size: String(grant.size_bytes),
    expires: String(grant.expires),
    signature: signatureOf(key, grant).toString('base64url'),
  });
  return `${publicUrl}/v1/public/files/${grant.document_id}?${query.toString()}`;
}

export interface PresentedUrl {
  method: string;
  document_id: string;
  workspace_id?: unknown;
  size?: unknown;
  expires?: unknown;
  signature?: unknown;
}

const DECIMAL = /^(0|[1-9][0-9]{0,15})$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The grant a presented URL carries when its signature is one of ours and it has not expired;
// null otherwise, whatever the reason (tampered, expired, another document's, another
// workspace's, another method's): the caller answers every refusal alike. Every accepted key is
// compared, in constant time, so timing does not tell which key or byte differed.
export function verifyFileUrl(keys: readonly string[], presented: PresentedUrl, nowMs: number): FileGrant | null {
  const { workspace_id, size, expires, signature } = presented;
  if (presented.method !== 'PUT' && presented.method !== 'GET') return null;
  if (typeof workspace_id !== 'string' || !UUID.test(workspace_id) || !UUID.test(presented.document_id)) return null;
  if (typeof size !== 'string' || !DECIMAL.test(size) || typeof expires !== 'string' || !DECIMAL.test(expires)) return null;
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return null;
  const grant: FileGrant = {
    method: presented.method,
    document_id: presented.document_id,
    workspace_id,
    size_bytes: Number(size),
    expires: Number(expires),
  };
  const given = Buffer.from(signature, 'base64url');
  let valid = false;
  for (const key of keys) {
    const expected = signatureOf(key, grant);
    // Every key is compared, whatever the earlier ones gave.
    valid = timingSafeEqual(expected, given) || valid;
  }
  if (!valid) return null;
  if (grant.expires * 1000 <= nowMs) return null;
  return grant;
}
