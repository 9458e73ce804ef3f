import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

// marketing's copies of what other services own, for names and defaults on its records: the
// workspace currency (identity), members' names (identity) and lead sources' names (crm-core).
// Each is fed by the owner's events and refreshed by every synchronous check's answer; a copy is
// replaced only by a newer version. Validation never reads them: it asks the owner.

export interface WorkspaceCurrencyRecord {
  // The workspace id.
  _id: string;
  workspace_id: string;
  currency: string;
  version: number;
}

export interface MemberNameRecord {
  // The membership id.
  _id: string;
  workspace_id: string;
  user_id: string;
  name: string;
  status: string;
  member_version: number;
  // The person's version the name comes with; 0 when it came with a membership event.
  name_version: number;
}

export interface SourceNameRecord {
  _id: string;
  workspace_id: string;
  name: string;
  version: number;
  deleted: boolean;
}

export const WORKSPACE_CURRENCY_MODEL = 'WorkspaceCurrencyCopy';
export const MEMBER_NAME_MODEL = 'MemberNameCopy';
export const SOURCE_NAME_MODEL = 'SourceNameCopy';

const workspaceCurrencySchema = new Schema<WorkspaceCurrencyRecord>(
  {
    _id: { type: String, required: true },
    currency: { type: String, required: true },
    version: { type: Number, required: true },
  },
  { collection: 'workspace_currencies', versionKey: false },
);
workspaceCurrencySchema.plugin(tenantScoped);

const memberNameSchema = new Schema<MemberNameRecord>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    name: { type: String, required: true },
    status: { type: String, required: true },
    member_version: { type: Number, required: true },
    name_version: { type: Number, required: true },
  },
  { collection: 'member_names', versionKey: false },
);
memberNameSchema.plugin(tenantScoped);
memberNameSchema.index({ workspace_id: 1, user_id: 1 });
// A person's rename reaches their memberships in every workspace.
memberNameSchema.index({ user_id: 1 });

const sourceNameSchema = new Schema<SourceNameRecord>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    version: { type: Number, required: true },
    deleted: { type: Boolean, default: false },
  },
  { collection: 'source_names', versionKey: false },
);
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
