import { defineService } from '@crm/service-host';
import { registerDocumentModel } from './documents/document.model';
import { subscribeDocumentFollow } from './documents/document-follow';
import { documentJobs } from './documents/document-jobs';
import { documentOperations } from './documents/document-routes';
import { registerStorageUsageModel } from './documents/storage-usage.model';
import { subscribeUploaderNames } from './documents/uploader-names';
import { documentsRuntime } from './documents-runtime';
import { documentsGrpc } from './grpc/documents-grpc';
import { registerExportModel } from './exports/export.model';
import { exportsGrpc } from './exports/export-grpc';
import { exportJobs } from './exports/export-jobs';
import { exportOperations } from './exports/export-routes';
import { subscribeContactErasure } from './privacy/contact-erasure';

// File metadata, blob storage, signed upload and download URLs, quota (docs/documents.md).
export const documentsService = defineService({
  name: 'documents',
  models(connection) {
    registerDocumentModel(connection);
    registerStorageUsageModel(connection);
    registerExportModel(connection);
  },
  runtime: (context) => context,
  operations: (context) => [
    ...documentOperations(documentsRuntime(context)),
    ...exportOperations(documentsRuntime(context)),
  ],
  grpc: (context) => [documentsGrpc(documentsRuntime(context)), exportsGrpc(documentsRuntime(context))],
  async consumers(context) {
    const runtime = documentsRuntime(context);
    // The blob store must answer before the service takes requests: a wrong bucket or an
    // unwritable directory stops the start, naming it.
    await runtime.blobs();
    await subscribeDocumentFollow(runtime);
    await subscribeUploaderNames(runtime);
    await subscribeContactErasure(runtime);
  },
  jobs: (context) => ({ ...documentJobs(documentsRuntime(context)), ...exportJobs(documentsRuntime(context)) }),
  // Ready only while the blob store answers (the directory is writable, the bucket reachable).
  readiness: (context) => [{ name: 'blob store', check: async () => (await documentsRuntime(context).blobs()).ping() }],
});
