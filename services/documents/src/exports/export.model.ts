import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export const EXPORT_STATUSES = ['receiving', 'ready'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

// One stored part of an export being received, in the blob store under its own key.
export interface ExportPart {
  blob_key: string;
  size_bytes: number;
}

// A workspace export (crm-core's POST /export): a ZIP kept apart from documents, so it is
// never listed and never counted against the workspace's storage quota. receiving: parts
// arrive one by one; ready: joined into one file behind a download link until expires_at.
export interface ExportRecord {
  _id: string;
  workspace_id: string;
  file_name: string;
  status: ExportStatus;
  parts: ExportPart[];
  size_bytes: number;
  blob_key: string;
  created_by: string | null;
  created_at: string;
  completed_at: string | null;
  // When the export is removed: an hour after it began while receiving, then the link's expiry.
  expires_at: string;
}

export const EXPORT_MODEL = 'Export';

const exportSchema = new Schema<ExportRecord>(
  {
    _id: { type: String, required: true },
    file_name: { type: String, required: true },
    status: { type: String, enum: EXPORT_STATUSES, required: true },
    parts: {
      type: [{ _id: false, blob_key: { type: String, required: true }, size_bytes: { type: Number, required: true } }],
      default: [],
    },
    size_bytes: { type: Number, required: true, default: 0 },
    blob_key: { type: String, required: true },
    created_by: { type: String, default: null },
    created_at: { type: String, required: true },
    completed_at: { type: String, default: null },
    expires_at: { type: String, required: true },
  },
  { collection: 'exports', versionKey: false },
);
exportSchema.plugin(tenantScoped);

export function registerExportModel(connection: Connection): void {
  connection.model(EXPORT_MODEL, exportSchema);
}

export function exportModel(connection: Connection): Model<ExportRecord> {
  return connection.model<ExportRecord>(EXPORT_MODEL);
}
