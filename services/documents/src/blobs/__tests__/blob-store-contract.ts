import { Readable } from 'node:stream';
import type { BlobStore } from '../blob-store';

const KEY = '0193a5f0-0000-7000-8000-000000000001/0193a5f0-0000-7000-8000-000000000002';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

// A body that arrives in several chunks, as an upload does.
const chunked = (bytes: Buffer) => Readable.from([bytes.subarray(0, 3), bytes.subarray(3)]);

// What every BlobStore adapter must do, run against each of them. `keepsOnRefusal`: the server
// keeps a key's old bytes when a PUT is cut short (S3 does; s3rver, the test's stand-in, stores
// an empty object instead, so there the refusal itself is what is checked).
export function blobStoreContract(name: string, open: () => Promise<BlobStore>, keepsOnRefusal = true): void {
  describe(`${name} blob store`, () => {
    let store: BlobStore;

    beforeAll(async () => {
      store = await open();
    });

    afterAll(() => store.close());

    it('stores, stats, reads and removes bytes', async () => {
      const bytes = Buffer.from('hello, stored world');
      await store.put(KEY, chunked(bytes), { size: bytes.length, contentType: 'text/plain' });
      expect(await store.stat(KEY)).toEqual({ size: bytes.length });
      expect((await readAll((await store.read(KEY))!)).equals(bytes)).toBe(true);
      await store.remove(KEY);
      expect(await store.stat(KEY)).toBeNull();
      expect(await store.read(KEY)).toBeNull();
      // Removing nothing is not an error.
      await store.remove(KEY);
      await store.ping();
    });

    it('refuses a body of another size than declared and keeps what the key held', async () => {
      const kept = Buffer.from('kept');
      await store.put(KEY, chunked(kept), { size: kept.length, contentType: 'text/plain' });
      await expect(
        store.put(KEY, chunked(Buffer.from('too long')), { size: 4, contentType: 'text/plain' }),
      ).rejects.toThrow();
      await expect(
        store.put(KEY, chunked(Buffer.from('abc')), { size: 4, contentType: 'text/plain' }),
      ).rejects.toThrow();
      if (keepsOnRefusal) expect((await readAll((await store.read(KEY))!)).equals(kept)).toBe(true);
      await store.remove(KEY);
    });

    it('stores an empty file', async () => {
      await store.put(KEY, Readable.from([]), { size: 0, contentType: 'application/octet-stream' });
      expect(await store.stat(KEY)).toEqual({ size: 0 });
      await store.remove(KEY);
    });
  });
}
