import type { ServiceModule } from '@crm/service-host';
import type { DocumentsRuntime } from '../documents-runtime';

// The blob store the runtime opened at start.
export const blobStoreModule: ServiceModule<DocumentsRuntime> = {
  // First in the list: the blob store must answer before the service takes requests or events; a
  // wrong bucket or an unwritable directory stops the start, naming it.
  async consumers(runtime) {
    await runtime.blobs();
  },
  // Ready only while the blob store answers (the directory is writable, the bucket reachable).
  readiness: (runtime) => [{ name: 'blob store', check: async () => (await runtime.blobs()).ping() }],
};
