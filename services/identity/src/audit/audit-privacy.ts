import type { Connection } from 'mongoose';
import { compactStorage, validationFailed } from '@crm/kit';
import type { identityV1 } from '@crm/protos';
import { auditEntryModel, type AuditEntryRecord } from './audit-entry.model';
import { genericSummary } from './audit-descriptions';

// The audit log's part in a person's subject access request and erasure (crm-core asks over
// gRPC). The log keeps the fact of every change; only the person's name leaves it.

const LIST_LIMIT = 1000;
const ERASED_MENTION = '[erased]';

function required(request: { workspace_id: string; object_type: string; object_id: string }): void {
  if (!request.workspace_id) throw validationFailed('workspace_id is required');
  if (!request.object_type) throw validationFailed('object_type is required');
  if (!request.object_id) throw validationFailed('object_id is required');
}

export async function listAuditEntriesAbout(connection: Connection, request: identityV1.ListAuditEntriesAboutRequest): Promise<identityV1.ListAuditEntriesAboutResponse> {
  required(request);
  const entries = await auditEntryModel(connection)
    .find({ workspace_id: request.workspace_id, object_type: request.object_type, object_id: request.object_id.toLowerCase() })
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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Entries about the object lose its name (their summary reads as a generic one); any other entry
// naming one of the terms (a note's subject, a deal named after the person) has it replaced.
export async function forgetAuditMentions(connection: Connection, request: identityV1.ForgetAuditMentionsRequest): Promise<identityV1.ForgetAuditMentionsResponse> {
  required(request);
  const terms = [...new Set(request.terms.map((term) => term.trim()).filter((term) => term.length >= 3))];
  const entries = auditEntryModel(connection);
  const objectId = request.object_id.toLowerCase();
  let changed = 0;
  const about = await entries.find({ workspace_id: request.workspace_id, object_type: request.object_type, object_id: objectId }).lean<AuditEntryRecord[]>().exec();
  for (const entry of about) {
    if (entry.object_name === null && entry.summary === genericSummary(entry.action ?? 'changed', request.object_type, null)) continue;
    await entries.updateOne({ _id: entry._id, workspace_id: request.workspace_id }, { $set: { object_name: null, summary: genericSummary(entry.action ?? 'changed', request.object_type, null) } });
    changed += 1;
  }
  if (terms.length === 0) return done(connection, changed);
  // Whole words where a term starts or ends with one, so erasing "Ann" leaves "Annual" alone.
  const pattern = new RegExp(terms.map((term) => `${/^\w/.test(term) ? '(?<!\\w)' : ''}${escapeRegExp(term)}${/\w$/.test(term) ? '(?!\\w)' : ''}`).join('|'), 'gi');
  const naming = await entries
    .find({ workspace_id: request.workspace_id, $or: [{ object_name: { $regex: pattern.source, $options: 'i' } }, { summary: { $regex: pattern.source, $options: 'i' } }] })
    .lean<AuditEntryRecord[]>()
    .exec();
  for (const entry of naming) {
    const scrub = (text: string | null) => (text === null ? null : text.replace(pattern, ERASED_MENTION));
    await entries.updateOne({ _id: entry._id, workspace_id: request.workspace_id }, { $set: { object_name: scrub(entry.object_name), summary: scrub(entry.summary) } });
    changed += 1;
  }
  return done(connection, changed);
}

// The overwritten names must leave the disk too, not only the entries.
async function done(connection: Connection, changed: number): Promise<identityV1.ForgetAuditMentionsResponse> {
  if (changed > 0) await compactStorage(connection, ['audit_entries']);
  return { entries_changed: changed };
}
