import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { nodeDurableFileOperations, type DurableFileOperations } from '@crm/kit';
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

describe('directory blob store durability', () => {
  it('fsyncs a stored file before renaming it into place and the folder after; a removal fsyncs the folder', async () => {
    const calls: string[] = [];
    const real = nodeDurableFileOperations;
    const files: DurableFileOperations = {
      makeDirectory: (path) => real.makeDirectory(path),
      create: async (path, mode) => {
        calls.push('create');
        const handle = await real.create(path, mode);
        return {
          write: (chunk) => handle.write(chunk),
          sync: () => (calls.push('fsync file'), handle.sync()),
          close: () => handle.close(),
        };
      },
      rename: (from, to) => (calls.push('rename'), real.rename(from, to)),
      link: (from, to) => real.link(from, to),
      remove: (path) => (calls.push('remove'), real.remove(path)),
      syncDirectory: (path) => (calls.push(`fsync dir ${path.slice(directory.length)}`), real.syncDirectory(path)),
    };
    const store = await new DirectoryBlobStore(directory, files).start();
    const folder = '0193a5f0-0000-7000-8000-000000000005';
    const key = `${folder}/0193a5f0-0000-7000-8000-000000000006`;
    await store.put(key, Readable.from([Buffer.from('ab'), Buffer.from('c')]), { size: 3 });
    expect(calls).toEqual(['fsync dir ', 'create', 'fsync file', 'rename', `fsync dir /${folder}`]);
    calls.length = 0;
    await store.remove(key);
    expect(calls).toEqual(['remove', `fsync dir /${folder}`]);
    expect(await store.stat(key)).toBeNull();
  });
});
