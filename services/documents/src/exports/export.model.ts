import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type RecordOf, type ScopedRecordOf } from '@crm/kit';

export const EXPORT_STATUSES = ['receiving', 'ready'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

// One stored part of an export being received, in the blob store under its own key.
const partFields = {
  blob_key: field.string({ required: true }),
  size_bytes: field.number({ required: true }),
};

export type ExportPart = RecordOf<typeof partFields>;

const partSchema = new Schema<ExportPart>(schemaOf(partFields), { _id: false, versionKey: false });

// A workspace export (crm-core's POST /export): a ZIP kept apart from documents, so it is
// never listed and never counted against the workspace's storage quota. receiving: parts
// arrive one by one; ready: joined into one file behind a download link until expires_at.
const exportFields = {
  _id: field.string({ required: true }),
  file_name: field.string({ required: true }),
  status: field.string<ExportStatus>({ required: true, enum: EXPORT_STATUSES }),
  parts: field.list(partSchema),
  size_bytes: field.number({ required: true, default: 0 }),
  blob_key: field.string({ required: true }),
  created_by: field.string({ default: null }),
  created_at: field.string({ required: true }),
  completed_at: field.string({ default: null }),
  // When the export is removed: an hour after it began while receiving, then the link's expiry.
  expires_at: field.string({ required: true }),
};

export type ExportRecord = ScopedRecordOf<typeof exportFields>;

export const EXPORT_MODEL = 'Export';

const exportSchema = new Schema<ExportRecord>(schemaOf(exportFields), { collection: 'exports', versionKey: false });
exportSchema.plugin(tenantScoped);

export function registerExportModel(connection: Connection): void {
  connection.model(EXPORT_MODEL, exportSchema);
}

export function exportModel(connection: Connection): Model<ExportRecord> {
  return connection.model<ExportRecord>(EXPORT_MODEL);
}
