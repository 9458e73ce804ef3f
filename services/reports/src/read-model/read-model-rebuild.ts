import type { RecordState } from '@crm/bus';
import { acrossWorkspaces, call, isDuplicateKey, runWithContext } from '@crm/kit';
import { replayV1 } from '@crm/protos';
import { peerClient, type ServiceContext } from '@crm/service-host';
import { dealStepModel, readModel, workspaceSettingsModel, type ReadModelKind } from './read-model.model';
import { bumpGeneration, rememberSettings } from './read-model-consumers';
import { storedState, type StoredState } from './record-states';

// What the rebuild reads of a live deal to record its current stage.
interface DealStep {
  _id: string;
  version: number;
  stage_id: string;
  status?: string;
  created_at: string;
  updated_at?: string;
}

// Rebuilds a workspace's read model from scratch: every kind is dropped and replayed from its
// owner over gRPC, a page at a time (ReplayRecords of crm-core, marketing and identity), keeping
// tombstones so a record deleted meanwhile stays deleted. Events consumed during a rebuild apply
// by version as usual, so the model converges either way. A deal's stage history is what reports
// recorded from events: the owner knows only the current stage, which is added as a step.

const PAGE = 1000;

interface Source {
  peer: 'crm-core' | 'marketing' | 'identity';
  // The entity as the owner's events name it, and the kind reports keeps it as.
  entity: string;
  kind: ReadModelKind;
}

export const REPLAYED: Source[] = [
  { peer: 'crm-core', entity: 'pipeline', kind: 'pipeline' },
  { peer: 'crm-core', entity: 'pipeline_stage', kind: 'stage' },
  { peer: 'crm-core', entity: 'lead_source', kind: 'source' },
  { peer: 'crm-core', entity: 'custom_field', kind: 'custom_field' },
  { peer: 'crm-core', entity: 'company', kind: 'company' },
  { peer: 'crm-core', entity: 'contact', kind: 'contact' },
  { peer: 'crm-core', entity: 'deal', kind: 'deal' },
  { peer: 'crm-core', entity: 'activity', kind: 'activity' },
  { peer: 'crm-core', entity: 'task', kind: 'task' },
  { peer: 'marketing', entity: 'campaign', kind: 'campaign' },
  { peer: 'marketing', entity: 'spend', kind: 'spend' },
  { peer: 'marketing', entity: 'touchpoint', kind: 'touchpoint' },
  { peer: 'identity', entity: 'member', kind: 'member' },
];

interface ReplayPage {
  records: Array<{ id: string; version: number; state_json: string }>;
  next_after_id: string;
}

function replay(
  context: ServiceContext,
  peer: Source['peer'],
  workspaceId: string,
  entity: string,
  afterId: string,
): Promise<ReplayPage> {
  // Every owner serves the one replay contract: only the peer differs.
  const client = peerClient(context, peer, replayV1.RecordReplayServiceClient);
  return call(client.replayRecords.bind(client), {
    workspace_id: workspaceId,
    kind: entity,
    after_id: afterId,
    limit: PAGE,
  });
}

async function* pages(
  context: ServiceContext,
  source: Source,
  workspaceId: string,
): AsyncIterable<Array<RecordState<StoredState>>> {
  let after = '';
  do {
    const page = await replay(context, source.peer, workspaceId, source.entity, after);
    yield page.records.map((record) =>
      storedState(source.kind, {
        id: record.id,
        workspace_id: workspaceId,
        version: record.version,
        state: JSON.parse(record.state_json) as Record<string, unknown>,
      }),
    );
    after = page.next_after_id;
  } while (after !== '');
}

// A page in one bulk write, by the rule of applyRecordState (@crm/bus): a record replaces the
// stored one only when its version is newer; a newer document or tombstone makes the upsert
// collide on _id, which leaves it as it is (stale).
async function applyPage(
  context: ServiceContext,
  kind: ReadModelKind,
  workspaceId: string,
  page: Array<RecordState<StoredState>>,
): Promise<number> {
  if (page.length === 0) return 0;
  const operations = page.map((record) => ({
    replaceOne: {
      filter: { workspace_id: workspaceId, _id: record.id, version: { $lt: record.version } },
      replacement:
        record.state === null
          ? { workspace_id: workspaceId, _id: record.id, version: record.version, deleted: true }
          : { ...record.state, workspace_id: workspaceId, _id: record.id, version: record.version, deleted: false },
      upsert: true,
    },
  }));
  try {
    const result = await readModel(context.connection, kind).bulkWrite(operations as never, { ordered: false });
    return result.modifiedCount + result.upsertedCount;
  } catch (error) {
    const failures = (error as { writeErrors?: unknown[] }).writeErrors;
    if (!Array.isArray(failures) || !failures.every((failure) => isDuplicateKey(failure))) throw error;
    const result = (
      error as { result?: { modifiedCount?: number; upsertedCount?: number; nModified?: number; nUpserted?: number } }
    ).result;
    return (result?.modifiedCount ?? result?.nModified ?? 0) + (result?.upsertedCount ?? result?.nUpserted ?? 0);
  }
}

export interface RebuildReport {
  workspace_id: string;
  applied: number;
  dropped: number;
  ms: number;
}

export async function rebuildWorkspace(context: ServiceContext, workspaceId: string): Promise<RebuildReport> {
  const started = Date.now();
  return runWithContext({ request_id: `rebuild:${workspaceId}`, workspace_id: workspaceId }, async () => {
    let applied = 0;
    let dropped = 0;
    const settings = await replay(context, 'identity', workspaceId, 'workspace', '');
    for (const record of settings.records) {
      const state = JSON.parse(record.state_json) as { settings: { currency: string; timezone: string } };
      await rememberSettings(
        context.connection,
        workspaceId,
        state.settings.currency,
        state.settings.timezone,
        record.version,
      );
    }
    for (const source of REPLAYED) {
      const model = readModel(context.connection, source.kind);
      dropped += (await model.deleteMany({ workspace_id: workspaceId, deleted: false }).exec()).deletedCount;
      for await (const page of pages(context, source, workspaceId))
        applied += await applyPage(context, source.kind, workspaceId, page);
    }
    // Each live deal's current stage as a step of its history.
    const deals = await readModel(context.connection, 'deal')
      .find(
        { workspace_id: workspaceId, deleted: false },
        { stage_id: 1, status: 1, updated_at: 1, created_at: 1, version: 1 },
      )
      .lean<DealStep[]>()
      .exec();
    const steps = dealStepModel(context.connection);
    for (let index = 0; index < deals.length; index += 500) {
      await steps.bulkWrite(
        deals.slice(index, index + 500).map((deal) => ({
          updateOne: {
            filter: { _id: `${deal._id}:${deal.version}`, workspace_id: workspaceId },
            update: {
              $set: {
                deal_id: deal._id,
                version: deal.version,
                stage_id: String(deal.stage_id),
                status: String(deal.status ?? 'open'),
                at: String(deal.version === 1 ? deal.created_at : (deal.updated_at ?? deal.created_at)),
              },
            },
            upsert: true,
          },
        })),
      );
    }
    // Dropped records leave nothing stamped: readers load the workspace anew.
    await bumpGeneration(context.connection, workspaceId);
    return { workspace_id: workspaceId, applied, dropped, ms: Date.now() - started };
  });
}

// Every workspace reports has heard of (from identity's workspace events), or the ones named.
export async function rebuildReadModel(context: ServiceContext, workspaceIds?: string[]): Promise<RebuildReport[]> {
  const ids =
    workspaceIds ??
    (
      await acrossWorkspaces('listing the workspaces to rebuild', () =>
        workspaceSettingsModel(context.connection).find({}, { _id: 1 }).lean<Array<{ _id: string }>>().exec(),
      )
    ).map((row) => row._id);
  const reports: RebuildReport[] = [];
  for (const id of ids) reports.push(await rebuildWorkspace(context, id));
  return reports;
}
