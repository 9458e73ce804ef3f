import { createHash } from 'node:crypto';
import type { InternalClaims } from '@crm/kit';
import { crmCoreV1 } from '@crm/protos';
import { startFakePeer, startServiceForTest, type ServiceHarness } from '@crm/testing';
import type { DocumentsRuntime } from '../documents-runtime';
import { documentsService } from '../documents-service';

// Documents in process for its service tests, with crm-core's side of GetTargets answered by a
// fake that knows every record asked about (documents asks it whether a file's target exists),
// and small storage limits so a test reaches them with a few bytes.
export interface DocumentsForTest {
  documents: ServiceHarness<DocumentsRuntime>;
  stop(): Promise<void>;
}

export const LIMITS = {
  DOCUMENTS_STANDARD_MAX_FILE_BYTES: '4000',
  DOCUMENTS_STANDARD_QUOTA_BYTES: '10000',
};

export async function startDocumentsForTest(): Promise<DocumentsForTest> {
  const crmCore = await startFakePeer([
    {
      definition: crmCoreV1.CrmRecordsServiceService,
      implementation: {
        getTargets: (
          call: { request: crmCoreV1.GetTargetsRequest },
          callback: (error: null, answer: crmCoreV1.GetTargetsResponse) => void,
        ) => callback(null, { targets: call.request.targets }),
      },
    },
  ]);
  const documents = await startServiceForTest(documentsService, {
    env: { ...process.env, ...LIMITS },
    peers: { 'crm-core': crmCore.address },
  });
  return {
    documents,
    async stop() {
      await documents.stop();
      await crmCore.stop();
    },
  };
}

export const bytesOf = (size: number, seed = 7) =>
  Buffer.from(Array.from({ length: size }, (_value, index) => (index * 31 + seed) % 256));

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export type FileTarget = { type: 'company' | 'contact'; id: string };

// The calls a client makes through the gateway, as one member, straight to documents; a signed
// URL (named with the public origin) is followed on documents itself.
export function filesApi(documents: ServiceHarness<DocumentsRuntime>, claims: InternalClaims) {
  const onDocuments = (url: string) => {
    const parsed = new URL(url);
    return `${new URL(documents.baseUrl).origin}${parsed.pathname}${parsed.search}`;
  };
  const api = {
    create: (body: Record<string, unknown>) => documents.call(claims, 'POST', '/documents', { body }),
    // Starts an upload of `bytes`: the document and its URL.
    async start(target: FileTarget, bytes: Buffer, name = 'report.pdf') {
      const created = await api.create({
        target_type: target.type,
        target_id: target.id,
        name,
        content_type: 'application/pdf',
        size_bytes: bytes.length,
      });
      expect(created.status).toBe(201);
      return {
        document: created.body.document as { id: string },
        uploadUrl: onDocuments(created.body.upload_url as string),
      };
    },
    put: (url: string, bytes: Buffer) =>
      fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': 'application/pdf' } }).then(
        (answer) => answer.status,
      ),
    complete: (id: string) => documents.call(claims, 'POST', `/documents/${id}/complete`),
    // Upload, PUT and complete: a file on the record.
    async upload(target: FileTarget, bytes: Buffer, name?: string) {
      const { document, uploadUrl } = await api.start(target, bytes, name);
      expect(await api.put(uploadUrl, bytes)).toBe(204);
      const completed = await api.complete(document.id);
      expect(completed.status).toBe(200);
      return completed.body as { id: string };
    },
    async downloadUrl(id: string): Promise<string> {
      const link = await documents.call(claims, 'GET', `/documents/${id}/download`);
      expect(link.status).toBe(200);
      return onDocuments(link.body.url as string);
    },
    ids: async (target: FileTarget) =>
      (
        (await documents.call(claims, 'GET', `/documents?target_type=${target.type}&target_id=${target.id}`)).body
          .data as Array<{ id: string }>
      )
        .map((item) => item.id)
        .sort(),
    used: async () => (await documents.call(claims, 'GET', '/documents/usage')).body.used as number,
    remove: (id: string) => documents.call(claims, 'DELETE', `/documents/${id}`),
    // What the blob store holds for a document (null: nothing).
    async stored(id: string): Promise<number | null> {
      const blobs = await documents.service.runtime.blobs();
      return (await blobs.stat(`${claims.workspace_id}/${id}`))?.size ?? null;
    },
  };
  return api;
}
