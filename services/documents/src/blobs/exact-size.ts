import { Transform } from 'node:stream';
import { BlobSizeMismatchError } from './blob-store';

// Passes bytes through and fails the stream as soon as more than `size` arrive, or at the end
// when fewer did: a store never keeps a file of another size than the one declared.
export function exactSize(size: number): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > size) callback(new BlobSizeMismatchError(size, received));
      else callback(null, chunk);
    },
    flush(callback) {
      callback(received === size ? null : new BlobSizeMismatchError(size, received));
    },
  });
}
