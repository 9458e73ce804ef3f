import { randomUUID } from 'node:crypto';
import { call, insecureCredentials, newId, runWithContext, type InternalClaims } from '@crm/kit';
import { documentsV1, EVENT_CONTRACTS, payloadProblem, PERMISSIONS } from '@crm/protos';
import { contractEvent, tenantClaims, waitFor, type ServiceHarness } from '@crm/testing';
import {
  bytesOf,
  filesApi,
  sha256,
  startDocumentsForTest,
  type DocumentsForTest,
} from '../../__tests__/documents-for-test';
import type { DocumentsRuntime } from '../../documents-runtime';

// Documents alone: the bytes in its blob store, the events it publishes, files following a
// purged record, the cleanup of uploads never completed (its job worker's clock moved, never
// waited on) and DeleteFilesOf over gRPC. (Files through the gateway: tests/documents.)
let started: DocumentsForTest;
let documents: ServiceHarness<DocumentsRuntime>;

beforeAll(async () => {
  started = await startDocumentsForTest();
  documents = started.documents;
});
afterAll(() => started.stop());

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

const member = (workspaceId: string = randomUUID()): InternalClaims =>
  tenantClaims({ workspace_id: workspaceId, plan: 'standard', permissions: [...PERMISSIONS] });
const company = () => ({ type: 'company' as const, id: randomUUID() });
const contact = () => ({ type: 'contact' as const, id: randomUUID() });

describe('files and their bytes', () => {
  it('keeps the bytes in the blob store from the PUT on, and removes them with the file', async () => {
    const api = filesApi(documents, member());
    const bytes = bytesOf(1500);
    const { document, uploadUrl } = await api.start(company(), bytes);
    expect(await api.stored(document.id)).toBeNull();
    expect(await api.put(uploadUrl, bytes)).toBe(204);
    expect(await api.stored(document.id)).toBe(1500);
    expect((await api.complete(document.id)).status).toBe(200);
    expect((await api.remove(document.id)).status).toBe(204);
    // Removed right after the deletion committed.
    expect(await api.stored(document.id)).toBeNull();
  });

  it('publishes one event per change with the document state and no URL, and none for a refused change', async () => {
    const claims = member();
    const api = filesApi(documents, claims);
    const target = company();
    const bytes = bytesOf(40);
    const { document, uploadUrl } = await api.start(target, bytes, 'e.pdf');
    expect(await api.put(uploadUrl, bytes)).toBe(204);
    await api.complete(document.id);
    const downloadUrl = await api.downloadUrl(document.id);
    // Refused changes publish nothing: over the file size, then over the quota (10,000 bytes).
    const file = (size_bytes: number) =>
      api.create({ target_type: 'company', target_id: target.id, name: 'x', content_type: 'text/plain', size_bytes });
    expect((await file(999_999)).status).toBe(413);
    expect((await file(4000)).status).toBe(201);
    expect((await file(4000)).status).toBe(201);
    expect((await file(4000)).status).toBe(409);
    expect((await api.remove(document.id)).status).toBe(204);

    const events = await documents.events({ 'event.workspace_id': claims.workspace_id });
    const ofDocument = events.filter((event) => (event.data as { document_id?: string }).document_id === document.id);
    expect(ofDocument.map((event) => [event.type, (event.data as { version: number }).version])).toEqual([
      ['documents.document.created', 1],
      ['documents.document.completed', 2],
      ['documents.document.deleted', 3],
    ]);
    expect(ofDocument[1].data).toMatchObject({
      status: 'ready',
      size_bytes: 40,
      checksum_sha256: sha256(bytes),
      target_id: target.id,
      name: 'e.pdf',
    });
    expect(ofDocument[2].data).toMatchObject({ reason: 'deleted' });
    expect(events.filter((event) => event.type === 'documents.document.created')).toHaveLength(3);
    for (const event of events) expect(payloadProblem(EVENT_CONTRACTS.get(event.type)!, event.data)).toBeUndefined();
    const published = JSON.stringify(events);
    for (const url of [uploadUrl, downloadUrl])
      expect(published).not.toContain(new URL(url).searchParams.get('signature')!);
    expect(published).not.toContain('public/files');
  });
});

describe('files following their records', () => {
  it('deletes the files of a purged company with their bytes and frees the quota', async () => {
    const claims = member();
    const api = filesApi(documents, claims);
    const gone = company();
    const other = company();
    const file = await api.upload(gone, bytesOf(100));
    await api.start(gone, bytesOf(50));
    const staying = await api.upload(other, bytesOf(30));
    const link = await api.downloadUrl(file.id);

    // crm-core's bin purged the company (30 days after its deletion), as its relay publishes it.
    await documents.service.context.bus.publish([
      contractEvent('crm.company.purged', claims.workspace_id, { company_id: gone.id, name: 'Gone Ltd' }),
    ]);
    await waitFor(async () => ((await api.used()) === 30 ? true : undefined), 'the purged files gone');
    expect(await api.ids(gone)).toEqual([]);
    expect((await fetch(link)).status).toBe(403);
    await waitFor(async () => ((await api.stored(file.id)) === null ? true : undefined), 'the bytes removed');
    expect((await documents.call(claims, 'GET', `/documents/${file.id}/download`)).status).toBe(404);
    expect(await api.ids(other)).toEqual([staying.id]);
  });

  it('cleans up uploads never completed once their URL expired, freeing their quota', async () => {
    const api = filesApi(documents, member());
    const target = company();
    const abandoned = await api.start(target, bytesOf(300));
    const uploadedOnly = await api.start(target, bytesOf(200));
    expect(await api.put(uploadedOnly.uploadUrl, bytesOf(200))).toBe(204);
    expect(await api.stored(uploadedOnly.document.id)).toBe(200);
    const completed = await api.upload(target, bytesOf(100));
    expect(await api.used()).toBe(600);

    // Before the URL expired (and its grace), nothing goes.
    await documents.jobsAt((14 * MINUTE) / DAY).runDue();
    expect(await api.used()).toBe(600);
    await documents.jobsAt((17 * MINUTE) / DAY).runDue();
    expect(await api.used()).toBe(100);
    for (const gone of [abandoned, uploadedOnly]) expect((await api.complete(gone.document.id)).status).toBe(404);
    await waitFor(
      async () => ((await api.stored(uploadedOnly.document.id)) === null ? true : undefined),
      'the bytes removed',
    );
    expect(await api.put(uploadedOnly.uploadUrl, bytesOf(200))).toBe(403);
    expect(await api.ids(target)).toEqual([completed.id]);
    expect((await fetch(await api.downloadUrl(completed.id))).status).toBe(200);
  });

  it('deletes the files of a contact over gRPC for its erasure and answers the count', async () => {
    const workspaceId = randomUUID();
    const claims = member(workspaceId);
    const api = filesApi(documents, claims);
    const erased = contact();
    const other = contact();
    await api.upload(erased, bytesOf(11));
    await api.upload(erased, bytesOf(12));
    await api.start(erased, bytesOf(13));
    const kept = await api.upload(other, bytesOf(14));

    // As crm-core calls it: a service token from the secret the services share.
    const client = new documentsV1.DocumentsServiceClient(
      `127.0.0.1:${documents.service.grpcPort}`,
      insecureCredentials(),
      documents.service.context.grpcClientOptions,
    );
    try {
      const erase = () =>
        runWithContext(
          {
            request_id: newId(),
            workspace_id: workspaceId,
            actor: { type: 'user', id: claims.user_id, label: 'Rae' },
          },
          () =>
            call(client.deleteFilesOf.bind(client), {
              workspace_id: workspaceId,
              target_type: 'contact',
              target_id: erased.id,
            }),
        );
      expect(await erase()).toEqual({ files_deleted: 3 });
      // Again: nothing left to delete.
      expect(await erase()).toEqual({ files_deleted: 0 });
    } finally {
      client.close();
    }
    expect(await api.ids(erased)).toEqual([]);
    expect(await api.ids(other)).toEqual([kept.id]);
    expect(await api.used()).toBe(14);
  });
});
