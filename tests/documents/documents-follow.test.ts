import { serviceJobs } from '@crm/service-host';
import { JobWorker } from '@crm/bus';
import { crmCoreService } from '@crm/crm-core';
import { call, insecureCredentials, newId, runWithContext } from '@crm/kit';
import { documentsV1 } from '@crm/protos';
import { request, signUpWithWorkspace, waitFor, type TestSystem } from '../support/system';
import {
  bytesOf,
  documentsApi,
  documentsWorkerAt,
  sendBytes,
  startDocumentsSystem,
  storedSize,
} from './documents-support';

// Files follow their records (a merge moves them to the survivor, a purge deletes them), uploads
// never completed are cleaned up by a scheduled job once their URL expired, and a contact's
// files can be deleted over gRPC for its erasure. Clocks are moved, never waited on.
let system: TestSystem;

beforeAll(async () => {
  system = await startDocumentsSystem();
});

afterAll(() => system.destroy());

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

function crmCoreWorkerAt(ms: number): JobWorker {
  const { context, runtime } = system.services['crm-core'];
  return new JobWorker({
    connection: context.connection,
    logger: context.logger,
    handlers: serviceJobs(crmCoreService, runtime),
    now: () => new Date(Date.now() + ms),
  });
}

const idsIn = (answer: { body: Record<string, unknown> }) =>
  (answer.body.data as Array<{ id: string }>).map((item) => item.id).sort();

describe('documents following their records', () => {
  it('moves the files of merged companies and contacts to the survivor', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Mo');
    const api = documentsApi(system, owner);
    const survivor = await api.company('Survivor Ltd');
    const source = await api.company('Source Ltd');
    const kept = await api.upload({ type: 'company', id: survivor }, bytesOf(10));
    const moved = await api.upload({ type: 'company', id: source }, bytesOf(20));
    const pending = await api.start({ type: 'company', id: source }, bytesOf(5));

    const merge = await request(system.url, 'POST', `/companies/${survivor}/merge`, {
      token: owner.token,
      body: { source_ids: [source] },
    });
    expect(merge.status).toBe(200);
    await waitFor(
      async () => (idsIn(await api.list('company', survivor)).length === 2 ? true : undefined),
      'the files on the survivor',
    );
    expect(idsIn(await api.list('company', survivor))).toEqual([kept.id, moved.id].sort());
    expect((await api.list('company', source)).body).toEqual({ data: [] });
    // A pending upload moves too, and completes on the survivor.
    expect((await api.put(pending.uploadUrl, bytesOf(5))).status).toBe(204);
    expect((await api.complete(pending.document.id)).body).toMatchObject({ target_id: survivor, status: 'ready' });

    const contact = await api.contact('Keep');
    const duplicate = await api.contact('Dup');
    const file = await api.upload({ type: 'contact', id: duplicate }, bytesOf(7));
    expect(
      (
        await request(system.url, 'POST', `/contacts/${contact}/merge`, {
          token: owner.token,
          body: { source_ids: [duplicate] },
        })
      ).status,
    ).toBe(200);
    await waitFor(
      async () => (idsIn(await api.list('contact', contact)).includes(file.id) ? true : undefined),
      'the file on the surviving contact',
    );
    expect((await api.usage()).body.used).toBe(42);
  });

  it('deletes the files of a purged company with their bytes and frees the quota', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Pia');
    const api = documentsApi(system, owner);
    const company = await api.company('Gone Ltd');
    const other = await api.company('Stays Ltd');
    const file = await api.upload({ type: 'company', id: company }, bytesOf(100));
    await api.start({ type: 'company', id: company }, bytesOf(50));
    const staying = await api.upload({ type: 'company', id: other }, bytesOf(30));
    const link = await api.downloadUrl(file.id);

    expect((await request(system.url, 'DELETE', `/companies/${company}`, { token: owner.token })).status).toBe(204);
    // In the recycle bin the files stay: the company may come back.
    expect(idsIn(await api.list('company', company))).toEqual([file.id]);
    expect(await crmCoreWorkerAt(31 * DAY).runDue()).toBeGreaterThanOrEqual(1);
    await waitFor(async () => ((await api.usage()).body.used === 30 ? true : undefined), 'the purged files gone');
    expect((await api.list('company', company)).body).toEqual({ data: [] });
    expect((await sendBytes(link, 'GET')).status).toBe(403);
    // Removed right after the deletion committed.
    await waitFor(
      async () => ((await storedSize(system, owner.workspaceId, file.id)) === null ? true : undefined),
      'the bytes removed',
    );
    expect((await api.call('GET', `/documents/${file.id}/download`)).status).toBe(404);
    expect(idsIn(await api.list('company', other))).toEqual([staying.id]);
  });

  it('cleans up uploads never completed once their URL expired, freeing their quota', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Quin');
    const api = documentsApi(system, owner);
    const company = await api.company('Late Ltd');
    const abandoned = await api.start({ type: 'company', id: company }, bytesOf(300));
    const uploadedOnly = await api.start({ type: 'company', id: company }, bytesOf(200));
    expect((await api.put(uploadedOnly.uploadUrl, bytesOf(200))).status).toBe(204);
    expect(await storedSize(system, owner.workspaceId, uploadedOnly.document.id)).toBe(200);
    const completed = await api.upload({ type: 'company', id: company }, bytesOf(100));
    expect((await api.usage()).body.used).toBe(600);

    // Before the URL expired (and its grace), nothing goes.
    await documentsWorkerAt(system, 14 * MINUTE).runDue();
    expect((await api.usage()).body.used).toBe(600);
    await documentsWorkerAt(system, 17 * MINUTE).runDue();
    expect((await api.usage()).body.used).toBe(100);
    for (const gone of [abandoned, uploadedOnly]) {
      expect((await api.complete(gone.document.id)).status).toBe(404);
    }
    await waitFor(
      async () => ((await storedSize(system, owner.workspaceId, uploadedOnly.document.id)) === null ? true : undefined),
      'the bytes removed',
    );
    await expectRefusedPut(uploadedOnly.uploadUrl);
    expect(idsIn(await api.list('company', company))).toEqual([completed.id]);
    expect((await sendBytes(await api.downloadUrl(completed.id), 'GET')).status).toBe(200);
  });

  it('deletes the files of a contact over gRPC for its erasure and answers the count', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Rae');
    const api = documentsApi(system, owner);
    const contact = await api.contact('Erase Me');
    const other = await api.contact('Keep Me');
    await api.upload({ type: 'contact', id: contact }, bytesOf(11));
    await api.upload({ type: 'contact', id: contact }, bytesOf(12));
    await api.start({ type: 'contact', id: contact }, bytesOf(13));
    const kept = await api.upload({ type: 'contact', id: other }, bytesOf(14));

    const crmCore = system.services['crm-core'].context;
    const client = new documentsV1.DocumentsServiceClient(
      `127.0.0.1:${system.services.documents.grpcPort}`,
      insecureCredentials(),
      crmCore.grpcClientOptions,
    );
    try {
      const erase = () =>
        runWithContext(
          {
            request_id: newId(),
            workspace_id: owner.workspaceId,
            actor: { type: 'user', id: owner.user.id, label: 'Rae' },
          },
          () =>
            call(client.deleteFilesOf.bind(client), {
              workspace_id: owner.workspaceId,
              target_type: 'contact',
              target_id: contact,
            }),
        );
      expect(await erase()).toEqual({ files_deleted: 3 });
      // Again: nothing left to delete.
      expect(await erase()).toEqual({ files_deleted: 0 });
    } finally {
      client.close();
    }
    expect((await api.list('contact', contact)).body).toEqual({ data: [] });
    expect(idsIn(await api.list('contact', other))).toEqual([kept.id]);
    expect((await api.usage()).body.used).toBe(14);
  });
});

async function expectRefusedPut(url: string): Promise<void> {
  expect((await sendBytes(url, 'PUT', bytesOf(200), { 'content-type': 'application/pdf' })).status).toBe(403);
}
