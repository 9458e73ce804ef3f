import type { DestinationStream } from '@crm/kit';
import { signUpWithWorkspace, waitFor, type TestSystem } from '../support/system';
import {
  bytesOf,
  documentsApi,
  PREVIOUS_SIGNING_KEY,
  sendBytes,
  SIGNING_KEY,
  signUrl,
  startDocumentsSystem,
  withQuery,
} from './documents-support';

// Signed URLs are capabilities: each grants one method on one document of one workspace, for
// its size, until it expires. Every other use is refused with the same 403, which says nothing
// of why. The URLs never reach the logs.
let system: TestSystem;
const lines: string[] = [];
const capture: DestinationStream = { write: (line: string) => void lines.push(line) };

beforeAll(async () => {
  system = await startDocumentsSystem({
    logDestination: capture,
    logLevel: 'debug',
    // Room for a file of several megabytes.
    env: {
      DOCUMENTS_STANDARD_MAX_FILE_BYTES: String(8 * 1024 * 1024),
      DOCUMENTS_STANDARD_QUOTA_BYTES: String(64 * 1024 * 1024),
    },
  });
});

afterAll(() => system.destroy());

const REFUSAL = { error: { code: 'forbidden', message: 'this link is not valid or has expired' } };

async function expectRefused(
  url: string,
  method: 'PUT' | 'GET',
  body?: Buffer,
  contentType = 'application/pdf',
): Promise<void> {
  const answer = await sendBytes(url, method, body, body ? { 'content-type': contentType } : {});
  expect({ url, status: answer.status, body: answer.json }).toEqual({ url, status: 403, body: REFUSAL });
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('signed URLs', () => {
  it('refuses a tampered, expired, misdirected or reused URL alike', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Max');
    const api = documentsApi(system, owner);
    const company = await api.company('Links Ltd');
    const bytes = bytesOf(64);
    const { document, uploadUrl } = await api.start({ type: 'company', id: company }, bytes);
    const other = await api.start({ type: 'company', id: company }, bytes);
    const signature = new URL(uploadUrl).searchParams.get('signature')!;
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;

    // Tampered: the signature, the size, the expiry, the workspace, the document.
    await expectRefused(withQuery(uploadUrl, 'signature', flipped), 'PUT', bytes);
    await expectRefused(withQuery(uploadUrl, 'signature', 'short'), 'PUT', bytes);
    await expectRefused(withQuery(uploadUrl, 'size', '65'), 'PUT', Buffer.concat([bytes, Buffer.from('x')]));
    await expectRefused(withQuery(uploadUrl, 'expires', String(nowSeconds() + 86400)), 'PUT', bytes);
    await expectRefused(
      withQuery(
        uploadUrl,
        'workspace_id',
        owner.workspaceId.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      ),
      'PUT',
      bytes,
    );
    // Reused for another document: the same query on the other document's path.
    await expectRefused(uploadUrl.replace(document.id, other.document.id), 'PUT', bytes);
    // Missing parts.
    const bare = new URL(uploadUrl);
    bare.searchParams.delete('signature');
    await expectRefused(bare.toString(), 'PUT', bytes);
    // The upload URL does not download, and a download URL does not upload.
    await expectRefused(uploadUrl, 'GET');
    // Expired: correctly signed with our key, but its time has passed.
    const expired = signUrl(system, SIGNING_KEY, {
      method: 'PUT',
      document_id: document.id,
      workspace_id: owner.workspaceId,
      size_bytes: 64,
      expires: nowSeconds() - 1,
    });
    await expectRefused(expired, 'PUT', bytes);
    // Signed with a key that is not ours.
    const forged = signUrl(system, 'someone-elses-key-0123456789abcdef0123456789', {
      method: 'PUT',
      document_id: document.id,
      workspace_id: owner.workspaceId,
      size_bytes: 64,
      expires: nowSeconds() + 600,
    });
    await expectRefused(forged, 'PUT', bytes);

    // Nothing of the above stored anything; the URL itself still works, once per document.
    expect((await api.complete(document.id)).status).toBe(409);
    expect((await api.put(uploadUrl, bytes)).status).toBe(204);
    expect((await api.complete(document.id)).status).toBe(200);
    // After completion the upload URL is spent: the bytes of a ready file never change.
    await expectRefused(uploadUrl, 'PUT', bytes);

    const downloadUrl = await api.downloadUrl(document.id);
    await expectRefused(downloadUrl, 'PUT', bytes);
    await expectRefused(withQuery(downloadUrl, 'signature', flipped), 'GET');
    await expectRefused(downloadUrl.replace(document.id, other.document.id), 'GET');
    const expiredDownload = signUrl(system, SIGNING_KEY, {
      method: 'GET',
      document_id: document.id,
      workspace_id: owner.workspaceId,
      size_bytes: 64,
      expires: nowSeconds() - 1,
    });
    await expectRefused(expiredDownload, 'GET');
    expect((await sendBytes(downloadUrl, 'GET')).bytes.equals(bytes)).toBe(true);
    // A pending document has no download link.
    const notReady = await api.call('GET', `/documents/${other.document.id}/download`);
    expect({ status: notReady.status, code: notReady.body.error.code }).toEqual({
      status: 409,
      code: 'document_not_ready',
    });
  });

  it("refuses another workspace's URL used on this workspace's document and the other way round", async () => {
    const ann = await signUpWithWorkspace(system.url, 'Ann');
    const bob = await signUpWithWorkspace(system.url, 'Bob');
    const annApi = documentsApi(system, ann);
    const bobApi = documentsApi(system, bob);
    const bytes = bytesOf(32);
    const annFile = await annApi.upload({ type: 'company', id: await annApi.company('Ann Ltd') }, bytes);
    const bobUpload = await bobApi.start({ type: 'company', id: await bobApi.company('Bob Ltd') }, bytes);
    const annDownload = await annApi.downloadUrl(annFile.id);

    // Bob's upload URL, pointed at Ann's document (with or without Ann's workspace in it).
    await expectRefused(bobUpload.uploadUrl.replace(bobUpload.document.id, annFile.id), 'PUT', bytes);
    await expectRefused(
      withQuery(bobUpload.uploadUrl.replace(bobUpload.document.id, annFile.id), 'workspace_id', ann.workspaceId),
      'PUT',
      bytes,
    );
    // Ann's download URL claiming Bob's workspace, or Bob's document.
    await expectRefused(withQuery(annDownload, 'workspace_id', bob.workspaceId), 'GET');
    await expectRefused(annDownload.replace(annFile.id, bobUpload.document.id), 'GET');
    // Ids of the other workspace are unknown through the API.
    for (const call of [
      bobApi.complete(annFile.id),
      bobApi.remove(annFile.id),
      bobApi.call('GET', `/documents/${annFile.id}/download`),
    ]) {
      expect((await call).status).toBe(404);
    }
    expect((await bobApi.list('company', annFile.target_id as string)).body).toEqual({ data: [] });
    expect(
      (
        await bobApi.create({
          target_type: 'company',
          target_id: annFile.target_id,
          name: 'x',
          content_type: 'text/plain',
          size_bytes: 1,
        })
      ).status,
    ).toBe(400);
    // Ann's file is untouched.
    expect((await sendBytes(annDownload, 'GET')).bytes.equals(bytes)).toBe(true);
  });

  it('accepts URLs signed with the previous key during a rotation', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Rot');
    const api = documentsApi(system, owner);
    const bytes = bytesOf(16);
    const { document } = await api.start({ type: 'company', id: await api.company('Rotate Ltd') }, bytes);
    const old = signUrl(system, PREVIOUS_SIGNING_KEY, {
      method: 'PUT',
      document_id: document.id,
      workspace_id: owner.workspaceId,
      size_bytes: 16,
      expires: nowSeconds() + 600,
    });
    expect((await api.put(old, bytes)).status).toBe(204);
    expect((await api.complete(document.id)).status).toBe(200);
  });

  it('streams a file of several megabytes through the gateway', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Lea');
    const api = documentsApi(system, owner);
    // Over the gateway's 1 MiB body limit for JSON: file bytes pass through, never read whole.
    const bytes = bytesOf(5 * 1024 * 1024 + 3);
    const completed = await api.upload(
      { type: 'company', id: await api.company('Large Ltd') },
      bytes,
      'large.bin',
      'application/octet-stream',
    );
    const download = await sendBytes(await api.downloadUrl(completed.id), 'GET');
    expect(download.status).toBe(200);
    expect(download.bytes.equals(bytes)).toBe(true);
    // A JSON file is stored as its bytes, not parsed on the way.
    const json = Buffer.from('{"a": 1,   "b": [true]}\n');
    const stored = await api.upload(
      { type: 'company', id: completed.target_id as string },
      json,
      'data.json',
      'application/json',
    );
    expect((await sendBytes(await api.downloadUrl(stored.id), 'GET')).bytes.equals(json)).toBe(true);
  });

  it('keeps signatures out of every log line', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Log');
    const api = documentsApi(system, owner);
    const bytes = bytesOf(8);
    const { document, uploadUrl } = await api.start({ type: 'company', id: await api.company('Logs Ltd') }, bytes);
    await sendBytes(withQuery(uploadUrl, 'signature', 'tampered-signature'), 'PUT', bytes, {
      'content-type': 'application/pdf',
    });
    expect((await api.put(uploadUrl, bytes)).status).toBe(204);
    await api.complete(document.id);
    const downloadUrl = await api.downloadUrl(document.id);
    await sendBytes(downloadUrl, 'GET');
    const signatures = [uploadUrl, downloadUrl].map((url) => new URL(url).searchParams.get('signature')!);
    // The download, the last request, logged (the lines before it are then written too).
    // Whatever else logs a signed URL has its signature redacted: the kit's logger spec.
    const downloadLogged = () =>
      lines.some((line) => {
        const entry = JSON.parse(line) as { method?: string; path?: string };
        return entry.method === 'GET' && entry.path?.includes(`/public/files/${document.id}`) === true;
      });
    await waitFor(() => downloadLogged(), 'the download logged');
    const log = lines.join('');
    // The requests were logged (so the check below looks at them), without their secrets.
    expect(log).toContain(`/v1/public/files/${document.id}`);
    for (const signature of signatures) expect(log).not.toContain(signature);
    expect(log).not.toContain('tampered-signature');
  });
});
