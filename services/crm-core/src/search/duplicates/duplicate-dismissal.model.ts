import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

// A dismissed group of likely duplicates. The group's key names its members (duplicate-groups),
// so a dismissal hides exactly that membership: when a record joins or leaves, the group has
// another key and is suggested again.
export interface DuplicateDismissalRecord {
  _id: string;
  version: number;
  workspace_id: string;
  object: 'company' | 'contact';
  reason: string;
  group: string;
  record_ids: string[];
  dismissed_by: string | null;
  dismissed_at: string;
}

export const DUPLICATE_DISMISSAL_MODEL = 'DuplicateDismissal';

const dismissalSchema = new Schema<DuplicateDismissalRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    object: { type: String, required: true },
    reason: { type: String, required: true },
    group: { type: String, required: true },
    record_ids: { type: [String], default: [] },
    dismissed_by: { type: String, default: null },
    dismissed_at: { type: String, required: true },
  },
  { collection: 'duplicate_dismissals', versionKey: false },
);
dismissalSchema.plugin(tenantScoped);
// One dismissal per group; the list looks its groups up by key.
dismissalSchema.index({ workspace_id: 1, group: 1 }, { unique: true });

export function registerDuplicateDismissalModel(connection: Connection): void {
  connection.model(DUPLICATE_DISMISSAL_MODEL, dismissalSchema);
}

export function duplicateDismissalModel(connection: Connection): Model<DuplicateDismissalRecord> {
  return connection.model<DuplicateDismissalRecord>(DUPLICATE_DISMISSAL_MODEL);
}
