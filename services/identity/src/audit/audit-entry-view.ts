import type { AuditEntryRecord } from './audit-entry.model';

// AuditEntry in the API contract.
export interface AuditEntryView {
  source: string;
  at: string;
  action: string | null;
  object_type: string | null;
  object_id: string | null;
  object_name: string | null;
  actor_type: string;
  actor: string | null;
  summary: string | null;
}

export function auditEntryView(entry: AuditEntryRecord): AuditEntryView {
  return {
    source: entry.source,
    at: entry.at,
    action: entry.action ?? null,
    object_type: entry.object_type ?? null,
    object_id: entry.object_id ?? null,
    object_name: entry.object_name ?? null,
    actor_type: entry.actor_type,
    actor: entry.actor ?? null,
    summary: entry.summary ?? null,
  };
}
