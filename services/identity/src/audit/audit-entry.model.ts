import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';
import type { ActorType } from '@crm/bus';

export const AUDIT_SOURCES = ['admin', 'record'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

// One change of a workspace, described from the event that announced it. Only the descriptive
// fields are kept, never the event's whole payload, so no personal data beyond a name or email.
export interface AuditEntryRecord {
  // The event's id: one entry per event.
  _id: string;
  workspace_id: string;
  event_type: string;
  source: AuditSource;
  // When the change happened (the event's occurred_at), ISO 8601 UTC with microseconds (audit-time.ts).
  at: string;
  action: string | null;
  object_type: string | null;
  object_id: string | null;
  object_name: string | null;
  actor_type: ActorType;
  actor: string | null;
  summary: string | null;
}

export const AUDIT_ENTRY_MODEL = 'AuditEntry';

const auditEntrySchema = new Schema<AuditEntryRecord>(
  {
    _id: { type: String, required: true },
    event_type: { type: String, required: true },
    source: { type: String, enum: AUDIT_SOURCES, required: true },
    at: { type: String, required: true },
    action: { type: String, default: null },
    object_type: { type: String, default: null },
    object_id: { type: String, default: null },
    object_name: { type: String, default: null },
    actor_type: { type: String, required: true },
    actor: { type: String, default: null },
    summary: { type: String, default: null },
  },
  { collection: 'audit_entries', versionKey: false },
);
auditEntrySchema.plugin(tenantScoped);
// The list (newest first, optionally by source) and the erasure of one object's names.
auditEntrySchema.index({ workspace_id: 1, at: -1, _id: -1 });
auditEntrySchema.index({ workspace_id: 1, source: 1, at: -1, _id: -1 });
auditEntrySchema.index({ workspace_id: 1, object_type: 1, object_id: 1 });

export function registerAuditEntryModel(connection: Connection): void {
  connection.model(AUDIT_ENTRY_MODEL, auditEntrySchema);
}

export function auditEntryModel(connection: Connection): Model<AuditEntryRecord> {
  return connection.model<AuditEntryRecord>(AUDIT_ENTRY_MODEL);
}
