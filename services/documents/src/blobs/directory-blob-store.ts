import { createReadStream } from 'node:fs';
import { access, constants, mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { removeFileDurably, writeFileDurably, type DurableFileOperations } from '@crm/kit';
import type { BlobStore } from './blob-store';
import { exactSize } from './exact-size';

// Keys are made by documents (`<workspace id>/<document id>`, both uuids): checked anyway so a
// key can never name a path outside the directory.
const KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

// Bytes in files under one directory: DATA_DIR/blobs in the embedded mode, or a mounted volume
// (a Kubernetes PersistentVolumeClaim). A write goes to a temporary file, fsynced and renamed into
// place when complete, then the folder is fsynced: a reader never sees half a file, a failed upload
// leaves the old bytes, and a stored file (a completed document, an export) survives a power cut.
export class DirectoryBlobStore implements BlobStore {
  readonly kind = 'directory';

  constructor(
    private readonly directory: string,
    private readonly files?: DurableFileOperations,
  ) {}

  async start(): Promise<this> {
    await mkdir(this.directory, { recursive: true });
    return this;
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error('invalid blob key');
    return join(this.directory, key);
  }

  async put(key: string, body: Readable, options: { size: number }): Promise<void> {
    await writeFileDurably(
      this.pathOf(key),
      (append) =>
        pipeline(body, exactSize(options.size), async (chunks: AsyncIterable<Buffer>) => {
          for await (const chunk of chunks) await append(chunk);
        }),
      {},
      this.files,
    );
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return { size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async read(key: string): Promise<Readable | null> {
    const path = this.pathOf(key);
    // Opened before answering, so a missing file is null rather than a failing stream.
    const stream = createReadStream(path);
    return new Promise((resolve, reject) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(null) : reject(error)));
    });
  }

  async remove(key: string): Promise<void> {
    await removeFileDurably(this.pathOf(key), this.files);
  }

  async ping(): Promise<void> {
    await access(this.directory, constants.W_OK);
  }

  async close(): Promise<void> {}
}
