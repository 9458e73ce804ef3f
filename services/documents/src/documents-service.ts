import { defineService } from '@crm/service-host';
import { blobStoreModule } from './blobs/blob-store-module';
import { documentsModule } from './documents/documents-module';
import { documentsRuntime } from './documents-runtime';
import { exportsModule } from './exports/exports-module';
import { privacyModule } from './privacy/privacy-module';

// File metadata, blob storage, signed upload and download URLs, quota (docs/documents.md).
export const documentsService = defineService({
  name: 'documents',
  // Settings checked and the blob store opened, once at start.
  runtime: documentsRuntime,
  modules: [blobStoreModule, documentsModule, exportsModule, privacyModule],
});
