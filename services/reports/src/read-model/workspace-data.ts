import { call } from '@crm/kit';
import { identityV1 } from '@crm/protos';
import { peerClient, type ServiceContext } from '@crm/service-host';
import { dealStepModel, readModel, revisionModel, workspaceSettingsModel, type DealStepRecord, type ReadModelKind, type ReadRecord } from './read-model.model';
import { rememberSettings } from './read-model-consumers';

// A workspace's read model as the reports read it: every live record of each kind, loaded once
// and kept while the workspace's revision (bumped by every applied change) stays the same. A
// report over 100,000 deals then groups records already in memory instead of reading them
// again; any change since the last load (on this replica or another) loads the workspace anew.

export interface WorkspaceSettings {
  currency: string;
  timezone: string;
}

export interface WorkspaceData {
  workspaceId: string;
  revision: number;
  settings: WorkspaceSettings;
  records: Record<ReadModelKind, ReadRecord[]>;
  byId: Record<ReadModelKind, Map<string, ReadRecord>>;
  // Each live deal's steps, oldest version first.
  dealSteps: Map<string, DealStepRecord[]>;
  // Member names by user id (owners, assignees, actors are user ids).
  memberNames: Map<string, string | null>;
}

const KINDS: ReadModelKind[] = ['company', 'contact', 'deal', 'activity', 'task', 'touchpoint', 'spend', 'campaign', 'pipeline', 'stage', 'source', 'custom_field', 'member'];

// Workspaces kept in memory at once, the most recently read last.
const CACHED_WORKSPACES = 8;

interface CacheEntry {
  data: WorkspaceData;
}

const caches = new WeakMap<ServiceContext, Map<string, CacheEntry>>();
const loading = new WeakMap<ServiceContext, Map<string, Promise<WorkspaceData>>>();

async function settingsOf(context: ServiceContext, workspaceId: string): Promise<WorkspaceSettings> {
  const copy = await workspaceSettingsModel(context.connection).findOne({ _id: workspaceId, workspace_id: workspaceId }).lean().exec();
  if (copy) return { currency: copy.currency, timezone: copy.timezone };
  // A workspace whose created event has not arrived yet (or came before reports existed).
  const client = peerClient(context, 'identity', identityV1.IdentityServiceClient);
  const answer = await call(client.getWorkspace.bind(client), { workspace_id: workspaceId });
  const settings = { currency: answer.settings?.currency ?? 'GBP', timezone: answer.settings?.timezone ?? 'UTC' };
  await rememberSettings(context.connection, workspaceId, settings.currency, settings.timezone, answer.version);
  return settings;
}

async function load(context: ServiceContext, workspaceId: string, revision: number): Promise<WorkspaceData> {
  const { connection } = context;
  const [settings, steps, ...lists] = await Promise.all([
    settingsOf(context, workspaceId),
    dealStepModel(connection).find({ workspace_id: workspaceId }).lean<DealStepRecord[]>().exec(),
    ...KINDS.map((kind) => readModel(connection, kind).find({ workspace_id: workspaceId, deleted: false }).lean<ReadRecord[]>().exec()),
  ]);
  const records = {} as Record<ReadModelKind, ReadRecord[]>;
  const byId = {} as Record<ReadModelKind, Map<string, ReadRecord>>;
  KINDS.forEach((kind, index) => {
    records[kind] = lists[index]!;
    byId[kind] = new Map(lists[index]!.map((record) => [record._id, record]));
  });
  const dealSteps = new Map<string, DealStepRecord[]>();
  for (const step of steps) {
    if (!byId.deal.has(step.deal_id)) continue;
    const list = dealSteps.get(step.deal_id);
    if (list) list.push(step);
    else dealSteps.set(step.deal_id, [step]);
  }
  for (const list of dealSteps.values()) list.sort((a, b) => a.version - b.version);
  const memberNames = new Map(records.member.map((member) => [String(member.user_id), (member.name as string | null) ?? null]));
  return { workspaceId, revision, settings, records, byId, dealSteps, memberNames };
}

export async function workspaceData(context: ServiceContext, workspaceId: string): Promise<WorkspaceData> {
  let cache = caches.get(context);
  if (!cache) caches.set(context, (cache = new Map()));
  let pending = loading.get(context);
  if (!pending) loading.set(context, (pending = new Map()));
  // The revision first: what is loaded after it is at least as new.
  const row = await revisionModel(context.connection).findOne({ _id: workspaceId, workspace_id: workspaceId }).lean().exec();
  const revision = row?.revision ?? 0;
  const cached = cache.get(workspaceId);
  if (cached && cached.data.revision === revision) {
    cache.delete(workspaceId);
    cache.set(workspaceId, cached);
    return cached.data;
  }
  const key = `${workspaceId}:${revision}`;
  let loadingNow = pending.get(key);
  if (!loadingNow) {
    loadingNow = load(context, workspaceId, revision).finally(() => pending!.delete(key));
    pending.set(key, loadingNow);
  }
  const data = await loadingNow;
  cache.delete(workspaceId);
  cache.set(workspaceId, { data });
  while (cache.size > CACHED_WORKSPACES) cache.delete(cache.keys().next().value as string);
  return data;
}
