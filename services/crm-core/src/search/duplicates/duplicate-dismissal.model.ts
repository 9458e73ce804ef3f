import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// A dismissed group of likely duplicates. The group's key names its members (duplicate-groups),
// so a dismissal hides exactly that membership: when a record joins or leaves, the group has
// another key and is suggested again.
const dismissalFields = {
  _id: field.string({ required: true }),
  version: field.number({ default: 1 }),
  object: field.string<'company' | 'contact'>({ required: true }),
  reason: field.string({ required: true }),
  group: field.string({ required: true }),
  record_ids: field.strings(),
  dismissed_by: field.string({ default: null }),
  dismissed_at: field.string({ required: true }),
};

export type DuplicateDismissalRecord = ScopedRecordOf<typeof dismissalFields>;

export const DUPLICATE_DISMISSAL_MODEL = 'DuplicateDismissal';

const dismissalSchema = new Schema<DuplicateDismissalRecord>(schemaOf(dismissalFields), {
  collection: 'duplicate_dismissals',
  versionKey: false,
});
dismissalSchema.plugin(tenantScoped);
// One dismissal per group; the list looks its groups up by key.
dismissalSchema.index({ workspace_id: 1, group: 1 }, { unique: true });

export function registerDuplicateDismissalModel(connection: Connection): void {
  connection.model(DUPLICATE_DISMISSAL_MODEL, dismissalSchema);
}

export function duplicateDismissalModel(connection: Connection): Model<DuplicateDismissalRecord> {
  return connection.model<DuplicateDismissalRecord>(DUPLICATE_DISMISSAL_MODEL);
}
