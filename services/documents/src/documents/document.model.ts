import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export const DOCUMENT_STATUSES = ['pending', 'ready'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const TARGET_TYPES = ['company', 'contact'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

// A file on a company or contact. pending: created, its upload URL handed out, its size
// reserved against the workspace quota; ready: completed, shown on the record.
export interface DocumentRecord {
  _id: string;
  workspace_id: string;
  target_type: TargetType;
  target_id: string;
  name: string;
  content_type: string;
  size_bytes: number;
  status: DocumentStatus;
  uploaded_by: string;
  // A person's name (following their renames), or an API key's name when a key uploaded.
  uploaded_by_name: string | null;
  // Who acted: `user`, or an API key (`agent`, `app`), whose name never follows the person's.
  uploaded_by_actor: string;
  // identity.user.updated's version the name came from; 0 when it came with the request.
  uploaded_by_name_version: number;
  // Where the bytes are in the blob store.
  blob_key: string;
  // Set when the bytes arrived through the upload URL (before complete).
  checksum_sha256: string | null;
  received_at: string | null;
  // When the upload URL stops working; a pending document is cleaned up after it.
  upload_expires_at: string;
  created_at: string;
  completed_at: string | null;
  version: number;
}

export const DOCUMENT_MODEL = 'Document';

const documentSchema = new Schema<DocumentRecord>(
  {
    _id: { type: String, required: true },
    target_type: { type: String, enum: TARGET_TYPES, required: true },
    target_id: { type: String, required: true },
    name: { type: String, required: true },
    content_type: { type: String, required: true },
    size_bytes: { type: Number, required: true },
    status: { type: String, enum: DOCUMENT_STATUSES, required: true },
    uploaded_by: { type: String, required: true },
    uploaded_by_name: { type: String, default: null },
    uploaded_by_actor: { type: String, required: true, default: 'user' },
    uploaded_by_name_version: { type: Number, required: true, default: 0 },
    blob_key: { type: String, required: true },
    checksum_sha256: { type: String, default: null },
    received_at: { type: String, default: null },
    upload_expires_at: { type: String, required: true },
    created_at: { type: String, required: true },
    completed_at: { type: String, default: null },
    version: { type: Number, required: true, default: 1 },
  },
  { collection: 'documents', versionKey: false },
);
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
