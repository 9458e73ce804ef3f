import { isDecimal, isUuid, linkSignature, validLink } from './signed-link';

// A document's signed URL grants one method (PUT the bytes of one document, or GET them) until
// it expires; the signature covers the method, the document, its workspace, its size and the
// expiry (signed-link.ts).

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
function signedLines(grant: FileGrant): string[] {
  return [
    'crm-file-v1',
    grant.method,
    grant.document_id,
    grant.workspace_id,
    String(grant.size_bytes),
    String(grant.expires),
  ];
}

export function fileUrl(publicUrl: string, key: string, grant: FileGrant): string {
  const query = new URLSearchParams({
    workspace_id: grant.workspace_id,
    size: String(grant.size_bytes),
    expires: String(grant.expires),
    signature: linkSignature(key, signedLines(grant)),
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

// The grant a presented URL carries when its signature is one of ours and it has not expired;
// null otherwise, whatever the reason (tampered, expired, another document's, another
// workspace's, another method's): the caller answers every refusal alike.
export function verifyFileUrl(keys: readonly string[], presented: PresentedUrl, nowMs: number): FileGrant | null {
  const { workspace_id, size, expires, signature } = presented;
  if (presented.method !== 'PUT' && presented.method !== 'GET') return null;
  if (!isUuid(workspace_id) || !isUuid(presented.document_id) || !isDecimal(size) || !isDecimal(expires)) return null;
  const grant: FileGrant = {
    method: presented.method,
    document_id: presented.document_id,
    workspace_id,
    size_bytes: Number(size),
    expires: Number(expires),
  };
  return validLink(keys, signedLines(grant), signature, grant.expires, nowMs) ? grant : null;
}
