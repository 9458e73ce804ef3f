import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// That a contact was erased, and when: the one fact kept besides the contact's id and dates (the
// contact record itself reads as an erased contact, see docs/privacy.md). No personal data.
const erasedContactFields = {
  // The contact's id.
  _id: field.string({ required: true }),
  erased_at: field.string({ required: true }),
};

export type ErasedContactRecord = ScopedRecordOf<typeof erasedContactFields>;

export const ERASED_CONTACT_MODEL = 'ErasedContact';

const erasedContactSchema = new Schema<ErasedContactRecord>(schemaOf(erasedContactFields), {
  collection: 'erased_contacts',
  versionKey: false,
});
erasedContactSchema.plugin(tenantScoped);

export function registerErasedContactModel(connection: Connection): void {
  connection.model(ERASED_CONTACT_MODEL, erasedContactSchema);
}

export function erasedContactModel(connection: Connection): Model<ErasedContactRecord> {
  return connection.model<ErasedContactRecord>(ERASED_CONTACT_MODEL);
}
