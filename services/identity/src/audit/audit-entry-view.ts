import type { AuditEntryRecord } from './audit-entry.model';
import type { AuditEntryView } from './audit.operations';

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
