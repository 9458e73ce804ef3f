import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// marketing's copies of what other services own, for names and defaults on its records: the
// workspace currency (identity), members' names (identity) and lead sources' names (crm-core).
// Each is fed by the owner's events and refreshed by every synchronous check's answer; a copy is
// replaced only by a newer version. Validation never reads them: it asks the owner.

const workspaceCurrencyFields = {
  // The workspace id.
  _id: field.string({ required: true }),
  currency: field.string({ required: true }),
  version: field.number({ required: true }),
};

export type WorkspaceCurrencyRecord = ScopedRecordOf<typeof workspaceCurrencyFields>;

const memberNameFields = {
  // The membership id.
  _id: field.string({ required: true }),
  user_id: field.string({ required: true }),
  name: field.string({ required: true }),
  status: field.string({ required: true }),
  member_version: field.number({ required: true }),
  // The person's version the name comes with; 0 when it came with a membership event.
  name_version: field.number({ required: true }),
};

export type MemberNameRecord = ScopedRecordOf<typeof memberNameFields>;

const sourceNameFields = {
  _id: field.string({ required: true }),
  name: field.string({ required: true }),
  version: field.number({ required: true }),
  deleted: field.boolean({ default: false }),
};

export type SourceNameRecord = ScopedRecordOf<typeof sourceNameFields>;

export const WORKSPACE_CURRENCY_MODEL = 'WorkspaceCurrencyCopy';
export const MEMBER_NAME_MODEL = 'MemberNameCopy';
export const SOURCE_NAME_MODEL = 'SourceNameCopy';

const workspaceCurrencySchema = new Schema<WorkspaceCurrencyRecord>(schemaOf(workspaceCurrencyFields), {
  collection: 'workspace_currencies',
  versionKey: false,
});
workspaceCurrencySchema.plugin(tenantScoped);

const memberNameSchema = new Schema<MemberNameRecord>(schemaOf(memberNameFields), {
  collection: 'member_names',
  versionKey: false,
});
memberNameSchema.plugin(tenantScoped);
memberNameSchema.index({ workspace_id: 1, user_id: 1 });
// A person's rename reaches their memberships in every workspace.
memberNameSchema.index({ user_id: 1 });

const sourceNameSchema = new Schema<SourceNameRecord>(schemaOf(sourceNameFields), {
  collection: 'source_names',
  versionKey: false,
});
sourceNameSchema.plugin(tenantScoped);

export function registerReferenceCopyModels(connection: Connection): void {
  connection.model(WORKSPACE_CURRENCY_MODEL, workspaceCurrencySchema);
  connection.model(MEMBER_NAME_MODEL, memberNameSchema);
  connection.model(SOURCE_NAME_MODEL, sourceNameSchema);
}

export const workspaceCurrencyModel = (connection: Connection): Model<WorkspaceCurrencyRecord> =>
  connection.model<WorkspaceCurrencyRecord>(WORKSPACE_CURRENCY_MODEL);
export const memberNameModel = (connection: Connection): Model<MemberNameRecord> =>
  connection.model<MemberNameRecord>(MEMBER_NAME_MODEL);
export const sourceNameModel = (connection: Connection): Model<SourceNameRecord> =>
  connection.model<SourceNameRecord>(SOURCE_NAME_MODEL);
