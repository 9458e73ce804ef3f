import { Readable } from 'node:stream';
import { AppError, newId, notFound, validationFailed, type RequestContext } from '@crm/kit';
import { commit } from '@crm/service-host';
import type { DocumentsRuntime } from '../documents-runtime';
import { exportModel, type ExportRecord } from './export.model';
import { EXPORT_LINK_TTL_SECONDS, exportUrl } from './export-url';

export const REMOVE_EXPORT_JOB = 'documents.remove_export';
// An export that never finished (its builder stopped half-way) is removed after this.
export const UNFINISHED_EXPORT_TTL_MS = 60 * 60 * 1000;
// Below gRPC's default 4 MiB message limit, with room for the rest of the message.
export const EXPORT_PART_MAX_BYTES = 3 * 1024 * 1024;
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const ZIP = 'application/zip';

type Actor = RequestContext['actor'] | null | undefined;

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const blobKeyOf = (workspaceId: string) => `${workspaceId}/${newId()}`;

async function findExport(runtime: DocumentsRuntime, workspaceId: string, id: string): Promise<ExportRecord> {
  const record = await exportModel(runtime.context.connection)
    .findOne({ _id: id, workspace_id: workspaceId })
    .lean<ExportRecord>()
    .exec();
  if (!record) throw notFound('export');
  return record;
}

// Opens an export; its removal is scheduled in the same transaction, so an export whose builder
// stops half-way is cleaned up too.
export async function beginExport(
  runtime: DocumentsRuntime,
  workspaceId: string,
  fileName: string,
  actor: Actor,
): Promise<string> {
  if (!FILE_NAME.test(fileName))
    throw validationFailed('file_name must be 1 to 200 letters, digits, dots, dashes or underscores');
  const id = newId();
  const now = runtime.now();
  const expires = new Date(now.getTime() + UNFINISHED_EXPORT_TTL_MS);
  await commit(runtime.context, async (unit) => {
    const record: ExportRecord = {
      _id: id,
      workspace_id: workspaceId,
      file_name: fileName,
      status: 'receiving',
      parts: [],
      size_bytes: 0,
      blob_key: blobKeyOf(workspaceId),
      created_by: actor?.id ?? null,
      created_at: now.toISOString(),
      completed_at: null,
      expires_at: expires.toISOString(),
    };
    await exportModel(runtime.context.connection).create([record], { session: unit.transaction });
    await unit.schedule({
      name: REMOVE_EXPORT_JOB,
      key: id,
      runAt: expires,
      workspace_id: workspaceId,
      payload: { export_id: id },
    });
  });
  return id;
}

// Stores part `index` under its own key, then records it only if it is still the next part: two
// racing senders of the same part cannot both add it, and the loser's bytes are removed.
export async function appendExportPart(
  runtime: DocumentsRuntime,
  workspaceId: string,
  id: string,
  index: number,
  data: Buffer,
): Promise<number> {
  if (data.length > EXPORT_PART_MAX_BYTES)
    throw validationFailed(`data must be at most ${EXPORT_PART_MAX_BYTES} bytes`);
  const record = await findExport(runtime, workspaceId, id);
  if (record.status !== 'receiving') throw new AppError('conflict', 'the export is finished already', 409);
  // A retry of the part stored last: answered as the first time.
  const stored = record.parts[index];
  if (stored && index === record.parts.length - 1 && stored.size_bytes === data.length) return record.size_bytes;
  if (index !== record.parts.length) throw validationFailed(`index must be ${record.parts.length}, the next part`);
  const part = { blob_key: blobKeyOf(workspaceId), size_bytes: data.length };
  const blobs = await runtime.blobs();
  await blobs.put(part.blob_key, Readable.from([data]), { size: data.length, contentType: ZIP });
  const updated = await exportModel(runtime.context.connection)
    .findOneAndUpdate(
      { _id: id, workspace_id: workspaceId, status: 'receiving', parts: { $size: index } },
      { $push: { parts: part }, $inc: { size_bytes: data.length } },
      { new: true },
    )
    .lean<ExportRecord>()
    .exec();
  if (!updated) {
    await blobs.remove(part.blob_key);
    throw new AppError('conflict', `part ${index} was stored by another call`, 409);
  }
  return updated.size_bytes;
}

export interface FinishedExport {
  url: string;
  size_bytes: number;
  file_name: string;
  expires_at: string;
}

function linkOf(runtime: DocumentsRuntime, record: ExportRecord): FinishedExport {
  const expires = unixSeconds(new Date(record.expires_at));
  return {
    url: exportUrl(runtime.config.publicUrl, runtime.config.signingKeys.current, {
      export_id: record._id,
      workspace_id: record.workspace_id,
      expires,
    }),
    size_bytes: record.size_bytes,
    file_name: record.file_name,
    expires_at: record.expires_at,
  };
}

// Joins the parts, streamed one after the other into the export's own key (never held whole),
// marks it ready with a link valid 10 minutes and moves its removal to the link's expiry. The
// parts are removed right after; the removal job removes whatever is left.
export async function finishExport(
  runtime: DocumentsRuntime,
  workspaceId: string,
  id: string,
): Promise<FinishedExport> {
  const record = await findExport(runtime, workspaceId, id);
  // Finishing again (a retry) answers the same link.
  if (record.status === 'ready') return linkOf(runtime, record);
  const blobs = await runtime.blobs();
  async function* joined(): AsyncGenerator<Buffer> {
    for (const part of record.parts) {
      const stream = await blobs.read(part.blob_key);
      if (!stream) throw new Error(`export part ${part.blob_key} is missing`);
      for await (const chunk of stream) yield chunk as Buffer;
    }
  }
  await blobs.put(record.blob_key, Readable.from(joined()), { size: record.size_bytes, contentType: ZIP });
  const now = runtime.now();
  const expires = new Date(now.getTime() + EXPORT_LINK_TTL_SECONDS * 1000);
  const finished = await commit(runtime.context, async (unit) => {
    const updated = await exportModel(runtime.context.connection)
      .findOneAndUpdate(
        { _id: id, workspace_id: workspaceId, status: 'receiving', parts: { $size: record.parts.length } },
        { $set: { status: 'ready', completed_at: now.toISOString(), expires_at: expires.toISOString() } },
        { new: true, session: unit.transaction },
      )
      .lean<ExportRecord>()
      .exec();
    if (!updated) return null;
    await unit.schedule({
      name: REMOVE_EXPORT_JOB,
      key: id,
      runAt: expires,
      workspace_id: workspaceId,
      payload: { export_id: id },
    });
    return updated;
  });
  if (!finished) return linkOf(runtime, await findExport(runtime, workspaceId, id));
  await Promise.all(record.parts.map((part) => blobs.remove(part.blob_key))).catch((error: unknown) => {
    runtime.context.logger.warn({ err: error }, 'export parts not removed yet; the removal job retries');
  });
  return linkOf(runtime, finished);
}

// The removal job: the file, any parts left and the record. Scheduled at the link's expiry (or an
// hour after an export that never finished began).
export async function removeExport(runtime: DocumentsRuntime, workspaceId: string, id: string): Promise<void> {
  const record = await exportModel(runtime.context.connection)
    .findOne({ _id: id, workspace_id: workspaceId })
    .lean<ExportRecord>()
    .exec();
  if (!record) return;
  const blobs = await runtime.blobs();
  await Promise.all([record.blob_key, ...record.parts.map((part) => part.blob_key)].map((key) => blobs.remove(key)));
  await exportModel(runtime.context.connection).deleteOne({ _id: id, workspace_id: workspaceId }).exec();
}
