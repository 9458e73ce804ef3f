import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { AppError } from '@crm/kit';
import type { DocumentsRuntime } from '../documents-runtime';
import { attachmentDisposition } from '../files/content-disposition';
import { exportModel, type ExportRecord } from './export.model';
import { verifyExportUrl } from './export-url';

// One answer for every refused link, whatever the reason.
const refused = () => new AppError('forbidden', 'this link is not valid or has expired');

// GET on an export's link: the ZIP as an attachment, while the link is valid and the export is
// still there (the removal job deletes it when the link expires).
export async function sendExport(
  runtime: DocumentsRuntime,
  id: string,
  query: { workspace_id?: string; expires?: string; signature?: string },
  res: Response,
): Promise<void> {
  const grant = verifyExportUrl(
    runtime.config.signingKeys.accepted,
    { export_id: id, ...query },
    runtime.now().getTime(),
  );
  if (!grant) throw refused();
  const record = await exportModel(runtime.context.connection)
    .findOne({ _id: grant.export_id, workspace_id: grant.workspace_id, status: 'ready' })
    .lean<ExportRecord>()
    .exec();
  if (!record) throw refused();
  const stream = await (await runtime.blobs()).read(record.blob_key);
  if (!stream) throw refused();
  res.status(200);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Length', String(record.size_bytes));
  res.setHeader('Content-Disposition', attachmentDisposition(record.file_name));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  await pipeline(stream, res);
}
