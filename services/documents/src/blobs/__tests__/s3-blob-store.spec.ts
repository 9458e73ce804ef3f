import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createLogger } from '@crm/kit';
import { S3BlobStore } from '../s3-blob-store';
import { blobStoreContract } from './blob-store-contract';

// The S3 adapter against an S3-compatible server started on loopback for the test (s3rver).
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string }>;
}) => S3rverServer;
// s3rver ships no type declarations: its constructor is typed here by what the test uses.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as S3rverConstructor;

const directory = mkdtempSync(join(tmpdir(), 'crm-s3rver-'));
let server: S3rverServer;
let endpoint: string;

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'crm-documents' }],
  });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

// s3rver accepts these well-known development credentials.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

blobStoreContract(
  's3',
  () =>
    new S3BlobStore({
      bucket: 'crm-documents',
      region: 'eu-west-2',
      endpoint,
      forcePathStyle: true,
      credentials,
      // The refused uploads' warnings are the service's log lines (the test below reads them).
      logger: createLogger('documents', 'silent'),
    }).start(),
  false,
);

describe('s3 blob store', () => {
  it('refuses to start when its bucket is not reachable', async () => {
    await expect(
      new S3BlobStore({
        bucket: 'no-such-bucket',
        region: 'eu-west-2',
        endpoint,
        forcePathStyle: true,
        credentials,
      }).start(),
    ).rejects.toThrow('the S3 bucket no-such-bucket is not reachable');
  });

  it("writes the client's own warnings to the service's log, not to the console", async () => {
    const lines: string[] = [];
    const store = await new S3BlobStore({
      bucket: 'crm-documents',
      region: 'eu-west-2',
      endpoint,
      forcePathStyle: true,
      credentials,
      logger: createLogger('documents', 'info', { write: (line: string) => void lines.push(line) }),
    }).start();
    const consoleWarn = jest.spyOn(console, 'warn');
    try {
      // A streamed upload that fails: the client warns that it will not retry it.
      await expect(
        store.put('warned', Readable.from([Buffer.from('too long')]), { size: 4, contentType: 'text/plain' }),
      ).rejects.toThrow();
      expect(consoleWarn).not.toHaveBeenCalled();
      expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
        expect.objectContaining({
          service: 'documents',
          component: 's3-client',
          msg: 'An error was encountered in a non-retryable streaming request.',
        }),
      ]);
    } finally {
      consoleWarn.mockRestore();
      await store.close();
    }
  });
});
