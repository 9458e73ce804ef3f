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
  // Settings checked and the blob store opened, once at start.
  runtime: documentsRuntime,
  modules: [
    {
      models(connection) {
        registerDocumentModel(connection);
        registerStorageUsageModel(connection);
        registerExportModel(connection);
      },
      operations: (runtime) => [...documentOperations(runtime), ...exportOperations(runtime)],
      grpc: (runtime) => [documentsGrpc(runtime), exportsGrpc(runtime)],
      async consumers(runtime) {
        // The blob store must answer before the service takes requests: a wrong bucket or an
        // unwritable directory stops the start, naming it.
        await runtime.blobs();
        await subscribeDocumentFollow(runtime);
        await subscribeUploaderNames(runtime);
        await subscribeContactErasure(runtime);
      },
      jobs: (runtime) => ({ ...documentJobs(runtime), ...exportJobs(runtime) }),
      // Ready only while the blob store answers (the directory is writable, the bucket reachable).
      readiness: (runtime) => [{ name: 'blob store', check: async () => (await runtime.blobs()).ping() }],
    },
  ],
});
