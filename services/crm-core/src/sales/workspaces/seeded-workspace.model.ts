import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// One row per workspace whose catalogue has been seeded, written in the seeding transaction.
// Its unique _id (the workspace id) is what makes seeding happen once: a second seeder, in
// another request or another replica, is refused and reads the winner's catalogue. It outlives
// the seeded records themselves, so a workspace whose admin deleted a seeded pipeline or source
// is never seeded again.
const seededWorkspaceFields = {
  _id: field.string({ required: true }),
  seeded_at: field.string({ required: true }),
};

export type SeededWorkspaceRecord = ScopedRecordOf<typeof seededWorkspaceFields>;

export const SEEDED_WORKSPACE_MODEL = 'SeededWorkspace';

const seededWorkspaceSchema = new Schema<SeededWorkspaceRecord>(schemaOf(seededWorkspaceFields), {
  collection: 'seeded_workspaces',
  versionKey: false,
});
seededWorkspaceSchema.plugin(tenantScoped);

export function registerSeededWorkspaceModel(connection: Connection): void {
  connection.model(SEEDED_WORKSPACE_MODEL, seededWorkspaceSchema);
}

export function seededWorkspaceModel(connection: Connection): Model<SeededWorkspaceRecord> {
  return connection.model<SeededWorkspaceRecord>(SEEDED_WORKSPACE_MODEL);
}
