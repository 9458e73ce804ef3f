import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { request, signUpWithWorkspace, waitFor, type TestSystem } from '../support/system';
import { bytesOf, documentsApi, sendBytes, sha256, startDocumentsSystem } from './documents-support';

// A file on a record as a client meets it, through the gateway: start an upload, PUT the bytes
// to the signed URL, complete, see it on the record and in usage, download it through a signed
// link, delete it (the link stops working, the quota is freed). The bytes in the blob store and
// the events documents publishes: its service spec, document files.
let system: TestSystem;

beforeAll(async () => {
  system = await startDocumentsSystem();
});

afterAll(() => system.destroy());

describe('documents', () => {
  it('uploads, completes, lists, downloads and deletes a file', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Dee');
    const api = documentsApi(system, owner);
    const company = await api.company('Files Ltd');
    const bytes = bytesOf(1500);

    const { document, uploadUrl } = await api.start({ type: 'company', id: company }, bytes, 'Q3 report – final.pdf');
    expect(document).toEqual({
      id: expect.any(String),
      target_type: 'company',
      target_id: company,
      name: 'Q3 report – final.pdf',
      content_type: 'application/pdf',
      size_bytes: 1500,
      status: 'pending',
      uploaded_by: owner.user.id,
      uploaded_by_name: 'Dee',
      created_at: expect.any(String),
    });
    // Reserved from the start, not listed until completed.
    expect((await api.usage()).body).toEqual({ used: 1500, quota: 10000 });
    expect((await api.list('company', company)).body).toEqual({ data: [] });
    // Completing before the bytes arrived is refused and changes nothing.
    const early = await api.complete(document.id);
    expect({ status: early.status, code: early.body.error.code }).toEqual({ status: 409, code: 'upload_incomplete' });

    const put = await api.put(uploadUrl, bytes);
    expect(put.status).toBe(204);
    const completed = await api.complete(document.id);
    expect({ status: completed.status, body: completed.body }).toEqual({
      status: 200,
      body: { ...document, status: 'ready' },
    });
    // Completing again answers the same document.
    expect((await api.complete(document.id)).body).toEqual(completed.body);
    expect((await api.list('company', company)).body).toEqual({ data: [completed.body] });
    expect((await api.usage()).body).toEqual({ used: 1500, quota: 10000 });

    const downloadUrl = await api.downloadUrl(document.id);
    const download = await sendBytes(downloadUrl, 'GET');
    expect(download.status).toBe(200);
    expect(sha256(download.bytes)).toBe(sha256(bytes));
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-length')).toBe('1500');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Q3 report _ final.pdf"; filename*=UTF-8''Q3%20report%20%E2%80%93%20final.pdf`,
    );

    const removed = await api.remove(document.id);
    expect(removed.status).toBe(204);
    expect((await sendBytes(downloadUrl, 'GET')).status).toBe(403);
    expect((await api.list('company', company)).body).toEqual({ data: [] });
    expect((await api.usage()).body).toEqual({ used: 0, quota: 10000 });
    expect((await api.remove(document.id)).status).toBe(404);
    expect((await api.complete(document.id)).status).toBe(404);
    expect((await api.call('GET', `/documents/${document.id}/download`)).status).toBe(404);

    // One audit entry per change, read from the document events.
    const summaries = await waitFor(async () => {
      const log = await request(system.url, 'GET', '/audit-log?source=record&limit=50', { token: owner.token });
      const items = (log.body.data as Array<{ summary: string }>).map((item) => item.summary);
      return items.some((summary) => summary.startsWith('Deleted file')) ? items : undefined;
    }, 'the document changes in the audit log');
    expect(summaries).toEqual(
      expect.arrayContaining([
        'Started uploading file "Q3 report – final.pdf"',
        'Added file "Q3 report – final.pdf"',
        'Deleted file "Q3 report – final.pdf"',
      ]),
    );
  });

  it('keeps files on a contact apart from files on a company, newest first', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Ed');
    const api = documentsApi(system, owner);
    const contact = await api.contact('Ann');
    const company = await api.company('Other Ltd');
    const first = await api.upload(
      { type: 'contact', id: contact },
      bytesOf(10, 1),
      'a.txt',
      'text/plain; charset=utf-8',
    );
    const second = await api.upload({ type: 'contact', id: contact }, bytesOf(20, 2), 'b.png', 'image/png');
    await api.upload({ type: 'company', id: company }, bytesOf(30, 3), 'c.csv', 'text/csv');
    expect((await api.list('contact', contact)).body.data.map((item: { id: string }) => item.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await api.usage()).body.used).toBe(60);

    // A text file is served as text, but only ever as an attachment that is not sniffed.
    const text = await sendBytes(await api.downloadUrl(first.id), 'GET');
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text.headers.get('content-disposition')).toBe(`attachment; filename="a.txt"; filename*=UTF-8''a.txt`);
  });

  it('refuses bad input with 400 naming the field, and nothing is created', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Flo');
    const api = documentsApi(system, owner);
    const company = await api.company('Input Ltd');
    const valid = {
      target_type: 'company',
      target_id: company,
      name: 'x.pdf',
      content_type: 'application/pdf',
      size_bytes: 10,
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, target_type: 'deal' }, 'target_type'],
      [{ ...valid, target_id: 'nope' }, 'target_id'],
      [{ ...valid, name: '' }, 'name'],
      [{ ...valid, name: 'a'.repeat(256) }, 'name'],
      [{ ...valid, name: 'two\nlines' }, 'name'],
      [{ ...valid, content_type: 'pdf' }, 'content_type'],
      [{ ...valid, content_type: `application/${'x'.repeat(150)}` }, 'content_type'],
      [{ ...valid, size_bytes: -1 }, 'size_bytes'],
      [{ ...valid, size_bytes: 1.5 }, 'size_bytes'],
      [{ ...valid, colour: 'red' }, 'colour'],
      [{ target_type: 'company', target_id: company, name: 'x.pdf', content_type: 'application/pdf' }, 'size_bytes'],
    ];
    for (const [body, field] of cases) {
      const answer = await api.create(body);
      expect({ field, status: answer.status, code: answer.body.error?.code }).toEqual({
        field,
        status: 400,
        code: 'validation_failed',
      });
      expect(answer.body.error.message).toContain(field);
    }
    // A target that is not a record of the workspace (unknown, or in the recycle bin).
    const unknown = await api.create({ ...valid, target_id: '0193a5f2-7c1e-7d3a-9f43-2a1b3c4d5e6f' });
    expect({ status: unknown.status, message: unknown.body.error.message }).toEqual({
      status: 400,
      message: 'target_id is not a company of this workspace',
    });
    const binned = await api.company('Binned Ltd');
    expect((await api.call('DELETE', `/companies/${binned}`)).status).toBe(204);
    expect((await api.create({ ...valid, target_id: binned })).status).toBe(400);
    const contactAsCompany = await api.contact('Cy');
    expect((await api.create({ ...valid, target_id: contactAsCompany })).status).toBe(400);

    const listing = await api.call('GET', `/documents?target_type=company`);
    expect({ status: listing.status, message: listing.body.error.message }).toEqual({
      status: 400,
      message: expect.stringContaining('target_id'),
    });
    expect((await api.call('GET', '/documents/not-a-uuid/download')).status).toBe(400);
    expect((await api.usage()).body.used).toBe(0);
  });

  it('is ready only while its blob store answers', async () => {
    const readyz = () =>
      fetch(`http://127.0.0.1:${system.services.documents.httpPort}/readyz`).then(async (answer) => ({
        status: answer.status,
        body: await answer.json(),
      }));
    expect((await readyz()).status).toBe(200);
    const blobs = join(system.dataDir, 'blobs');
    renameSync(blobs, `${blobs}.away`);
    try {
      expect(await readyz()).toEqual({
        status: 503,
        body: { error: { code: 'unavailable', message: 'blob store is not reachable' } },
      });
    } finally {
      renameSync(`${blobs}.away`, blobs);
    }
    expect((await readyz()).status).toBe(200);
  });

  it("shows the uploader's current name, and an API key's name for what a key uploaded", async () => {
    const owner = await signUpWithWorkspace(system.url, 'Hu');
    const api = documentsApi(system, owner);
    const company = await api.company('Names Ltd');
    const mine = await api.upload({ type: 'company', id: company }, bytesOf(5));
    expect(mine.uploaded_by_name).toBe('Hu');
    const key = await request(system.url, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Nightly sync', kind: 'integration', role: 'Agent (read & write)' },
    });
    expect(key.status).toBe(201);
    const byKey = await documentsApi(system, { ...owner, token: key.body.key as string }).upload(
      { type: 'company', id: company },
      bytesOf(6),
    );
    expect({ by: byKey.uploaded_by, name: byKey.uploaded_by_name }).toEqual({
      by: owner.user.id,
      name: 'Nightly sync',
    });

    expect(
      (
        await request(system.url, 'PATCH', '/me', {
          token: owner.token,
          body: { first_name: 'Hugh', last_name: 'Lane' },
        })
      ).status,
    ).toBe(204);
    const names = await waitFor(async () => {
      const listed = (await api.list('company', company)).body.data as Array<{ id: string; uploaded_by_name: string }>;
      const byId = new Map(listed.map((item) => [item.id, item.uploaded_by_name]));
      return byId.get(mine.id) === 'Hugh Lane' ? byId : undefined;
    }, 'the new name on the file');
    expect(names.get(byKey.id)).toBe('Nightly sync');
  });
});
