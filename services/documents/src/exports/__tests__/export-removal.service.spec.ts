import { randomUUID } from 'node:crypto';
import { call, insecureCredentials, newId, runWithContext } from '@crm/kit';
import { documentsV1 } from '@crm/protos';
import { startServiceForTest, type ServiceHarness } from '@crm/testing';
import type { DocumentsRuntime } from '../../documents-runtime';
import { documentsService } from '../../documents-service';
import { exportModel } from '../export.model';

// An export's file lives as long as its link: crm-core streams the ZIP in over gRPC, documents
// answers a link valid 10 minutes and removes the file when it expires, or an hour after an
// export that never finished began. The jobs run on a worker whose clock is moved ahead.
// (POST /export through the gateway: tests/crm-core/export.test.ts.)
let documents: ServiceHarness<DocumentsRuntime>;
let client: documentsV1.ExportsServiceClient;

beforeAll(async () => {
  documents = await startServiceForTest(documentsService);
  client = new documentsV1.ExportsServiceClient(
    `127.0.0.1:${documents.service.grpcPort}`,
    insecureCredentials(),
    documents.service.context.grpcClientOptions,
  );
});
afterAll(async () => {
  client.close();
  await documents.stop();
});

const MINUTES = 1 / (24 * 60);

// As crm-core calls it: in the member's context, one part after the other.
function exporter(workspaceId: string) {
  const context = {
    request_id: newId(),
    workspace_id: workspaceId,
    actor: { type: 'user' as const, id: 'u1', label: 'Eve' },
  };
  const inContext = <T>(work: () => Promise<T>) => runWithContext(context, work);
  return {
    begin: () =>
      inContext(() => call(client.beginExport.bind(client), { workspace_id: workspaceId, file_name: 'acme.zip' })).then(
        (answer) => answer.export_id,
      ),
    append: (exportId: string, data: Buffer) =>
      inContext(() =>
        call(client.appendExportPart.bind(client), { workspace_id: workspaceId, export_id: exportId, index: 0, data }),
      ),
    finish: (exportId: string) =>
      inContext(() => call(client.finishExport.bind(client), { workspace_id: workspaceId, export_id: exportId })).then(
        (answer) => answer.url,
      ),
  };
}

// A link names the public origin: followed on documents itself.
const onDocuments = (url: string) => {
  const parsed = new URL(url);
  return `${new URL(documents.baseUrl).origin}${parsed.pathname}${parsed.search}`;
};

const stored = async (workspaceId: string, exportId: string) => {
  const record = await exportModel(documents.service.context.connection)
    .findOne({ _id: exportId, workspace_id: workspaceId })
    .lean()
    .exec();
  const blobs = await documents.service.runtime.blobs();
  return { record: record !== null, file: record ? (await blobs.stat(record.blob_key)) !== null : false };
};

describe('an export’s file', () => {
  it('is served until its link expires, then removed with its record', async () => {
    const workspaceId = randomUUID();
    const bytes = Buffer.from('PK\u0003\u0004 a small zip');
    const { begin, append, finish } = exporter(workspaceId);
    const exportId = await begin();
    await append(exportId, bytes);
    const url = onDocuments(await finish(exportId));
    const expires = Number(new URL(url).searchParams.get('expires')) * 1000;
    expect(expires - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);

    // Before the link expires the removal job leaves it alone.
    await documents.jobsAt(5 * MINUTES).runDue();
    const early = await fetch(url);
    expect(early.status).toBe(200);
    expect(Buffer.from(await early.arrayBuffer())).toEqual(bytes);
    expect(await stored(workspaceId, exportId)).toEqual({ record: true, file: true });

    // Past the link's 10 minutes: the same link answers 403 and nothing of the export is left.
    expect(await documents.jobsAt(11 * MINUTES).runDue()).toBeGreaterThanOrEqual(1);
    expect((await fetch(url)).status).toBe(403);
    expect(await stored(workspaceId, exportId)).toEqual({ record: false, file: false });
  });

  it('that never finished is removed an hour after it began', async () => {
    const workspaceId = randomUUID();
    const { begin, append } = exporter(workspaceId);
    const exportId = await begin();
    await append(exportId, Buffer.from('half a zip'));

    await documents.jobsAt(50 * MINUTES).runDue();
    expect((await stored(workspaceId, exportId)).record).toBe(true);
    await documents.jobsAt(61 * MINUTES).runDue();
    expect(await stored(workspaceId, exportId)).toEqual({ record: false, file: false });
  });
});
