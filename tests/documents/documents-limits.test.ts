import { signUpWithWorkspace, type TestSystem } from '../support/system';
import { bytesOf, documentsApi, startDocumentsSystem } from './documents-support';

// The per-file limit and the workspace quota of the plan (tiny in this system: 4000 bytes a
// file, 10000 in all on Standard), counted when the upload starts, and holding under races.
let system: TestSystem;

beforeAll(async () => {
  system = await startDocumentsSystem();
});

afterAll(() => system.destroy());

const pdf = (target_id: string, size_bytes: number) => ({
  target_type: 'company',
  target_id,
  name: 'big.pdf',
  content_type: 'application/pdf',
  size_bytes,
});

describe('storage limits', () => {
  it('refuses a file over the per-file limit with 413 file_too_large', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Gus');
    const api = documentsApi(system, owner);
    const company = await api.company('Big Ltd');
    const over = await api.create(pdf(company, 4001));
    expect({ status: over.status, code: over.body.error.code }).toEqual({ status: 413, code: 'file_too_large' });
    expect(over.body.error.message).toContain('size_bytes');
    expect((await api.create(pdf(company, 4000))).status).toBe(201);
    expect((await api.usage()).body).toEqual({ used: 4000, quota: 10000 });
  });

  it('refuses an upload that would pass the quota with 409 storage_quota_exceeded, and frees quota on delete', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Hal');
    const api = documentsApi(system, owner);
    const company = await api.company('Full Ltd');
    const first = (await api.create(pdf(company, 4000))).body.document;
    await api.create(pdf(company, 4000));
    const over = await api.create(pdf(company, 2001));
    expect({ status: over.status, code: over.body.error.code }).toEqual({
      status: 409,
      code: 'storage_quota_exceeded',
    });
    expect((await api.usage()).body).toEqual({ used: 8000, quota: 10000 });
    // Exactly up to the quota is fine.
    expect((await api.create(pdf(company, 2000))).status).toBe(201);
    expect((await api.create(pdf(company, 0))).status).toBe(201);
    expect((await api.create(pdf(company, 1))).status).toBe(409);
    // A pending upload deleted gives its reservation back.
    expect((await api.remove(first.id)).status).toBe(204);
    expect((await api.usage()).body.used).toBe(6000);
    expect((await api.create(pdf(company, 4000))).status).toBe(201);
  });

  it('lets only one of two uploads racing past the quota through', async () => {
    for (let round = 0; round < 3; round += 1) {
      const owner = await signUpWithWorkspace(system.url, 'Ivy');
      const api = documentsApi(system, owner);
      const company = await api.company('Race Ltd');
      await api.create(pdf(company, 4000));
      // 4000 + 4000 fits, 4000 + 4000 + 4000 does not: each of the two fits alone.
      const answers = await Promise.all([api.create(pdf(company, 4000)), api.create(pdf(company, 4000))]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect((await api.usage()).body.used).toBe(8000);
    }
  });

  it('refuses a PUT whose body is not the declared size or type, and keeps the document pending', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Kim');
    const api = documentsApi(system, owner);
    const company = await api.company('Sizes Ltd');
    const bytes = bytesOf(100);
    const { document, uploadUrl } = await api.start({ type: 'company', id: company }, bytes);
    const short = await api.put(uploadUrl, bytes.subarray(0, 99));
    expect({ status: short.status, code: short.json?.error?.code }).toEqual({ status: 400, code: 'validation_failed' });
    expect(short.json?.error?.message).toContain('Content-Length');
    const long = await api.put(uploadUrl, Buffer.concat([bytes, Buffer.from('x')]));
    expect(long.status).toBe(400);
    const wrongType = await api.put(uploadUrl, bytes, 'text/html');
    expect({ status: wrongType.status, message: wrongType.json?.error?.message }).toEqual({
      status: 400,
      message: expect.stringContaining('Content-Type'),
    });
    expect((await api.complete(document.id)).status).toBe(409);
    // The right bytes still go through on the same URL.
    expect((await api.put(uploadUrl, bytes)).status).toBe(204);
    expect((await api.complete(document.id)).status).toBe(200);
  });
});
