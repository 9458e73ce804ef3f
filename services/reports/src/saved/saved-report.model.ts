import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';
import type { ReportDefinition } from '../engine/report-definition';

const savedReportFields = {
  _id: field.string({ required: true }),
  name: field.string({ required: true }),
  // Stored with its defaults filled in.
  definition: field.mixed<ReportDefinition>({ required: true }),
  shared: field.boolean({ required: true }),
  // The member who saved it (user id): theirs to change, or an admin's when shared.
  owner_id: field.string({ required: true }),
  // The name when saved; reads prefer the member's current name.
  owner_name: field.string({ default: null }),
  version: field.number({ required: true }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type SavedReportRecord = ScopedRecordOf<typeof savedReportFields>;

// A saved report on one member's Home page.
const reportPinFields = {
  _id: field.string({ required: true }),
  saved_report_id: field.string({ required: true }),
  user_id: field.string({ required: true }),
  version: field.number({ required: true }),
  created_at: field.string({ required: true }),
};

export type ReportPinRecord = ScopedRecordOf<typeof reportPinFields>;

const savedReportSchema = new Schema<SavedReportRecord>(schemaOf(savedReportFields), {
  collection: 'saved_reports',
  versionKey: false,
  minimize: false,
});
savedReportSchema.plugin(tenantScoped);
savedReportSchema.index({ workspace_id: 1, created_at: 1 });

const reportPinSchema = new Schema<ReportPinRecord>(schemaOf(reportPinFields), {
  collection: 'report_pins',
  versionKey: false,
});
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
