import { crmCoreV1 } from '@crm/protos';
import { peerClient, type ServiceContext } from '@crm/service-host';
import type { BlobStore } from './blobs/blob-store';
import { createBlobStore } from './blobs/create-blob-store';
import { loadDocumentsConfig, type DocumentsConfig } from './config';

// What documents' code needs besides the host's context: its settings, the blob store and its
// client of crm-core. Made once per start by the host (documents-service.ts).
export interface DocumentsRuntime {
  context: ServiceContext;
  config: DocumentsConfig;
  // Started at service start (the service fails to start when the store is unreachable).
  blobs(): Promise<BlobStore>;
  crmRecords(): crmCoreV1.CrmRecordsServiceClient;
  // Clocks of the URL checks and of expiries; tests of the cleanup job move the job worker's.
  now(): Date;
}

export function documentsRuntime(context: ServiceContext): DocumentsRuntime {
  // Settings are validated before anything starts: a bad value stops the service naming it.
  const config = loadDocumentsConfig(context.env, context.dataDir);
  const store = createBlobStore(config.blobStore, context.logger).then((blobs) => {
    context.onStop('blob store', () => blobs.close());
    return blobs;
  });
  // Handled where it is awaited (at start); not an unhandled rejection meanwhile.
  store.catch(() => undefined);
  return {
    context,
    config,
    blobs: () => store,
    // Made on first use: crm-core may start after documents (it calls documents too).
    crmRecords: () => peerClient(context, 'crm-core', crmCoreV1.CrmRecordsServiceClient),
    now: () => new Date(),
  };
}
