import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DirectoryBlobStore } from '../directory-blob-store';
import { blobStoreContract } from './blob-store-contract';

const directory = mkdtempSync(join(tmpdir(), 'crm-blobs-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

blobStoreContract('directory', () => new DirectoryBlobStore(directory).start());

describe('directory blob store', () => {
  it('leaves no temporary file behind a refused write, and refuses keys that are not ours', async () => {
    const store = await new DirectoryBlobStore(directory).start();
    const key = '0193a5f0-0000-7000-8000-000000000003/0193a5f0-0000-7000-8000-000000000004';
    await expect(store.put(key, Readable.from([Buffer.from('abc')]), { size: 5 })).rejects.toThrow();
    expect(readdirSync(join(directory, '0193a5f0-0000-7000-8000-000000000003'))).toEqual([]);
    await expect(store.stat('../../etc/passwd')).rejects.toThrow('invalid blob key');
  });
});
