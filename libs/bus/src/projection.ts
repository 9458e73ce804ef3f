import { acrossWorkspaces, field, isDuplicateKey, runWithContext, type RecordOf } from '@crm/kit';
import type { ClientSession, Model } from 'mongoose';
import type { BatchEventHandler, EventHandler } from './event-bus';
import type { EventEnvelope } from './event-envelope';

// A read model built from events that carry a record's full public state and its per-record
// version. One document per record, replaced only by a newer version, so duplicates, redeliveries
// and out-of-order arrivals converge on the newest state. A deletion leaves a tombstone (the
// document with `deleted: true` and the deleting version) so a late, older update cannot bring
// the record back; readers query `{ deleted: false }`. A projection's field list begins with these
// (`{ ...PROJECTION_FIELDS, name: field.string({ default: null }), ... }`, its schema built with
// schemaOf); index `{ workspace_id: 1, deleted: 1, ... }` for the reads the projection serves.
export const PROJECTION_FIELDS = {
  _id: field.string({ required: true }),
  version: field.number({ required: true }),
  deleted: field.boolean({ required: true, default: false }),
};

// What every projected record holds, tombstones too.
export type ProjectedFields = RecordOf<typeof PROJECTION_FIELDS>;

// What an event (or a listing used for a rebuild) says about one record.
export interface RecordState<State extends object> {
  id: string;
  // The tenant the record belongs to, null for global records.
  workspace_id: string | null;
  version: number;
  // The record's public state as the projection stores it; null when the record was deleted.
  state: State | null;
}

export type ApplyOutcome = 'applied' | 'stale';

// Replaces the record's document when `record.version` is newer than the stored one (or there is
// none): one atomic, conditional upsert, so concurrent deliveries need no transaction. A stored
// version >= the record's means the record is stale: nothing changes.
export async function applyRecordState<State extends object>(
  model: Model<ProjectedFields & State>,
  record: RecordState<State>,
  session?: ClientSession,
): Promise<ApplyOutcome> {
  if (!Number.isInteger(record.version) || record.version < 1)
    throw new Error(`record ${record.id}: version must be a positive integer`);
  const scope = record.workspace_id === null ? {} : { workspace_id: record.workspace_id };
  const document =
    record.state === null
      ? { ...scope, _id: record.id, version: record.version, deleted: true }
      : { ...record.state, ...scope, _id: record.id, version: record.version, deleted: false };
  const filter = { ...scope, _id: record.id, version: { $lt: record.version } };
  // The filter misses a newer document, and the upsert then collides with its _id: stale. A
  // collision can also come from a concurrent first insert of an older version, so look once more
  // now that the document exists. (Inside a transaction MongoDB aborts on the collision instead,
  // and the redelivery finds the document.)
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await model.replaceOne(filter, document, { upsert: true, session }).exec();
      return result.modifiedCount + result.upsertedCount > 0 ? 'applied' : 'stale';
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      if (attempt >= 2) return 'stale';
    }
  }
}

// The newest state of each record among `records` (a batch may hold several versions of one).
export function newestStates<State extends object>(records: Iterable<RecordState<State>>): Array<RecordState<State>> {
  const newest = new Map<string, RecordState<State>>();
  for (const record of records) {
    if (!Number.isInteger(record.version) || record.version < 1)
      throw new Error(`record ${record.id}: version must be a positive integer`);
    const known = newest.get(record.id);
    if (!known || known.version < record.version) newest.set(record.id, record);
  }
  return [...newest.values()];
}

interface BulkWriteFailure {
  writeErrors?: Array<{ index: number; code?: number }> | { index: number; code?: number };
}

// Indexes of the statements a bulk write refused as duplicate keys; throws on anything else.
function duplicateKeyIndexes(error: unknown): Set<number> {
  const raw = (error as BulkWriteFailure | null)?.writeErrors;
  const errors = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  if (errors.length === 0 || errors.some((writeError) => writeError.code !== 11000)) throw error;
  return new Set(errors.map((writeError) => writeError.index));
}

// applyRecordState for many records in one read and one bulk write: each record is stored when
// it is newer than what is there (several versions of one record: the newest), within `session`
// when given. `stamp` is written on every stored document, tombstones included. Answers the
// records stored, each with the version it replaced (0: none).
export type AppliedState<State extends object> = RecordState<State> & { replaced_version: number };

export async function applyRecordStates<State extends object>(
  model: Model<ProjectedFields & State>,
  records: readonly RecordState<State>[],
  options: { session?: ClientSession; stamp?: Record<string, unknown> } = {},
): Promise<Array<AppliedState<State>>> {
  const applied: Array<AppliedState<State>> = [];
  const byScope = new Map<string | null, Array<RecordState<State>>>();
  for (const record of newestStates(records)) {
    const group = byScope.get(record.workspace_id);
    if (group) group.push(record);
    else byScope.set(record.workspace_id, [record]);
  }
  for (const [workspaceId, group] of byScope) {
    const scope = workspaceId === null ? {} : { workspace_id: workspaceId };
    const stored = new Map(
      (
        await model
          .find({ ...scope, _id: { $in: group.map((record) => record.id) } }, { version: 1 })
          .session(options.session ?? null)
          .lean<Array<{ _id: string; version: number }>>()
          .exec()
      ).map((row) => [row._id, row.version]),
    );
    const newer = group.filter((record) => (stored.get(record.id) ?? 0) < record.version);
    if (newer.length === 0) continue;
    const operations = newer.map((record) => {
      const document = {
        ...(record.state ?? {}),
        ...options.stamp,
        ...scope,
        _id: record.id,
        version: record.version,
        deleted: record.state === null,
      };
      // A record with no document yet is inserted: an upsert would first look for it again.
      return workspaceId !== null && !stored.has(record.id)
        ? { insertOne: { document } }
        : {
            replaceOne: {
              filter: { ...scope, _id: record.id, version: { $lt: record.version } },
              replacement: document,
              upsert: true,
            },
          };
    });
    // A version stored meanwhile (outside a transaction) makes an insert or upsert collide: that
    // record goes through applyRecordState, which tells a newer stored version from an older one.
    // The states are the events' own JSON, stored as they are: the driver's bulk write, without a
    // mongoose document built per record to cast them (the tenancy guard still checks it).
    let refused = new Set<number>();
    try {
      await model.collection.bulkWrite(operations as never, { ordered: false, session: options.session });
    } catch (error) {
      if (options.session) throw error;
      refused = duplicateKeyIndexes(error);
    }
    for (const [index, record] of newer.entries()) {
      const replaced = { ...record, replaced_version: stored.get(record.id) ?? 0 };
      if (!refused.has(index)) applied.push(replaced);
      else if (
        (await applyRecordState(model, { ...record, state: record.state && { ...record.state, ...options.stamp } })) ===
        'applied'
      )
        applied.push(replaced);
    }
  }
  return applied;
}

export interface BatchProjectionOptions<State extends object> {
  model: Model<ProjectedFields & State>;
  read(event: EventEnvelope): RecordState<State> | null;
  // Called with the records whose newer state was stored, e.g. to update a search index.
  onApplied?(records: Array<RecordState<State>>): Promise<void>;
}

// A BatchEventHandler that keeps the projection: one read and one bulk write per batch.
export function projectionBatchHandler<State extends object>(
  options: BatchProjectionOptions<State>,
): BatchEventHandler {
  return async (events) => {
    const records = events
      .map((event) => options.read(event))
      .filter((record): record is RecordState<State> => record !== null);
    if (records.length === 0) return;
    const applied = await applyRecordStates(options.model, records);
    if (applied.length > 0) await options.onApplied?.(applied);
  };
}

export interface ProjectionOptions<State extends object> {
  model: Model<ProjectedFields & State>;
  // The record state an event carries, or null for events this projection ignores. Usually
  // built from the event's declared contract (`recordStateOf` in @crm/protos) plus a mapping of
  // the fields the projection keeps.
  read(event: EventEnvelope): RecordState<State> | null;
  // Called after a newer state was stored, e.g. to update a search index.
  onApplied?(record: RecordState<State>, event: EventEnvelope): Promise<void>;
}

// A handler for EventBus.subscribe that keeps the projection. Idempotent by version, so it needs
// no processed-event bookkeeping.
export function projectionHandler<State extends object>(options: ProjectionOptions<State>): EventHandler {
  return async (event) => {
    const record = options.read(event);
    if (record === null) return;
    const outcome = await applyRecordState(options.model, record);
    if (outcome === 'applied') await options.onApplied?.(record, event);
  };
}

export interface RebuildOptions<State extends object> {
  model: Model<ProjectedFields & State>;
  // Rebuild one tenant (tenant-scoped projections) or, when undefined, the whole collection.
  workspaceId?: string;
  // Every live record from the owner, e.g. paged gRPC listing; yields records or pages of them.
  source: AsyncIterable<RecordState<State> | readonly RecordState<State>[]>;
}

export interface RebuildResult {
  dropped: number;
  applied: number;
  stale: number;
}

// Drops the projection's live documents and replays the owner's current records. Tombstones are
// kept, so a record deleted meanwhile stays deleted; events consumed during the rebuild apply by
// version as usual, so the projection converges on the newest state either way.
export async function rebuildProjection<State extends object>(options: RebuildOptions<State>): Promise<RebuildResult> {
  const scope = options.workspaceId === undefined ? {} : { workspace_id: options.workspaceId };
  const work = async (): Promise<RebuildResult> => {
    const dropped = await options.model.deleteMany({ ...scope, deleted: false }).exec();
    const result: RebuildResult = { dropped: dropped.deletedCount, applied: 0, stale: 0 };
    for await (const item of options.source) {
      const records = Array.isArray(item) ? (item as readonly RecordState<State>[]) : [item as RecordState<State>];
      for (const record of records) {
        if (options.workspaceId !== undefined && record.workspace_id !== options.workspaceId) {
          throw new Error(
            `rebuild of workspace ${options.workspaceId} got record ${record.id} of workspace ${record.workspace_id}`,
          );
        }
        result[await applyRecordState(options.model, record)]++;
      }
    }
    return result;
  };
  // Every workspace at once is a deliberate cross-tenant job: the one escape hatch, named.
  if (options.workspaceId === undefined) return acrossWorkspaces('rebuilding a projection of every workspace', work);
  return runWithContext({ request_id: `rebuild:${options.workspaceId}`, workspace_id: options.workspaceId }, work);
}
