import type { Client, ChannelCredentials, ClientOptions } from '@grpc/grpc-js';
import { insecureCredentials } from '@crm/kit';
import { crmCoreV1 } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import type { BlobStore } from './blobs/blob-store';
import { createBlobStore } from './blobs/create-blob-store';
import { loadDocumentsConfig, type DocumentsConfig } from './config';

// What documents' code needs besides the host's context: its settings, the blob store and its
// client of crm-core. Made once per started service.
export interface DocumentsRuntime {
  context: ServiceContext;
  config: DocumentsConfig;
  // Started at service start (the service fails to start when the store is unreachable).
  blobs(): Promise<BlobStore>;
  crmRecords(): crmCoreV1.CrmRecordsServiceClient;
  // Clocks of the URL checks and of expiries; tests of the cleanup job move the job worker's.
  now(): Date;
}

const runtimes = new WeakMap<ServiceContext, DocumentsRuntime>();

type ClientConstructor<C extends Client> = new (address: string, credentials: ChannelCredentials, options: Partial<ClientOptions>) => C;

export function documentsRuntime(context: ServiceContext): DocumentsRuntime {
  const existing = runtimes.get(context);
  if (existing) return existing;
  // Settings are validated before anything starts: a bad value stops the service naming it.
  const config = loadDocumentsConfig(context.env, context.dataDir);
  const store = createBlobStore(config.blobStore).then((blobs) => {
    context.onStop('blob store', () => blobs.close());
    return blobs;
  });
  // Handled where it is awaited (at start); not an unhandled rejection meanwhile.
  store.catch(() => undefined);
  let crmRecords: crmCoreV1.CrmRecordsServiceClient | undefined;
  const runtime: DocumentsRuntime = {
    context,
    config,
    blobs: () => store,
    // Made on first use: crm-core may start after documents (it calls documents too).
    crmRecords: () => {
      if (!crmRecords) {
        const Constructor: ClientConstructor<crmCoreV1.CrmRecordsServiceClient> = crmCoreV1.CrmRecordsServiceClient;
        const client = new Constructor(context.peers['crm-core'] ?? missingPeer(context), insecureCredentials(), context.grpcClientOptions);
        crmRecords = client;
        context.onStop('crm-core gRPC client', async () => client.close());
      }
      return crmRecords;
    },
    now: () => new Date(),
  };
  runtimes.set(context, runtime);
  return runtime;
}

function missingPeer(context: ServiceContext): never {
  throw new Error(`${context.name} has no gRPC address for its peer crm-core`);
}
