import { Schema, type ClientSession, type Connection } from 'mongoose';
import { tenantScoped } from '@crm/kit';

// A row per workspace that a transaction writes before it checks a rule by counting (a plan's
// seats or records, "one contact per email"): two such transactions at once then conflict, and
// the one retried counts what the other wrote, so parallel requests cannot pass the rule together.
// Each service names its own guard; the count in the row is a write each, nothing reads it.
interface WorkspaceGuardRecord {
  // The workspace id.
  _id: string;
  workspace_id: string;
  checks: number;
}

export interface WorkspaceGuard {
  register(connection: Connection): void;
  // In the transaction, before the counting read.
  take(connection: Connection, transaction: ClientSession, workspaceId: string): Promise<void>;
}

export function workspaceGuard(modelName: string, collection: string): WorkspaceGuard {
  const schema = new Schema<WorkspaceGuardRecord>(
    {
      _id: { type: String, required: true },
      checks: { type: Number, default: 0 },
    },
    { collection, versionKey: false },
  );
  schema.plugin(tenantScoped);
  return {
    register: (connection) => {
      connection.model(modelName, schema);
    },
    take: async (connection, transaction, workspaceId) => {
      await connection
        .model<WorkspaceGuardRecord>(modelName)
        .updateOne(
          { _id: workspaceId, workspace_id: workspaceId },
          { $inc: { checks: 1 } },
          { upsert: true, session: transaction },
        );
    },
  };
}
