import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';
import type { ReportDefinition } from '../engine/report-definition';

export interface SavedReportRecord {
  _id: string;
  workspace_id: string;
  name: string;
  // Stored with its defaults filled in.
  definition: ReportDefinition;
  shared: boolean;
  // The member who saved it (user id): theirs to change, or an admin's when shared.
  owner_id: string;
  // The name when saved; reads prefer the member's current name.
  owner_name: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

// A saved report on one member's Home page.
export interface ReportPinRecord {
  _id: string;
  workspace_id: string;
  saved_report_id: string;
  user_id: string;
  version: number;
  created_at: string;
}

const savedReportSchema = new Schema<SavedReportRecord>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    definition: { type: Schema.Types.Mixed, required: true },
    shared: { type: Boolean, required: true },
    owner_id: { type: String, required: true },
    owner_name: { type: String, default: null },
    version: { type: Number, required: true },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'saved_reports', versionKey: false, minimize: false },
);
savedReportSchema.plugin(tenantScoped);
savedReportSchema.index({ workspace_id: 1, created_at: 1 });

const reportPinSchema = new Schema<ReportPinRecord>(
  {
    _id: { type: String, required: true },
    saved_report_id: { type: String, required: true },
    user_id: { type: String, required: true },
    version: { type: Number, required: true },
    created_at: { type: String, required: true },
  },
  { collection: 'report_pins', versionKey: false },
);
reportPinSchema.plugin(tenantScoped);
// One pin per member and report, also between concurrent requests.
reportPinSchema.index({ workspace_id: 1, saved_report_id: 1, user_id: 1 }, { unique: true });

export function registerSavedReportModels(connection: Connection): void {
  connection.model('SavedReport', savedReportSchema);
  connection.model('ReportPin', reportPinSchema);
}

export const savedReportModel = (connection: Connection): Model<SavedReportRecord> =>
  connection.model<SavedReportRecord>('SavedReport');
export const reportPinModel = (connection: Connection): Model<ReportPinRecord> =>
  connection.model<ReportPinRecord>('ReportPin');
