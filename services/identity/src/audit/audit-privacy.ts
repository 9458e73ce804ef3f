import type { AnyBulkWriteOperation, Connection } from 'mongoose';
import { inBatches, validationFailed, writeInBatches } from '@crm/kit';
import type { identityV1 } from '@crm/protos';
import { ERASED_MENTION, type Mentions } from '../shared/mentions';
import { auditEntryModel, type AuditEntryRecord } from './audit-entry.model';
import { genericSummary } from './audit-descriptions';

// The audit log's part in a person's subject access request and erasure (crm-core asks over
// gRPC). The log keeps the fact of every change; only the person's name leaves it.

const LIST_LIMIT = 1000;
// Entries read and rewritten at a time while looking for a person's name.
const SCAN_PAGE = 250;

export interface AuditObject {
  workspace_id: string;
  object_type: string;
  object_id: string;
}

export function checkAuditObject(request: AuditObject): void {
  if (!request.workspace_id) throw validationFailed('workspace_id is required');
  if (!request.object_type) throw validationFailed('object_type is required');
  if (!request.object_id) throw validationFailed('object_id is required');
}

export async function listAuditEntriesAbout(
  connection: Connection,
  request: identityV1.ListAuditEntriesAboutRequest,
): Promise<identityV1.ListAuditEntriesAboutResponse> {
  checkAuditObject(request);
  const entries = await auditEntryModel(connection)
    .find({
      workspace_id: request.workspace_id,
      object_type: request.object_type,
      object_id: request.object_id.toLowerCase(),
    })
    .sort({ at: -1, _id: -1 })
    .limit(LIST_LIMIT)
    .lean<AuditEntryRecord[]>()
    .exec();
  return {
    entries: entries.map((entry) => ({
      id: entry._id,
      event_type: entry.event_type,
      at: entry.at,
      action: entry.action ?? undefined,
      object_name: entry.object_name ?? undefined,
      summary: entry.summary ?? undefined,
      actor_type: entry.actor_type,
      actor: entry.actor ?? undefined,
    })),
  };
}

// Entries about the object lose its name (their summary reads as a generic one); any other entry
// naming the person (a note's subject, a deal named after them) has the mention replaced.
// Answers how many entries changed.
export async function forgetAuditMentions(
  connection: Connection,
  object: AuditObject,
  mentions: Mentions | null,
): Promise<number> {
  const entries = auditEntryModel(connection);
  const objectId = object.object_id.toLowerCase();
  const about = await entries
    .find({ workspace_id: object.workspace_id, object_type: object.object_type, object_id: objectId })
    .lean<AuditEntryRecord[]>()
    .exec();
  const renamed: Array<AnyBulkWriteOperation<AuditEntryRecord>> = [];
  for (const entry of about) {
    const summary = genericSummary(entry.action ?? 'changed', object.object_type, null);
    if (entry.object_name === null && entry.summary === summary) continue;
    renamed.push(setFields(object.workspace_id, entry._id, { object_name: null, summary }));
  }
  await writeInBatches(renamed, (batch) => entries.bulkWrite(batch, { ordered: false }));
  if (mentions === null) return renamed.length;
  // Every entry of the workspace may name the person: they are read a page at a time in the log's
  // own order and tested here, with turns of the event loop between pages (inBatches), so requests
  // on the thread are not held for the whole log (one query testing the pattern against 120,000 entries,
  // and the bulk writes of thousands of rewrites, held it most of a second).
  const scrub = (text: string | null) => (text === null ? null : text.replace(mentions.pattern, ERASED_MENTION));
  let naming = 0;
  for await (const page of inBatches(entries, { workspace_id: object.workspace_id }, 'at', SCAN_PAGE, {
    select: ['object_name', 'summary'],
  })) {
    const rewrites: Array<AnyBulkWriteOperation<AuditEntryRecord>> = [];
    for (const entry of page) {
      const fields = { object_name: scrub(entry.object_name), summary: scrub(entry.summary) };
      if (fields.object_name === entry.object_name && fields.summary === entry.summary) continue;
      rewrites.push(setFields(object.workspace_id, entry._id, fields));
    }
    if (rewrites.length > 0) await entries.bulkWrite(rewrites, { ordered: false });
    naming += rewrites.length;
  }
  return renamed.length + naming;
}

function setFields(
  workspaceId: string,
  id: string,
  fields: Pick<AuditEntryRecord, 'object_name' | 'summary'>,
): AnyBulkWriteOperation<AuditEntryRecord> {
  return { updateOne: { filter: { _id: id, workspace_id: workspaceId }, update: { $set: fields } } };
}
