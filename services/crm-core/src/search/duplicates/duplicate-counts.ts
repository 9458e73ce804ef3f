import { createHash } from 'node:crypto';
import { newestStates, type BatchEventHandler, type EventEnvelope, type RecordState } from '@crm/bus';
import { normaliseEmail } from '@crm/kit';
import { contactErased, EVENT_CONTRACTS, recordStateOf } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { DUPLICATE_KEY_MEMBERS_KEPT, duplicateKeyModel, type DuplicateKeyRecord } from './duplicate-counts.model';
import { duplicateDismissalModel } from './duplicate-dismissal.model';
import { membersOfMany } from './duplicate-groups';
import { companyNameKey, contactNameKey, domainKey } from './duplicate-keys';
import type { DuplicateObject, DuplicateReason } from './duplicate.operations';

// Keeps the shared duplicate keys (duplicate_keys) from the company and contact events: which
// keys a record has comes from its event's state; how many live records share one, from the
// records. A record in the recycle bin, purged or erased has no keys.
export const DUPLICATE_COUNTS_CONSUMER = 'crm-core.duplicate-counts';

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

export const keyId = (workspaceId: string, object: string, key: string) =>
  createHash('sha256').update(`${workspaceId}\n${object}\n${key}`).digest('hex').slice(0, 40);

export function splitKey(key: string): { reason: DuplicateReason; value: string } {
  const colon = key.indexOf(':');
  return { reason: key.slice(0, colon) as DuplicateReason, value: key.slice(colon + 1) };
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

interface Touched {
  object: DuplicateObject;
  reason: DuplicateReason;
  value: string;
}

// A batch (of one workspace) in one transaction: every key its records hold now, and every shared
// key that counted one of them (the keys a record may have left), is counted again from the
// records as they are (the key indexes), and its row written when two or more share it, removed
// when fewer do. Counting from the records, not adding up changes, makes a redelivered, repeated
// or late event change nothing, and a key no record shares costs no write.
export function duplicateCountsHandler(context: ServiceContext): BatchEventHandler {
  return async (events) => {
    const records = newestStates(
      events.map(keyedRecord).filter((record): record is KeyedRecord => record !== null),
    ) as KeyedRecord[];
    if (records.length === 0) return;
    const workspaceId = records[0].workspace_id!;
    await commit(context, async ({ transaction }) => {
      const keys = duplicateKeyModel(context.connection);
      const touched = new Map<string, Touched>();
      const touch = (object: DuplicateObject, reason: DuplicateReason, value: string) =>
        touched.set(keyId(workspaceId, object, `${reason}:${value}`), { object, reason, value });
      for (const record of records) {
        for (const key of record.keys) {
          const { reason, value } = splitKey(key);
          touch(record.object, reason, value);
        }
      }
      // The rows that list a record are read whole: they are also the stored rows of their keys.
      const counted = await keys
        .find({ workspace_id: workspaceId, members: { $in: records.map((record) => record.id) } })
        .session(transaction)
        .lean<DuplicateKeyRecord[]>()
        .exec();
      for (const row of counted) touch(row.object, row.reason as DuplicateReason, row.value);
      const stored = new Map(counted.map((row) => [row._id, row]));
      const unread = [...touched.keys()].filter((id) => !stored.has(id));
      if (unread.length > 0) {
        const rows = await keys
          .find({ workspace_id: workspaceId, _id: { $in: unread } })
          .session(transaction)
          .lean<DuplicateKeyRecord[]>()
          .exec();
        for (const row of rows) stored.set(row._id, row);
      }
      const operations: unknown[] = [];
      for (const object of ['company', 'contact'] as const) {
        const ofObject = [...touched.entries()].filter(([, key]) => key.object === object);
        if (ofObject.length === 0) continue;
        const members = await membersOfMany(
          context,
          workspaceId,
          object,
          ofObject.map(([, key]) => key),
          transaction,
        );
        for (const [_id, { reason, value }] of ofObject) {
          const ids = members.get(`${reason}:${value}`) ?? [];
          const kept = ids.slice(0, DUPLICATE_KEY_MEMBERS_KEPT);
          const before = stored.get(_id);
          if (ids.length < 2) {
            if (before) operations.push({ deleteOne: { filter: { _id, workspace_id: workspaceId } } });
          } else if (!before || before.count !== ids.length || before.members.join() !== kept.join()) {
            operations.push({
              updateOne: {
                filter: { _id, workspace_id: workspaceId },
                update: { $set: { object, reason, value, count: ids.length, members: kept } },
                upsert: true,
              },
            });
          }
        }
      }
      // Plain values, written without a mongoose document per operation (the tenancy guard still checks).
      if (operations.length > 0) await keys.collection.bulkWrite(operations as never, { session: transaction });
      // An erased person leaves no trace here: a dismissal's key spells the email or name it grouped by.
      const erased = records.filter((record) => record.erased).map((record) => record.id);
      if (erased.length > 0)
        await duplicateDismissalModel(context.connection).deleteMany(
          { workspace_id: workspaceId, record_ids: { $in: erased } },
          { session: transaction },
        );
    });
  };
}

export async function subscribeDuplicateCounts(context: ServiceContext): Promise<void> {
  await context.bus.subscribeBatch(
    DUPLICATE_COUNTS_CONSUMER,
    ['crm.company.*', 'crm.contact.*'],
    duplicateCountsHandler(context),
  );
}
