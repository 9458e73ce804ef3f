import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';
import type { RecentType } from './recent.operations';

// One record a member visited, once per record: a new visit moves visited_at.
const recentVisitFields = {
  _id: field.string({ required: true }),
  user_id: field.string({ required: true }),
  type: field.string<RecentType>({ required: true }),
  record_id: field.string({ required: true }),
  visited_at: field.string({ required: true }),
};

export type RecentVisitRecord = ScopedRecordOf<typeof recentVisitFields>;

export const RECENT_VISIT_MODEL = 'RecentVisit';

const recentVisitSchema = new Schema<RecentVisitRecord>(schemaOf(recentVisitFields), {
  collection: 'recent_visits',
  versionKey: false,
});
recentVisitSchema.plugin(tenantScoped);
// A record once per member: a second visit updates the first.
recentVisitSchema.index({ workspace_id: 1, user_id: 1, type: 1, record_id: 1 }, { unique: true });
// The member's list, newest first, and the trim past the cap.
recentVisitSchema.index({ workspace_id: 1, user_id: 1, visited_at: -1, _id: -1 });

export function registerRecentVisitModel(connection: Connection): void {
  connection.model(RECENT_VISIT_MODEL, recentVisitSchema);
}

export function recentVisitModel(connection: Connection): Model<RecentVisitRecord> {
  return connection.model<RecentVisitRecord>(RECENT_VISIT_MODEL);
}
