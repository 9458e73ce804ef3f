import { Schema, type Connection, type Model } from 'mongoose';
import { dropProcessedEventPairIndex } from '@crm/bus';
import { dropRedundantWorkspaceIndexes, globalCollection, isoNow } from '@crm/kit';
import type { ServiceContext } from './service-context';

// A change to data an earlier version stored, run at start before the service answers requests
// or consumes events. It must be idempotent: replicas starting together may both run it, and one
// interrupted part-way runs again at the next start. Once finished it is remembered by name and
// not run again.
export interface DataUpgrade {
  // Unique within the service and never reused.
  name: string;
  // What it changes, for the log line it leaves.
  description: string;
  // Answers how many records it changed.
  run(context: ServiceContext): Promise<number>;
}

interface AppliedUpgradeRow {
  _id: string;
  applied_at: string;
  changed: number;
}

const APPLIED_UPGRADE_MODEL = 'AppliedDataUpgrade';

const appliedUpgradeSchema = new Schema<AppliedUpgradeRow>(
  {
    _id: { type: String, required: true },
    applied_at: { type: String, required: true },
    changed: { type: Number, required: true },
  },
  { collection: 'data_upgrades', versionKey: false },
);
appliedUpgradeSchema.plugin(globalCollection, {
  reason: "the service's record of which upgrades of its stored data have run; about no one workspace",
});

export function appliedUpgradeModel(connection: Connection): Model<AppliedUpgradeRow> {
  const existing = connection.models[APPLIED_UPGRADE_MODEL] as Model<AppliedUpgradeRow> | undefined;
  return existing ?? connection.model<AppliedUpgradeRow>(APPLIED_UPGRADE_MODEL, appliedUpgradeSchema);
}

// Runs, in order, the upgrades not yet recorded as applied, and records each once it finished.
export async function applyDataUpgrades(context: ServiceContext, upgrades: readonly DataUpgrade[]): Promise<void> {
  if (upgrades.length === 0) return;
  const model = appliedUpgradeModel(context.connection);
  const names = upgrades.map((upgrade) => upgrade.name);
  if (new Set(names).size !== names.length) throw new Error(`${context.name}: two data upgrades share a name`);
  const applied = new Set(
    (
      await model
        .find({ _id: { $in: names } }, { _id: 1 })
        .lean<Array<Pick<AppliedUpgradeRow, '_id'>>>()
        .exec()
    ).map((row) => row._id),
  );
  for (const upgrade of upgrades) {
    if (applied.has(upgrade.name)) continue;
    const changed = await upgrade.run(context);
    await model
      .updateOne({ _id: upgrade.name }, { $setOnInsert: { applied_at: isoNow(), changed } }, { upsert: true })
      .exec();
    context.logger.info({ upgrade: upgrade.name, changed }, `data upgrade applied: ${upgrade.description}`);
  }
}

// Upgrades of what every service stores through the host (its consumers' bookkeeping), run before
// the service's own.
export const HOST_UPGRADES: readonly DataUpgrade[] = [
  {
    name: 'host.processed-events-pair-index',
    description: "processed-event ids without the index that repeated their _id's uniqueness",
    run: (context) => dropProcessedEventPairIndex(context.connection),
  },
  {
    name: 'host.workspace-id-indexes',
    description: 'no index of workspace_id alone where another index starts with it',
    run: (context) => dropRedundantWorkspaceIndexes(context.connection),
  },
];
