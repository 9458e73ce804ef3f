import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

export const DOCUMENT_STATUSES = ['pending', 'ready'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const TARGET_TYPES = ['company', 'contact'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

// A file on a company or contact. pending: created, its upload URL handed out, its size
// reserved against the workspace quota; ready: completed, shown on the record.
const documentFields = {
  _id: field.string({ required: true }),
  target_type: field.string({ enum: TARGET_TYPES, required: true }),
  target_id: field.string({ required: true }),
  name: field.string({ required: true }),
  content_type: field.string({ required: true }),
  size_bytes: field.number({ required: true }),
  status: field.string({ enum: DOCUMENT_STATUSES, required: true }),
  uploaded_by: field.string({ required: true }),
  // A person's name (following their renames), or an API key's name when a key uploaded.
  uploaded_by_name: field.string({ default: null }),
  // Who acted: `user`, or an API key (`agent`, `app`), whose name never follows the person's.
  uploaded_by_actor: field.string({ required: true, default: 'user' }),
  // identity.user.updated's version the name came from; 0 when it came with the request.
  uploaded_by_name_version: field.number({ required: true, default: 0 }),
  // Where the bytes are in the blob store.
  blob_key: field.string({ required: true }),
  // Set when the bytes arrived through the upload URL (before complete).
  checksum_sha256: field.string({ default: null }),
  received_at: field.string({ default: null }),
  // When the upload URL stops working; a pending document is cleaned up after it.
  upload_expires_at: field.string({ required: true }),
  created_at: field.string({ required: true }),
  completed_at: field.string({ default: null }),
  version: field.number({ required: true, default: 1 }),
};

export type DocumentRecord = ScopedRecordOf<typeof documentFields>;

export const DOCUMENT_MODEL = 'Document';

const documentSchema = new Schema<DocumentRecord>(schemaOf(documentFields), {
  collection: 'documents',
  versionKey: false,
});
documentSchema.plugin(tenantScoped);
// A record's files, newest first (GET /documents), and a record's files to move or delete.
documentSchema.index({ workspace_id: 1, target_type: 1, target_id: 1, status: 1, created_at: -1, _id: 1 });
// A person's rename reaches the files they uploaded in every workspace.
documentSchema.index({ uploaded_by: 1, uploaded_by_actor: 1 });

export function registerDocumentModel(connection: Connection): void {
  connection.model(DOCUMENT_MODEL, documentSchema);
}

export function documentModel(connection: Connection): Model<DocumentRecord> {
  return connection.model<DocumentRecord>(DOCUMENT_MODEL);
}
