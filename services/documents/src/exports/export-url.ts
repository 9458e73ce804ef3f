import { isDecimal, isUuid, linkSignature, validLink } from '../files/signed-link';

// An export's download link: a capability like a document's URL (files/signed-link.ts), with its
// own signed text, so a document's URL can never be presented as an export's or the other way
// round. It grants GET of one export of one workspace until it expires.

export const EXPORT_LINK_TTL_SECONDS = 10 * 60;

export interface ExportGrant {
  export_id: string;
  workspace_id: string;
  // Unix seconds.
  expires: number;
}

function signedLines(grant: ExportGrant): string[] {
  return ['crm-export-v1', 'GET', grant.export_id, grant.workspace_id, String(grant.expires)];
}

export function exportUrl(publicUrl: string, key: string, grant: ExportGrant): string {
  const query = new URLSearchParams({
    workspace_id: grant.workspace_id,
    expires: String(grant.expires),
    signature: linkSignature(key, signedLines(grant)),
  });
  return `${publicUrl}/v1/public/files/exports/${grant.export_id}?${query.toString()}`;
}

// The grant of a presented link when one of the accepted keys signed it and it has not expired;
// null otherwise, whatever the reason (every refusal looks alike to the caller).
export function verifyExportUrl(
  keys: readonly string[],
  presented: { export_id: string; workspace_id?: unknown; expires?: unknown; signature?: unknown },
  nowMs: number,
): ExportGrant | null {
  const { workspace_id, expires, signature } = presented;
  if (!isUuid(workspace_id) || !isUuid(presented.export_id) || !isDecimal(expires)) return null;
  const grant: ExportGrant = { export_id: presented.export_id, workspace_id, expires: Number(expires) };
  return validLink(keys, signedLines(grant), signature, grant.expires, nowMs) ? grant : null;
}
