import { mkdtempSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpWithWorkspace, type TestSystem } from '../support/system';
import { bytesOf, documentsApi, sendBytes, startDocumentsSystem } from './documents-support';

// The same flow with BLOB_STORE=s3: the bytes go to an S3-compatible server started on loopback
// (s3rver, a dev dependency of documents), chosen by configuration alone.
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
// s3rver ships no type declarations and is installed for documents only.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require(
  require.resolve('s3rver', { paths: [join(__dirname, '..', '..', 'services', 'documents')] }),
) as S3rverConstructor;

const directory = mkdtempSync(join(tmpdir(), 'crm-s3rver-system-'));
let server: S3rverServer;
let system: TestSystem;

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'crm-files' }],
  });
  const address = await server.run();
  system = await startDocumentsSystem({
    env: {
      BLOB_STORE: 's3',
      S3_BUCKET: 'crm-files',
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
});

// The size of what the bucket holds for a document (null: nothing), read from the S3 server's own
// folder (s3rver keeps an object as `<bucket>/<key>._S3rver_object`): the storage the system
// writes to, outside it.
function inBucket(workspaceId: string, documentId: string): number | null {
  try {
    return statSync(join(directory, 'crm-files', workspaceId, `${documentId}._S3rver_object`)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

afterAll(async () => {
  await system?.destroy();
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('documents on S3-compatible storage', () => {
  it('uploads, downloads and deletes through the gateway with the bytes in the bucket', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Sam');
    const api = documentsApi(system, owner);
    const bytes = bytesOf(3000);
    const completed = await api.upload(
      { type: 'company', id: await api.company('Bucket Ltd') },
      bytes,
      'scan.png',
      'image/png',
    );
    expect(inBucket(owner.workspaceId, completed.id)).toBe(3000);
    const download = await sendBytes(await api.downloadUrl(completed.id), 'GET');
    expect({
      status: download.status,
      type: download.headers.get('content-type'),
      same: download.bytes.equals(bytes),
    }).toEqual({ status: 200, type: 'image/png', same: true });
    expect((await api.remove(completed.id)).status).toBe(204);
    expect(inBucket(owner.workspaceId, completed.id)).toBeNull();
    expect((await api.usage()).body.used).toBe(0);
  });
});
