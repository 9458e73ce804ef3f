import { AppError, call, newId, notFound, validationFailed, type InternalClaims } from '@crm/kit';
import {
  documentCompleted,
  documentCreated,
  documentDeleted,
  type DocumentDeletedData,
  documentMoved,
  payloadWithoutContact,
} from '@crm/protos';
import type { EventEnvelope } from '@crm/bus';
import { commit, type UnitOfWork } from '@crm/service-host';
import { storageOf } from '../config';
import type { DocumentsRuntime } from '../documents-runtime';
import { DOWNLOAD_URL_TTL_SECONDS, fileUrl, UPLOAD_URL_TTL_SECONDS } from '../files/signed-url';
import { documentModel, type DocumentRecord, type TargetType } from './document.model';
import type { DocumentView } from './document.operations';
import { documentState, documentView } from './document-view';
import { ensureUsageRow, releaseBytes, reserveBytes, usedBytes } from './storage-usage';

// A pending upload is cleaned up this long after its URL expired: an upload started just
// before expiry may still finish and be completed.
export const UPLOAD_GRACE_MS = 60_000;
export const EXPIRE_UPLOAD_JOB = 'documents.expire_upload';
export const REMOVE_BYTES_JOB = 'documents.remove_bytes';

export type DeletionReason = 'deleted' | 'record_purged' | 'record_erased' | 'upload_expired';

export interface CreateDocumentInput {
  target_type: TargetType;
  target_id: string;
  name: string;
  content_type: string;
  size_bytes: number;
}

type Actor = EventEnvelope['actor'];

function actorOf(auth: InternalClaims): Actor {
  return { type: auth.actor.type, id: auth.actor.id, label: auth.actor.label };
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function findDocument(
  runtime: DocumentsRuntime,
  workspaceId: string,
  id: string,
): Promise<DocumentRecord> {
  const record = await documentModel(runtime.context.connection)
    .findOne({ _id: id, workspace_id: workspaceId })
    .lean<DocumentRecord>()
    .exec();
  if (!record) throw notFound('document');
  return record;
}

// The target must be a company or contact of the workspace outside the recycle bin, asked of
// crm-core now (a record created by the previous request is accepted).
async function checkTarget(
  runtime: DocumentsRuntime,
  workspaceId: string,
  type: TargetType,
  id: string,
): Promise<void> {
  const client = runtime.crmRecords();
  const { targets } = await call(client.getTargets.bind(client), {
    workspace_id: workspaceId,
    targets: [{ type, id }],
  });
  if (!targets.some((target) => target.type === type && target.id === id)) {
    throw validationFailed(`target_id is not a ${type} of this workspace`);
  }
}

export async function createDocumentRecord(
  runtime: DocumentsRuntime,
  auth: InternalClaims,
  workspaceId: string,
  input: CreateDocumentInput,
): Promise<{ document: DocumentView; upload_url: string }> {
  const storage = storageOf(runtime.config, auth.plan);
  if (input.size_bytes > storage.maxFileBytes) {
    throw new AppError('file_too_large', `size_bytes must be at most ${storage.maxFileBytes} bytes on this plan`, 413);
  }
  const targetId = input.target_id.toLowerCase();
  await checkTarget(runtime, workspaceId, input.target_type, targetId);
  await ensureUsageRow(runtime, workspaceId);
  const now = runtime.now();
  const expires = new Date(now.getTime() + UPLOAD_URL_TTL_SECONDS * 1000);
  const id = newId();
  const record: DocumentRecord = {
    _id: id,
    workspace_id: workspaceId,
    target_type: input.target_type,
    target_id: targetId,
    name: input.name,
    content_type: input.content_type,
    size_bytes: input.size_bytes,
    status: 'pending',
    uploaded_by: auth.user_id,
    uploaded_by_name: auth.actor.label,
    uploaded_by_actor: auth.actor.type,
    uploaded_by_name_version: 0,
    blob_key: `${workspaceId}/${id}`,
    checksum_sha256: null,
    received_at: null,
    upload_expires_at: expires.toISOString(),
    created_at: now.toISOString(),
    completed_at: null,
    version: 1,
  };
  await commit(runtime.context, async (unit) => {
    await reserveBytes(runtime, workspaceId, input.size_bytes, storage.quotaBytes, unit.transaction);
    await documentModel(runtime.context.connection).create([record], { session: unit.transaction });
    unit.publish(documentCreated, { workspace_id: workspaceId, actor: actorOf(auth), data: documentState(record) });
    await unit.schedule({
      name: EXPIRE_UPLOAD_JOB,
      key: id,
      runAt: new Date(expires.getTime() + UPLOAD_GRACE_MS),
      workspace_id: workspaceId,
      payload: { document_id: id },
    });
  });
  const grant = {
    method: 'PUT' as const,
    document_id: id,
    workspace_id: workspaceId,
    size_bytes: input.size_bytes,
    expires: unixSeconds(expires),
  };
  return {
    document: documentView(record),
    upload_url: fileUrl(runtime.config.publicUrl, runtime.config.signingKeys.current, grant),
  };
}

export async function completeDocumentRecord(
  runtime: DocumentsRuntime,
  auth: InternalClaims,
  workspaceId: string,
  id: string,
): Promise<DocumentView> {
  const record = await findDocument(runtime, workspaceId, id);
  if (record.status === 'ready') return documentView(record);
  const stored = record.checksum_sha256 === null ? null : await (await runtime.blobs()).stat(record.blob_key);
  if (!stored || stored.size !== record.size_bytes) {
    throw new AppError(
      'upload_incomplete',
      'the file has not been uploaded yet: PUT its bytes to the upload_url first',
      409,
    );
  }
  const completed = await commit(runtime.context, async (unit) => {
    const updated = await documentModel(runtime.context.connection)
      .findOneAndUpdate(
        { _id: id, workspace_id: workspaceId, status: 'pending' },
        { $set: { status: 'ready', completed_at: runtime.now().toISOString() }, $inc: { version: 1 } },
        { new: true, session: unit.transaction },
      )
      .lean<DocumentRecord>()
      .exec();
    // Completed by a request at the same moment, or deleted since.
    if (!updated) return null;
    unit.publish(documentCompleted, { workspace_id: workspaceId, actor: actorOf(auth), data: documentState(updated) });
    await unit.cancel({ name: EXPIRE_UPLOAD_JOB, key: id });
    return updated;
  });
  return documentView(completed ?? (await findDocument(runtime, workspaceId, id)));
}

export async function downloadLink(
  runtime: DocumentsRuntime,
  workspaceId: string,
  id: string,
  mayRead: (targetType: string) => void,
): Promise<{ url: string }> {
  const record = await findDocument(runtime, workspaceId, id);
  mayRead(record.target_type);
  if (record.status !== 'ready') throw new AppError('document_not_ready', 'the document is not completed yet', 409);
  const expires = unixSeconds(runtime.now()) + DOWNLOAD_URL_TTL_SECONDS;
  const grant = {
    method: 'GET' as const,
    document_id: id,
    workspace_id: workspaceId,
    size_bytes: record.size_bytes,
    expires,
  };
  return { url: fileUrl(runtime.config.publicUrl, runtime.config.signingKeys.current, grant) };
}

export async function storageUsage(
  runtime: DocumentsRuntime,
  auth: InternalClaims,
  workspaceId: string,
): Promise<{ used: number; quota: number }> {
  return { used: await usedBytes(runtime, workspaceId), quota: storageOf(runtime.config, auth.plan).quotaBytes };
}

export async function listReadyDocuments(
  runtime: DocumentsRuntime,
  workspaceId: string,
  targetType: TargetType,
  targetId: string,
): Promise<DocumentView[]> {
  const records = await documentModel(runtime.context.connection)
    .find({ workspace_id: workspaceId, target_type: targetType, target_id: targetId.toLowerCase(), status: 'ready' })
    .sort({ created_at: -1, _id: 1 })
    .lean<DocumentRecord[]>()
    .exec();
  return records.map(documentView);
}

// Deletes documents matched by `filter` in one transaction: their rows, their reserved bytes,
// one event each; their bytes are removed right after the commit, and by a durable job should
// that fail. Answers how many were deleted.
async function deleteDocuments(
  runtime: DocumentsRuntime,
  workspaceId: string,
  filter: Record<string, unknown>,
  reason: DeletionReason,
  actor: Actor,
): Promise<number> {
  const removed = await commit(runtime.context, async (unit) => {
    const records = await documentModel(runtime.context.connection)
      .find({ ...filter, workspace_id: workspaceId })
      .session(unit.transaction)
      .lean<DocumentRecord[]>()
      .exec();
    if (records.length === 0) return [];
    await documentModel(runtime.context.connection).deleteMany(
      { workspace_id: workspaceId, _id: { $in: records.map((record) => record._id) } },
      { session: unit.transaction },
    );
    await releaseBytes(
      runtime,
      workspaceId,
      records.reduce((sum, record) => sum + record.size_bytes, 0),
      unit.transaction,
    );
    for (const record of records) {
      const state: DocumentDeletedData = { ...documentState({ ...record, version: record.version + 1 }), reason };
      unit.publish(documentDeleted, {
        workspace_id: workspaceId,
        actor,
        // A file that goes because its person is erased is announced as the event's contract says
        // it reads once they are erased (without its name): whoever consumes it later, the audit
        // log after the erasure scrubbed it, gets nothing of the person.
        data:
          reason === 'record_erased' && record.target_type === 'contact'
            ? payloadWithoutContact(documentDeleted, state, record.target_id)
            : state,
      });
      await scheduleByteRemoval(unit, workspaceId, record.blob_key);
      if (record.status === 'pending') await unit.cancel({ name: EXPIRE_UPLOAD_JOB, key: record._id });
    }
    return records;
  });
  await removeBytesNow(
    runtime,
    removed.map((record) => record.blob_key),
  );
  return removed.length;
}

async function scheduleByteRemoval(unit: UnitOfWork, workspaceId: string, blobKey: string): Promise<void> {
  await unit.schedule({
    name: REMOVE_BYTES_JOB,
    key: blobKey,
    runAt: new Date(),
    workspace_id: workspaceId,
    payload: { blob_key: blobKey },
  });
}

// Best effort at once; the scheduled removal retries what fails here.
async function removeBytesNow(runtime: DocumentsRuntime, blobKeys: string[]): Promise<void> {
  if (blobKeys.length === 0) return;
  const blobs = await runtime.blobs();
  await Promise.all(
    blobKeys.map((key) =>
      blobs
        .remove(key)
        .catch((error: unknown) =>
          runtime.context.logger.warn({ err: error }, 'removing bytes failed; the scheduled removal retries'),
        ),
    ),
  );
}

export async function deleteDocumentRecord(
  runtime: DocumentsRuntime,
  auth: InternalClaims,
  workspaceId: string,
  id: string,
): Promise<void> {
  await findDocument(runtime, workspaceId, id);
  await deleteDocuments(runtime, workspaceId, { _id: id }, 'deleted', actorOf(auth));
}

// Every file of a record (a purge or an erasure): pending uploads too.
export function deleteFilesOf(
  runtime: DocumentsRuntime,
  workspaceId: string,
  targetType: TargetType,
  targetId: string,
  reason: DeletionReason,
  actor: Actor,
): Promise<number> {
  return deleteDocuments(runtime, workspaceId, { target_type: targetType, target_id: targetId }, reason, actor);
}

// A pending upload whose URL expired (plus the grace) goes, with its bytes and reservation.
export async function expireUpload(runtime: DocumentsRuntime, workspaceId: string, id: string): Promise<void> {
  await deleteDocuments(runtime, workspaceId, { _id: id, status: 'pending' }, 'upload_expired', null);
}

// The files of merged records move to the survivor, each with its event; a redelivery finds
// nothing left to move.
export async function moveFilesTo(
  runtime: DocumentsRuntime,
  workspaceId: string,
  targetType: TargetType,
  sourceIds: string[],
  survivorId: string,
  actor: Actor,
): Promise<void> {
  const sources = sourceIds.filter((id) => id !== survivorId);
  if (sources.length === 0) return;
  await commit(runtime.context, async (unit) => {
    const model = documentModel(runtime.context.connection);
    const records = await model
      .find({ workspace_id: workspaceId, target_type: targetType, target_id: { $in: sources } })
      .session(unit.transaction)
      .lean<DocumentRecord[]>()
      .exec();
    for (const record of records) {
      const moved = await model
        .findOneAndUpdate(
          { _id: record._id, workspace_id: workspaceId, target_id: record.target_id },
          { $set: { target_id: survivorId }, $inc: { version: 1 } },
          { new: true, session: unit.transaction },
        )
        .lean<DocumentRecord>()
        .exec();
      if (!moved) continue;
      unit.publish(documentMoved, {
        workspace_id: workspaceId,
        actor,
        data: { ...documentState(moved), previous_target_id: record.target_id },
      });
    }
  });
}
