import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';
import type { RecentType } from './recent.operations';

// One record a member visited, once per record: a new visit moves visited_at.
export interface RecentVisitRecord {
  _id: string;
  workspace_id: string;
  user_id: string;
  type: RecentType;
  record_id: string;
  visited_at: string;
}

export const RECENT_VISIT_MODEL = 'RecentVisit';

const recentVisitSchema = new Schema<RecentVisitRecord>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    type: { type: String, required: true },
    record_id: { type: String, required: true },
    visited_at: { type: String, required: true },
  },
  { collection: 'recent_visits', versionKey: false },
);
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
