import { signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';
import { contactAudit, contactsApi, idsOf } from './contacts-support';

// The recycle bin as a client meets it: DELETE moves a contact there (out of the list, in
// deleted=true) and restore brings it back. (The purge 30 days later, run by job workers whose
// clock is moved: services/crm-core/src/records/__tests__/recycle-bin.service.spec.ts.)
const base = sharedTestSystem().url;

describe('the contact recycle bin', () => {
  it('moves a contact to the bin and back, and leaves the bin out of lists', async () => {
    const owner = await signUpWithWorkspace(base, 'Jo');
    const contacts = contactsApi(base, owner);
    const kept = await contacts.create({ first_name: 'Kept' });
    const binned = await contacts.create({ first_name: 'Binned', email: 'binned@example.com' });

    expect((await contacts.call('DELETE', `/contacts/${binned.id}`)).status).toBe(204);
    const inBin = (await contacts.get(binned.id)).body;
    expect(inBin.deleted_at).not.toBeNull();
    expect(idsOf(await contacts.all())).toEqual([kept.id]);
    expect(idsOf(await contacts.all({ q: 'binned' }))).toEqual([]);
    expect(idsOf(await contacts.all({ deleted: 'true' }))).toEqual([binned.id]);
    expect(idsOf(await contacts.all({ deleted: 'true', q: 'binned' }))).toEqual([binned.id]);

    // Deleting again changes nothing; a binned contact is read and restored, not changed or merged into.
    expect((await contacts.call('DELETE', `/contacts/${binned.id}`)).status).toBe(204);
    expect((await contacts.get(binned.id)).body).toEqual(inBin);
    const patch = await contacts.call('PATCH', `/contacts/${binned.id}`, { first_name: 'Changed' });
    expect({ status: patch.status, message: patch.body.error.message }).toEqual({
      status: 404,
      message: 'contact is in the recycle bin: restore it first',
    });
    expect((await contacts.call('POST', `/contacts/${binned.id}/merge`, { source_ids: [kept.id] })).status).toBe(404);

    expect((await contacts.call('POST', `/contacts/${binned.id}/restore`)).status).toBe(204);
    const restored = (await contacts.get(binned.id)).body;
    expect(restored).toMatchObject({ deleted_at: null, first_name: 'Binned' });
    expect(idsOf(await contacts.all())).toEqual([binned.id, kept.id]);
    expect(idsOf(await contacts.all({ deleted: 'true' }))).toEqual([]);
    // Restoring a contact that is not in the bin changes nothing.
    expect((await contacts.call('POST', `/contacts/${kept.id}/restore`)).status).toBe(204);
    expect((await contacts.get(kept.id)).body).toEqual(kept);

    const summaries = await waitFor(async () => {
      const items = (await contactAudit(base, owner))
        .filter((item) => item.object_id === binned.id)
        .map((item) => item.summary);
      return items.length === 3 ? items : undefined;
    }, 'three audit entries of the binned contact');
    expect(summaries).toEqual(['Restored contact "Binned"', 'Deleted contact "Binned"', 'Created contact "Binned"']);
  });
});
