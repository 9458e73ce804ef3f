import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

// That a contact was erased, and when: the one fact kept besides the contact's id and dates (the
// contact record itself reads as an erased contact, see docs/privacy.md). No personal data.
export interface ErasedContactRecord {
  // The contact's id.
  _id: string;
  workspace_id: string;
  erased_at: string;
}

export const ERASED_CONTACT_MODEL = 'ErasedContact';

const erasedContactSchema = new Schema<ErasedContactRecord>(
  {
    _id: { type: String, required: true },
    erased_at: { type: String, required: true },
  },
  { collection: 'erased_contacts', versionKey: false },
);
erasedContactSchema.plugin(tenantScoped);

export function registerErasedContactModel(connection: Connection): void {
  connection.model(ERASED_CONTACT_MODEL, erasedContactSchema);
}

export function erasedContactModel(connection: Connection): Model<ErasedContactRecord> {
  return connection.model<ErasedContactRecord>(ERASED_CONTACT_MODEL);
}
