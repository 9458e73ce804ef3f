import { createHash } from 'node:crypto';
import type { ClientSession, Connection } from 'mongoose';
import { newestStates, type BatchEventHandler, type EventEnvelope, type RecordState } from '@crm/bus';
import { acrossWorkspaces, normaliseEmail } from '@crm/kit';
import { contactErased, EVENT_CONTRACTS, recordStateOf } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { companyModel, type CompanyRecord } from '../../records/companies/company.model';
import { contactModel, type ContactRecord } from '../../records/contacts/contact.model';
import { duplicateCountModel, duplicateEntryModel, type DuplicateEntryRecord } from './duplicate-counts.model';
import { duplicateDismissalModel } from './duplicate-dismissal.model';
import { companyNameKey, contactNameKey, domainKey } from './duplicate-keys';
import type { DuplicateObject, DuplicateReason } from './duplicate.operations';

// Keeps duplicate_counts from the company and contact events (their payloads carry the full
// state and version): each applied change moves the record's keys from the counts of what it
// was to what it is. Idempotent by version; a record in the recycle bin, purged or erased has
// no keys.
export const DUPLICATE_COUNTS_CONSUMER = 'crm-core.duplicate-counts';
const BATCH = 2000;

type State = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function duplicateKeysOf(object: DuplicateObject, state: State | null): string[] {
  if (state === null || (state.deleted_at !== null && state.deleted_at !== undefined)) return [];
  const keys: Array<[DuplicateReason, string | null]> =
    object === 'company'
      ? [
          ['same_domain', domainKey(text(state.domain))],
          ['same_name', companyNameKey(text(state.name))],
        ]
      : [
          ['same_email', text(state.email) ? normaliseEmail(text(state.email)!) : null],
          [
            'same_name_at_company',
            text(state.company_id) && contactNameKey(text(state.first_name), text(state.last_name))
              ? `${String(state.company_id)}/${contactNameKey(text(state.first_name), text(state.last_name))}`
              : null,
          ],
        ];
  return keys.flatMap(([reason, value]) => (value === null ? [] : [`${reason}:${value}`]));
}

const countId = (workspaceId: string, object: string, key: string) =>
  createHash('sha256').update(`${workspaceId}\n${object}\n${key}`).digest('hex').slice(0, 40);

function splitKey(key: string): { reason: string; value: string } {
  const colon = key.indexOf(':');
  return { reason: key.slice(0, colon), value: key.slice(colon + 1) };
}

interface CountChange {
  workspace_id: string;
  object: DuplicateObject;
  key: string;
  delta: number;
}

// Moves each record's keys from the counts of what it was to what it is: the changes of a batch
// add up per key, so a key many records share is written once.
async function moveCounts(
  connection: Connection,
  changes: Map<string, CountChange>,
  session: ClientSession,
): Promise<void> {
  const counts = duplicateCountModel(connection);
  const moved = [...changes.entries()].filter(([, change]) => change.delta !== 0);
  if (moved.length === 0) return;
  const operations = moved.map(([_id, change]) => ({
    updateOne: {
      filter: { _id, workspace_id: change.workspace_id },
      update: { $inc: { count: change.delta }, $setOnInsert: { object: change.object, ...splitKey(change.key) } },
      upsert: change.delta > 0,
    },
  }));
  // Plain values, written without a mongoose document per operation (the tenancy guard still checks).
  await counts.collection.bulkWrite(operations as never, { session });
  // A key nobody has any more is forgotten (its value may be a person's email or name).
  const lowered = moved.filter(([, change]) => change.delta < 0);
  if (lowered.length > 0) {
    await counts.deleteMany(
      { workspace_id: lowered[0][1].workspace_id, _id: { $in: lowered.map(([_id]) => _id) }, count: { $lte: 0 } },
      { session },
    );
  }
}

interface KeyedRecord extends RecordState<State> {
  object: DuplicateObject;
  keys: string[];
  erased: boolean;
}

function keyedRecord(event: EventEnvelope): KeyedRecord | null {
  const object: DuplicateObject | null = event.type.startsWith('crm.company.')
    ? 'company'
    : event.type.startsWith('crm.contact.')
      ? 'contact'
      : null;
  if (object === null || !event.workspace_id) return null;
  const record = recordStateOf(EVENT_CONTRACTS, event);
  if (!record) return null;
  const erased = event.type === contactErased.type;
  return {
    ...record,
    workspace_id: event.workspace_id,
    object,
    erased,
    keys: erased ? [] : duplicateKeysOf(object, record.state),
  };
}

// A batch (of one workspace) in one transaction: the stored entries of its records are read at
// once, each record newer than its entry moves its keys, and entries and counts are written in
// two bulk writes. Idempotent by version.
export function duplicateCountsHandler(context: ServiceContext): BatchEventHandler {
  return async (events) => {
    const records = newestStates(
      events.map(keyedRecord).filter((record): record is KeyedRecord => record !== null),
    ) as KeyedRecord[];
    if (records.length === 0) return;
    const workspaceId = records[0].workspace_id!;
    await commit(context, async ({ transaction }) => {
      const entries = duplicateEntryModel(context.connection);
      const stored = new Map(
        (
          await entries
            .find({ _id: { $in: records.map((record) => record.id) }, workspace_id: workspaceId })
            .session(transaction)
            .lean<DuplicateEntryRecord[]>()
            .exec()
        ).map((entry) => [entry._id, entry]),
      );
      const newer = records.filter((record) => (stored.get(record.id)?.version ?? 0) < record.version);
      if (newer.length === 0) return;
      const changes = new Map<string, CountChange>();
      const change = (object: DuplicateObject, key: string, delta: number) => {
        const id = countId(workspaceId, object, key);
        const known = changes.get(id);
        if (known) known.delta += delta;
        else changes.set(id, { workspace_id: workspaceId, object, key, delta });
      };
      for (const record of newer) {
        const before = stored.get(record.id)?.keys ?? [];
        for (const key of before) if (!record.keys.includes(key)) change(record.object, key, -1);
        for (const key of record.keys) if (!before.includes(key)) change(record.object, key, 1);
      }
      await moveCounts(context.connection, changes, transaction);
      await entries.collection.bulkWrite(
        newer.map((record) => ({
          replaceOne: {
            filter: { _id: record.id, workspace_id: workspaceId },
            replacement: {
              _id: record.id,
              workspace_id: workspaceId,
              object: record.object,
              version: record.version,
              keys: record.keys,
            },
            upsert: true,
          },
        })) as never,
        { session: transaction },
      );
      // An erased person leaves no trace here: a dismissal's key spells the email or name it grouped by.
      const erased = newer.filter((record) => record.erased).map((record) => record.id);
      if (erased.length > 0)
        await duplicateDismissalModel(context.connection).deleteMany(
          { workspace_id: workspaceId, record_ids: { $in: erased } },
          { session: transaction },
        );
    });
  };
}

// First start with records but no counts (records from before this existed, or a store filled
// directly): the counts are built from the stored records in a few bulk writes.
async function buildFromStore(connection: Connection): Promise<number> {
  const entries = duplicateEntryModel(connection);
  const counts = new Map<string, { workspace_id: string; object: DuplicateObject; key: string; count: number }>();
  let built = 0;
  for (const object of ['company', 'contact'] as const) {
    const cursor =
      object === 'company'
        ? companyModel(connection).find({}).lean<CompanyRecord[]>().cursor({ batchSize: BATCH })
        : contactModel(connection).find({}).lean<ContactRecord[]>().cursor({ batchSize: BATCH });
    let page: DuplicateEntryRecord[] = [];
    for await (const stored of cursor) {
      const record = stored as unknown as { _id: string; workspace_id: string; version?: number } & State;
      const keys = duplicateKeysOf(object, record);
      page.push({ _id: record._id, workspace_id: record.workspace_id, object, version: record.version ?? 1, keys });
      for (const key of keys) {
        const id = countId(record.workspace_id, object, key);
        const count = counts.get(id) ?? { workspace_id: record.workspace_id, object, key, count: 0 };
        count.count += 1;
        counts.set(id, count);
      }
      if (page.length === BATCH) {
        await entries.insertMany(page, { lean: true });
        built += page.length;
        page = [];
      }
    }
    if (page.length > 0) await entries.insertMany(page, { lean: true });
    built += page.length;
  }
  const rows = [...counts.entries()].map(([id, count]) => ({
    _id: id,
    workspace_id: count.workspace_id,
    object: count.object,
    ...splitKey(count.key),
    count: count.count,
  }));
  for (let start = 0; start < rows.length; start += BATCH)
    await duplicateCountModel(connection).insertMany(rows.slice(start, start + BATCH), { lean: true });
  return built;
}

export async function subscribeDuplicateCounts(context: ServiceContext): Promise<void> {
  const { connection } = context;
  await acrossWorkspaces('building duplicate counts from the store at start', async () => {
    if ((await duplicateEntryModel(connection).estimatedDocumentCount().exec()) > 0) return;
    if (
      (await companyModel(connection).estimatedDocumentCount().exec()) +
        (await contactModel(connection).estimatedDocumentCount().exec()) ===
      0
    )
      return;
    const started = Date.now();
    const built = await buildFromStore(connection);
    context.logger.info({ built, ms: Date.now() - started }, 'duplicate counts built from the store');
  });
  await context.bus.subscribeBatch(
    DUPLICATE_COUNTS_CONSUMER,
    ['crm.company.*', 'crm.contact.*'],
    duplicateCountsHandler(context),
  );
}
