import type { Logger } from '@crm/kit';
import type { BlobStoreConfig } from '../config';
import type { BlobStore } from './blob-store';
import { DirectoryBlobStore } from './directory-blob-store';
import { S3BlobStore } from './s3-blob-store';

// The adapter the configuration chose, started (directory made, bucket reached).
export async function createBlobStore(config: BlobStoreConfig, logger: Logger): Promise<BlobStore> {
  if (config.kind === 'directory') return new DirectoryBlobStore(config.directory).start();
  return new S3BlobStore({ ...config, logger }).start();
}
