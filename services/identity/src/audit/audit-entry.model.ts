import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';
import type { ActorType } from '@crm/bus';

export const AUDIT_SOURCES = ['admin', 'record'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

// One change of a workspace, described from the event that announced it. Only the descriptive
// fields are kept, never the event's whole payload, so no personal data beyond a name or email.
const auditEntryFields = {
  // The event's id: one entry per event.
  _id: field.string({ required: true }),
  event_type: field.string({ required: true }),
  source: field.string({ enum: AUDIT_SOURCES, required: true }),
  // When the change happened (the event's occurred_at), ISO 8601 UTC with microseconds (audit-time.ts).
  at: field.string({ required: true }),
  action: field.string({ default: null }),
  object_type: field.string({ default: null }),
  object_id: field.string({ default: null }),
  object_name: field.string({ default: null }),
  actor_type: field.string<ActorType>({ required: true }),
  actor: field.string({ default: null }),
  summary: field.string({ default: null }),
};

export type AuditEntryRecord = ScopedRecordOf<typeof auditEntryFields>;

export const AUDIT_ENTRY_MODEL = 'AuditEntry';

const auditEntrySchema = new Schema<AuditEntryRecord>(schemaOf(auditEntryFields), {
  collection: 'audit_entries',
  versionKey: false,
});
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
