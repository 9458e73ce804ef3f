import { call } from '@crm/kit';
import { identityV1 } from '@crm/protos';
import { peerClient, type ServiceContext } from '@crm/service-host';
import {
  dealStepModel,
  readModel,
  revisionModel,
  workspaceSettingsModel,
  type DealStepRecord,
  type ReadModelKind,
  type ReadRecord,
  type RevisionRecord,
} from './read-model.model';
import { deriveKeyColumns } from './key-columns';
import { rememberSettings } from './read-model-consumers';
import { shareValues, type SharedValues } from './shared-values';

// A workspace's read model as the reports read it: every live record of each kind, loaded once
// and kept in memory. Each request reads the workspace's change sequence (one key read); when it
// moved past what this process applied, only the records stamped since are read (an index on
// workspace and sequence number) and applied, so a change made on this replica or another is seen
// by the next report without loading the workspace again. A rebuild or new settings (the
// sequence's generation) load it anew.
//
// Each application makes a new WorkspaceData with new arrays of the kinds that changed (answers
// and key columns are kept by those, see keptAnswer and key-columns.ts), while the id maps are
// the kept ones, changed in place: copying a map of 100,000 companies for every few hundred that
// arrived cost more than the report asked for. So an older WorkspaceData's arrays stay as they
// were and its maps show the latest records: reports compute over the data they were given
// without waiting on anything, and what is looked up after a wait (a member's name) is the newest.

export interface WorkspaceSettings {
  currency: string;
  timezone: string;
}

export interface WorkspaceData {
  workspaceId: string;
  // The sequence number up to which every change is in (see RevisionRecord).
  applied: number;
  settings: WorkspaceSettings;
  records: Record<ReadModelKind, ReadRecord[]>;
  byId: Record<ReadModelKind, Map<string, ReadRecord>>;
  // Each live deal's steps, oldest version first.
  dealSteps: Map<string, DealStepRecord[]>;
  // Member names by user id (owners, assignees, actors are user ids).
  memberNames: Map<string, string | null>;
  // One copy of each value the records repeat (shared-values.ts).
  values: SharedValues;
}

const KINDS: ReadModelKind[] = [
  'company',
  'contact',
  'deal',
  'activity',
  'task',
  'touchpoint',
  'spend',
  'campaign',
  'pipeline',
  'stage',
  'source',
  'custom_field',
  'member',
];

// Workspaces kept in memory at once, the most recently read last.
const CACHED_WORKSPACES = 8;

interface CacheEntry {
  data: WorkspaceData;
  generation: number;
}

// How often this process loaded a workspace whole and read changes since (per workspace cache):
// what the tests and the benchmark watch.
export interface WorkspaceReads {
  loads: number;
  refreshes: number;
  changedRecords: number;
}

// What one reports service keeps of its read model: the workspaces in memory, the reads in flight
// and the counters. Made once per start by the reports runtime (reports-runtime.ts) and passed to
// whatever reads a workspace's data.
export interface WorkspaceCache {
  context: ServiceContext;
  entries: Map<string, CacheEntry>;
  loading: Map<string, Promise<CacheEntry>>;
  reads: WorkspaceReads;
}

export function createWorkspaceCache(context: ServiceContext): WorkspaceCache {
  return { context, entries: new Map(), loading: new Map(), reads: { loads: 0, refreshes: 0, changedRecords: 0 } };
}

// Answers computed from a workspace's data are kept with that data object: it is a new object
// whenever the workspace changed, so a kept answer is reused only while it is still right. A few
// per workspace (the oldest goes first); each caller gets a copy of its own.
const ANSWERS_KEPT = 32;
const answers = new WeakMap<WorkspaceData, Map<string, unknown>>();

export function keptAnswer<T>(data: WorkspaceData, key: string, compute: () => T): T {
  let kept = answers.get(data);
  if (!kept) answers.set(data, (kept = new Map<string, unknown>()));
  if (!kept.has(key)) {
    if (kept.size >= ANSWERS_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(key, compute());
  }
  return structuredClone(kept.get(key) as T);
}

export function workspaceReads(workspaceCache: WorkspaceCache): WorkspaceReads {
  return workspaceCache.reads;
}

async function settingsOf(context: ServiceContext, workspaceId: string): Promise<WorkspaceSettings> {
  const copy = await workspaceSettingsModel(context.connection)
    .findOne({ _id: workspaceId, workspace_id: workspaceId })
    .lean()
    .exec();
  if (copy) return { currency: copy.currency, timezone: copy.timezone };
  // A workspace whose created event has not arrived yet (or came before reports existed).
  const client = peerClient(context, 'identity', identityV1.IdentityServiceClient);
  const answer = await call(client.getWorkspace.bind(client), { workspace_id: workspaceId });
  const settings = { currency: answer.settings?.currency ?? 'GBP', timezone: answer.settings?.timezone ?? 'UTC' };
  await rememberSettings(context.connection, workspaceId, settings.currency, settings.timezone, answer.version);
  return settings;
}

function memberNamesOf(members: ReadRecord[]): Map<string, string | null> {
  return new Map(members.map((member) => [String(member.user_id), (member.name as string | null) ?? null]));
}

async function load(workspaceCache: WorkspaceCache, workspaceId: string, applied: number): Promise<WorkspaceData> {
  const { context } = workspaceCache;
  const { connection } = context;
  workspaceReads(workspaceCache).loads += 1;
  const [settings, steps, ...lists] = await Promise.all([
    settingsOf(context, workspaceId),
    dealStepModel(connection).find({ workspace_id: workspaceId }).lean<DealStepRecord[]>().exec(),
    ...KINDS.map((kind) =>
      readModel(connection, kind).find({ workspace_id: workspaceId, deleted: false }).lean<ReadRecord[]>().exec(),
    ),
  ]);
  const values: SharedValues = new Map();
  const records = {} as Record<ReadModelKind, ReadRecord[]>;
  const byId = {} as Record<ReadModelKind, Map<string, ReadRecord>>;
  KINDS.forEach((kind, index) => {
    for (const record of lists[index]) shareValues(record, values);
    records[kind] = lists[index]!;
    byId[kind] = new Map(lists[index].map((record) => [record._id, record]));
  });
  const dealSteps = new Map<string, DealStepRecord[]>();
  for (const step of steps) {
    if (!byId.deal.has(step.deal_id)) continue;
    shareValues(step, values);
    const list = dealSteps.get(step.deal_id);
    if (list) list.push(step);
    else dealSteps.set(step.deal_id, [step]);
  }
  for (const list of dealSteps.values()) list.sort((a, b) => a.version - b.version);
  return {
    workspaceId,
    applied,
    settings,
    records,
    byId,
    dealSteps,
    memberNames: memberNamesOf(records.member),
    values,
  };
}

// The records (tombstones included) and deal steps stamped after `after`, applied: kinds without
// changes share their arrays with the previous copy; the id maps change in place (see above).
async function refresh(
  workspaceCache: WorkspaceCache,
  previous: WorkspaceData,
  after: number,
  applied: number,
): Promise<WorkspaceData> {
  const { connection } = workspaceCache.context;
  const workspaceId = previous.workspaceId;
  const [steps, ...lists] = await Promise.all([
    dealStepModel(connection)
      .find({ workspace_id: workspaceId, seq: { $gt: after } })
      .lean<DealStepRecord[]>()
      .exec(),
    ...KINDS.map((kind) =>
      readModel(connection, kind)
        .find({ workspace_id: workspaceId, seq: { $gt: after } })
        .lean<ReadRecord[]>()
        .exec(),
    ),
  ]);
  const counters = workspaceReads(workspaceCache);
  counters.refreshes += 1;
  const records = { ...previous.records };
  KINDS.forEach((kind, index) => {
    const changed = lists[index];
    if (changed.length === 0) return;
    counters.changedRecords += changed.length;
    const kept = previous.byId[kind];
    // Told apart before the map changes: records that replace a kept one, and new ones.
    const replaced = new Map<string, ReadRecord>();
    const added: ReadRecord[] = [];
    let removed = false;
    for (const record of changed) {
      if (record.deleted) {
        removed = kept.delete(record._id) || removed;
        continue;
      }
      shareValues(record, previous.values);
      if (kept.has(record._id)) replaced.set(record._id, record);
      else added.push(record);
      kept.set(record._id, record);
    }
    if (removed) {
      records[kind] = [...kept.values()];
      return;
    }
    // Nothing left: changed records take their old places, new ones go last (the Map's order
    // too), and the kept group keys carry over to the new copy.
    const next = previous.records[kind].slice();
    const positions: number[] = [];
    if (replaced.size > 0) {
      for (let position = 0; position < next.length; position++) {
        const replacement = replaced.get(next[position]._id);
        if (replacement) {
          next[position] = replacement;
          positions.push(position);
        }
      }
    }
    for (const record of added) next.push(record);
    deriveKeyColumns(previous.records[kind], next, positions);
    records[kind] = next;
  });
  const byId = previous.byId;
  let dealSteps = previous.dealSteps;
  if (steps.length > 0 || lists[KINDS.indexOf('deal')].length > 0) {
    dealSteps = new Map(previous.dealSteps);
    for (const step of steps) {
      if (!byId.deal.has(step.deal_id)) continue;
      shareValues(step, previous.values);
      const list = (dealSteps.get(step.deal_id) ?? []).filter((known) => known._id !== step._id);
      list.push(step);
      list.sort((a, b) => a.version - b.version);
      dealSteps.set(step.deal_id, list);
    }
    // A deal that left takes its history with it.
    for (const deal of lists[KINDS.indexOf('deal')]) if (deal.deleted) dealSteps.delete(deal._id);
  }
  const memberNames = records.member === previous.records.member ? previous.memberNames : memberNamesOf(records.member);
  return { ...previous, applied, records, byId, dealSteps, memberNames };
}

export async function workspaceData(workspaceCache: WorkspaceCache, workspaceId: string): Promise<WorkspaceData> {
  const { context, entries: cache, loading: pending } = workspaceCache;
  // The sequence first: what is read after it is at least as new.
  const row = await revisionModel(context.connection)
    .findOne({ _id: workspaceId, workspace_id: workspaceId })
    .lean<RevisionRecord>()
    .exec();
  const seq = row?.seq ?? 0;
  const generation = row?.generation ?? 0;
  // Every change up to `complete` is written: all of them when none is in flight now, else up
  // to the last moment none was. Changes past it may be read now and are read again next time.
  const complete = (row?.settled ?? 0) === seq ? seq : (row?.stable ?? 0);
  const cached = cache.get(workspaceId);
  if (cached && cached.generation === generation && cached.data.applied === seq && complete === seq) {
    cache.delete(workspaceId);
    cache.set(workspaceId, cached);
    return cached.data;
  }
  // One read per workspace at a time; a request arriving meanwhile waits for it, then checks again.
  const inFlight = pending.get(workspaceId);
  if (inFlight) {
    await inFlight;
    return workspaceData(workspaceCache, workspaceId);
  }
  const reading = (async (): Promise<CacheEntry> => {
    const data =
      cached && cached.generation === generation
        ? await refresh(workspaceCache, cached.data, cached.data.applied, Math.max(cached.data.applied, complete))
        : await load(workspaceCache, workspaceId, complete);
    return { data, generation };
  })().finally(() => pending.delete(workspaceId));
  pending.set(workspaceId, reading);
  const entry = await reading;
  cache.delete(workspaceId);
  cache.set(workspaceId, entry);
  while (cache.size > CACHED_WORKSPACES) cache.delete(cache.keys().next().value as string);
  return entry.data;
}
