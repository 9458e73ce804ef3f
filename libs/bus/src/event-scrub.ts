import type { Connection } from 'mongoose';
import { deadLetterModel, type StoredDeadLetter } from './dead-letters';
import { outboxModel, type OutboxRow } from './outbox';

// The copies of events a service keeps after delivering them (sent outbox rows, until the
// sweeper's retention; parked rows; dead letters) still hold the payloads they carried. When a
// record's data must be gone (a person's erasure), the owner of the rule calls this with the
// record's id and any values that must not survive (compared without regard to case): every kept
// copy whose event mentions one of them is deleted. Infrastructure only: which record and values,
// and when, are the caller's business. Processed-event rows hold ids and types, never a payload,
// so they are left alone.

export interface ForgottenEvents {
  // Sent or parked outbox rows deleted.
  outbox_rows: number;
  // Dead letters deleted.
  dead_letters: number;
  // Rows still waiting to be published that mention the record: they must reach consumers first,
  // so they are kept; call again once they are sent.
  pending: number;
}

// Shorter values would match far more than the record they stand for.
const MIN_NEEDLE_LENGTH = 3;

function mentionsAny(needles: readonly string[]) {
  return (text: string) => {
    const folded = text.toLowerCase();
    return needles.some((needle) => folded.includes(needle));
  };
}

// Scans the kept rows (bounded by the outbox retention and the dead letters an operator has not
// handled), because a payload may name a record under any field.
export async function forgetEventsMentioning(connection: Connection, values: string | readonly string[]): Promise<ForgottenEvents> {
  const needles = (typeof values === 'string' ? [values] : values).map((value) => value.trim().toLowerCase());
  if (needles.length === 0 || needles.some((needle) => needle.length < MIN_NEEDLE_LENGTH)) {
    throw new Error(`forgetEventsMentioning needs record ids or values of at least ${MIN_NEEDLE_LENGTH} characters`);
  }
  const mentions = mentionsAny(needles);
  const outbox = outboxModel(connection);
  const outboxIds: string[] = [];
  let pending = 0;
  for await (const row of outbox.find({}, { event: 1, status: 1 }).lean<Pick<OutboxRow, '_id' | 'event' | 'status'>>().cursor()) {
    if (!mentions(JSON.stringify(row.event))) continue;
    if (row.status === 'pending') pending += 1;
    else outboxIds.push(row._id);
  }
  const letters = deadLetterModel(connection);
  const letterIds: string[] = [];
  for await (const letter of letters.find({}, { body: 1 }).lean<Pick<StoredDeadLetter, '_id' | 'body'>>().cursor()) {
    if (mentions(letter.body)) letterIds.push(letter._id);
  }
  // A row claimed for publishing meanwhile stays: only rows still sent or parked are deleted.
  const deletedRows = outboxIds.length === 0 ? 0 : (await outbox.deleteMany({ _id: { $in: outboxIds }, status: { $in: ['sent', 'parked'] } })).deletedCount;
  const deletedLetters = letterIds.length === 0 ? 0 : (await letters.deleteMany({ _id: { $in: letterIds } })).deletedCount;
  return { outbox_rows: deletedRows, dead_letters: deletedLetters, pending };
}
