import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { AppError, validationFailed } from '@crm/kit';
import { BlobSizeMismatchError } from '../blobs/blob-store';
import type { DocumentsRuntime } from '../documents-runtime';
import { documentModel, type DocumentRecord } from '../documents/document.model';
import { attachmentDisposition } from './content-disposition';
import { verifyFileUrl, type FileGrant, type FileMethod } from './signed-url';

// One answer for every refused URL, whatever the reason, so a caller learns nothing about which
// part was wrong (or whether the document exists).
const refused = () => new AppError('forbidden', 'this link is not valid or has expired');

interface SignedQuery {
  workspace_id?: string;
  size?: string;
  expires?: string;
  signature?: string;
}

// The document a verified URL grants access to, in the state the method needs; refused
// otherwise (deleted, completed already for an upload, not completed for a download).
async function grantedDocument(
  runtime: DocumentsRuntime,
  method: FileMethod,
  id: string,
  query: SignedQuery,
): Promise<{ grant: FileGrant; record: DocumentRecord }> {
  const grant = verifyFileUrl(
    runtime.config.signingKeys.accepted,
    { method, document_id: id, ...query },
    runtime.now().getTime(),
  );
  if (!grant) throw refused();
  const record = await documentModel(runtime.context.connection)
    .findOne({ _id: grant.document_id, workspace_id: grant.workspace_id })
    .lean<DocumentRecord>()
    .exec();
  const wanted = method === 'PUT' ? 'pending' : 'ready';
  if (!record || record.status !== wanted || record.size_bytes !== grant.size_bytes) throw refused();
  return { grant, record };
}

// Media types compare without case and without spaces around parameters.
const normalisedMediaType = (value: string) =>
  value
    .toLowerCase()
    .replace(/\s*;\s*/g, ';')
    .trim();

// PUT to an upload URL: the declared number of bytes with the declared content type, streamed
// into the blob store while their SHA-256 is computed; the checksum is recorded on the document,
// which complete then finds.
export async function receiveUpload(
  runtime: DocumentsRuntime,
  id: string,
  query: SignedQuery,
  req: Request,
): Promise<void> {
  const { record } = await grantedDocument(runtime, 'PUT', id, query);
  const length = req.headers['content-length'];
  if (length === undefined)
    throw validationFailed(`Content-Length is required: the file's size_bytes (${record.size_bytes})`);
  if (length !== String(record.size_bytes))
    throw validationFailed(`Content-Length must be the document's size_bytes (${record.size_bytes})`);
  const type = req.headers['content-type'];
  if (typeof type !== 'string' || normalisedMediaType(type) !== normalisedMediaType(record.content_type)) {
    throw validationFailed(`Content-Type must be the document's content_type (${record.content_type})`);
  }
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  req.once('error', (error) => hashing.destroy(error));
  const blobs = await runtime.blobs();
  try {
    await blobs.put(record.blob_key, req.pipe(hashing), { size: record.size_bytes, contentType: record.content_type });
  } catch (error) {
    if (error instanceof BlobSizeMismatchError)
      throw validationFailed(`the body must be exactly size_bytes (${record.size_bytes}) bytes`);
    throw error;
  }
  const recorded = await documentModel(runtime.context.connection).updateOne(
    { _id: record._id, workspace_id: record.workspace_id, status: 'pending' },
    { $set: { checksum_sha256: hash.digest('hex'), received_at: runtime.now().toISOString() } },
  );
  if (recorded.matchedCount === 0) {
    // Deleted (or expired) while the bytes were on their way: they must not stay behind.
    await blobs.remove(record.blob_key);
    throw refused();
  }
}

// GET on a download URL: the bytes, as an attachment of the declared type that browsers must
// not sniff into something else, nor run as a page.
export async function sendDownload(
  runtime: DocumentsRuntime,
  id: string,
  query: SignedQuery,
  res: Response,
): Promise<void> {
  const { record } = await grantedDocument(runtime, 'GET', id, query);
  const stream = await (await runtime.blobs()).read(record.blob_key);
  if (!stream) throw refused();
  res.status(200);
  res.setHeader('Content-Type', record.content_type);
  res.setHeader('Content-Length', String(record.size_bytes));
  res.setHeader('Content-Disposition', attachmentDisposition(record.name));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  res.setHeader('Cache-Control', 'private, no-store');
  if (record.checksum_sha256)
    res.setHeader('Digest', `sha-256=${Buffer.from(record.checksum_sha256, 'hex').toString('base64')}`);
  await pipeline(stream, res);
}
