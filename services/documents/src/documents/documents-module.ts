import type { ServiceModule } from '@crm/service-host';
import type { DocumentsRuntime } from '../documents-runtime';
import { documentsGrpc } from '../grpc/documents-grpc';
import { registerDocumentModel } from './document.model';
import { subscribeDocumentFollow } from './document-follow';
import { documentJobs } from './document-jobs';
import { documentOperations } from './document-routes';
import { registerStorageUsageModel } from './storage-usage.model';
import { subscribeUploaderNames } from './uploader-names';

// Files attached to companies and contacts: metadata, signed upload and download, the workspace's
// quota; they follow their record (binned, restored, purged) and show their uploader's name.
export const documentsModule: ServiceModule<DocumentsRuntime> = {
  models(connection) {
    registerDocumentModel(connection);
    registerStorageUsageModel(connection);
  },
  operations: documentOperations,
  grpc: (runtime) => [documentsGrpc(runtime)],
  async consumers(runtime) {
    await subscribeDocumentFollow(runtime);
    await subscribeUploaderNames(runtime);
  },
  jobs: documentJobs,
};
