import type { Readable } from 'node:stream';

// Where file bytes live. Service code sees only this port; which adapter is behind it (a
// directory, S3-compatible object storage) is configuration (BLOB_STORE).
export interface BlobStore {
  readonly kind: string;
  // Stores exactly `size` bytes read from `body`, streamed (never held whole), replacing what
  // the key held. Rejects, leaving the key as it was, when the stream fails or does not carry
  // exactly `size` bytes.
  put(key: string, body: Readable, options: { size: number; contentType: string }): Promise<void>;
  // The size of what the key holds, or null when it holds nothing.
  stat(key: string): Promise<{ size: number } | null>;
  // The bytes of the key as a stream, or null when it holds nothing.
  read(key: string): Promise<Readable | null>;
  // Removes the key's bytes; nothing to remove is not an error.
  remove(key: string): Promise<void>;
  // Readiness: the store answers (a directory is writable, a bucket reachable).
  ping(): Promise<void>;
  close(): Promise<void>;
}

// A stream that did not carry the declared number of bytes.
export class BlobSizeMismatchError extends Error {
  constructor(
    readonly expected: number,
    readonly received: number,
  ) {
    super(`expected ${expected} bytes, received ${received > expected ? 'more' : received}`);
    this.name = 'BlobSizeMismatchError';
  }
}
