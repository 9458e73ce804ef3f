import { isDeepStrictEqual } from 'node:util';
import type { AnyBulkWriteOperation, Connection } from 'mongoose';
import { writeInBatches } from '@crm/kit';
import { deadLetterModel, type StoredDeadLetter } from './dead-letters';
import { parseEnvelope, serializeEnvelope, type EventEnvelope } from './event-envelope';
import { outboxModel, storedEvent, type OutboxRow } from './outbox';

// The copies of events a service keeps (outbox rows: pending, sent until the sweeper's
// retention, parked; dead letters) hold the payloads they carry. When a person's data must be
// gone (an erasure), the owner of the rule rewrites the copies of one workspace: `redact` gets
// each kept event of that workspace and answers its payload without the person, or null to leave
// it as it is. A copy is rewritten, never deleted: a row still waiting is delivered later with the
// rewritten payload, and a dead letter can still be replayed. Other workspaces' rows are not read.
// Infrastructure only: which events and fields, and when, are the caller's business.
// Processed-event rows hold ids and types, never a payload, so they are left alone.

// Rows rewritten per bulk write.
const SCRUB_BULK = 1000;

// Updates gathered as a scan goes and written SCRUB_BULK at a time: one wait for the disk per
// bulk, not per row. `finish` writes the rest and answers how many documents changed.
function bulkUpdates<O>(write: (batch: O[]) => Promise<{ modifiedCount: number }>) {
  let pending: O[] = [];
  let modified = 0;
  const flush = async () => {
    modified += await writeInBatches(pending, write, SCRUB_BULK);
    pending = [];
  };
  return {
    async add(operation: O): Promise<void> {
      pending.push(operation);
      if (pending.length >= SCRUB_BULK) await flush();
    },
    async finish(): Promise<number> {
      await flush();
      return modified;
    },
  };
}

export type EventRedaction = (event: EventEnvelope) => Record<string, unknown> | null;

export interface RedactedEvents {
  // Outbox rows rewritten (any status).
  outbox_rows: number;
  // Dead letters rewritten.
  dead_letters: number;
}

function redacted(event: EventEnvelope, redact: EventRedaction): Record<string, unknown> | null {
  const data = redact(event);
  return data === null || isDeepStrictEqual(data, event.data) ? null : data;
}

// Scans the workspace's kept rows (bounded by the outbox retention and the dead letters an
// operator has not handled), because the caller's rule may look at any field of a payload.
export async function redactKeptEvents(
  connection: Connection,
  workspaceId: string,
  redact: EventRedaction,
): Promise<RedactedEvents> {
  if (!workspaceId) throw new Error('redactKeptEvents needs the workspace whose events it rewrites');
  const outbox = outboxModel(connection);
  // Whatever its status now: a row the relay claimed meanwhile is published with what it read,
  // and its kept copy holds the rewritten payload (a row deleted meanwhile is simply not found).
  const outboxWrites = bulkUpdates<AnyBulkWriteOperation<OutboxRow>>((batch) =>
    outbox.bulkWrite(batch, { ordered: false }),
  );
  // Rows recorded with their body carry the workspace beside it; older rows only in their event.
  for await (const row of outbox
    .find({ $or: [{ workspace_id: workspaceId }, { 'event.workspace_id': workspaceId }] }, { body: 1, event: 1 })
    .lean<Pick<OutboxRow, '_id' | 'body' | 'event'>>()
    .cursor()) {
    let event: EventEnvelope;
    try {
      event = storedEvent(row);
    } catch {
      // Not an envelope: there is no payload to read field by field (the relay parks it).
      continue;
    }
    if (event.workspace_id !== workspaceId) continue;
    const data = redacted(event, redact);
    if (data === null) continue;
    const update =
      row.body !== undefined
        ? {
            filter: { _id: row._id, workspace_id: workspaceId },
            update: { $set: { body: serializeEnvelope({ ...event, data }) } },
          }
        : { filter: { _id: row._id, 'event.workspace_id': workspaceId }, update: { $set: { 'event.data': data } } };
    await outboxWrites.add({ updateOne: update });
  }
  const outboxRows = await outboxWrites.finish();
  const letters = deadLetterModel(connection);
  const letterWrites = bulkUpdates<AnyBulkWriteOperation<StoredDeadLetter>>((batch) =>
    letters.bulkWrite(batch, { ordered: false }),
  );
  for await (const letter of letters
    .find({ workspace_id: workspaceId }, { body: 1 })
    .lean<Pick<StoredDeadLetter, '_id' | 'body'>>()
    .cursor()) {
    let event: EventEnvelope;
    try {
      event = parseEnvelope(letter.body);
    } catch {
      // Poison (not an envelope): there is no payload to read field by field.
      continue;
    }
    if (event.workspace_id !== workspaceId) continue;
    const data = redacted(event, redact);
    if (data === null) continue;
    await letterWrites.add({
      updateOne: {
        filter: { _id: letter._id, workspace_id: workspaceId },
        update: { $set: { body: serializeEnvelope({ ...event, data }) } },
      },
    });
  }
  const deadLetters = await letterWrites.finish();
  return { outbox_rows: outboxRows, dead_letters: deadLetters };
}
