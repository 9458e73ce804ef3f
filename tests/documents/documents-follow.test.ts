import { request, signUpWithWorkspace, waitFor, type TestSystem } from '../support/system';
import { bytesOf, documentsApi, startDocumentsSystem } from './documents-support';

// Files follow their records: a merge moves them to the survivor, the recycle bin keeps them.
// What needs a clock moved or documents' insides is in its service spec, document files: the
// files of a purged record deleted with their bytes, uploads never completed cleaned up once their
// URL expired, and DeleteFilesOf over gRPC (a contact's erasure through the gateway:
// tests/crm-core/privacy.test.ts).
let system: TestSystem;

beforeAll(async () => {
  system = await startDocumentsSystem();
});

afterAll(() => system.destroy());

const idsIn = (answer: { body: Record<string, unknown> }) =>
  (answer.body.data as Array<{ id: string }>).map((item) => item.id).sort();

describe('documents following their records', () => {
  it('moves the files of merged companies and contacts to the survivor', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Mo');
    const api = documentsApi(system, owner);
    const survivor = await api.company('Survivor Ltd');
    const source = await api.company('Source Ltd');
    const kept = await api.upload({ type: 'company', id: survivor }, bytesOf(10));
    const moved = await api.upload({ type: 'company', id: source }, bytesOf(20));
    const pending = await api.start({ type: 'company', id: source }, bytesOf(5));

    const merge = await request(system.url, 'POST', `/companies/${survivor}/merge`, {
      token: owner.token,
      body: { source_ids: [source] },
    });
    expect(merge.status).toBe(200);
    await waitFor(
      async () => (idsIn(await api.list('company', survivor)).length === 2 ? true : undefined),
      'the files on the survivor',
    );
    expect(idsIn(await api.list('company', survivor))).toEqual([kept.id, moved.id].sort());
    expect((await api.list('company', source)).body).toEqual({ data: [] });
    // A pending upload moves too, and completes on the survivor.
    expect((await api.put(pending.uploadUrl, bytesOf(5))).status).toBe(204);
    expect((await api.complete(pending.document.id)).body).toMatchObject({ target_id: survivor, status: 'ready' });

    const contact = await api.contact('Keep');
    const duplicate = await api.contact('Dup');
    const file = await api.upload({ type: 'contact', id: duplicate }, bytesOf(7));
    expect(
      (
        await request(system.url, 'POST', `/contacts/${contact}/merge`, {
          token: owner.token,
          body: { source_ids: [duplicate] },
        })
      ).status,
    ).toBe(200);
    await waitFor(
      async () => (idsIn(await api.list('contact', contact)).includes(file.id) ? true : undefined),
      'the file on the surviving contact',
    );
    expect((await api.usage()).body.used).toBe(42);
  });

  it('keeps the files of a company in the recycle bin: the company may come back', async () => {
    const owner = await signUpWithWorkspace(system.url, 'Pia');
    const api = documentsApi(system, owner);
    const company = await api.company('Binned Ltd');
    const file = await api.upload({ type: 'company', id: company }, bytesOf(100));

    expect((await request(system.url, 'DELETE', `/companies/${company}`, { token: owner.token })).status).toBe(204);
    expect(idsIn(await api.list('company', company))).toEqual([file.id]);
    expect((await api.usage()).body.used).toBe(100);
  });
});
