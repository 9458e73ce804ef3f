import { serviceJobs } from '@crm/service-host';
import { JobWorker, jobModel, type JobRow } from '@crm/bus';
import { crmCoreService } from '@crm/crm-core';
import { signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';
import { contactAudit, contactsApi, idsOf } from './contacts-support';

// The recycle bin as a client meets it: DELETE moves a contact there (out of the list, in
// deleted=true), restore brings it back, and a scheduled job purges it for good 30 days later.
// The purge is run by job workers whose clock is moved, not by waiting.
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startTestSystem();
  base = system.url;
});

afterAll(() => system.destroy());

const DAY = 24 * 60 * 60 * 1000;

// A job worker of crm-core whose clock runs `days` ahead, as a replica would see the future.
function workerAt(days: number, of: TestSystem = system): JobWorker {
  const { context, runtime } = of.services['crm-core'];
  return new JobWorker({
    connection: context.connection,
    logger: context.logger,
    handlers: serviceJobs(crmCoreService, runtime),
    now: () => new Date(Date.now() + days * DAY),
  });
}

async function purgeJobOf(contactId: string): Promise<JobRow | null> {
  return jobModel(system.services['crm-core'].context.connection)
    .findOne({ name: 'contacts.purge', key: contactId })
    .lean<JobRow>()
    .exec();
}

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

    // The purge is scheduled with the deletion, 30 days out.
    const job = await purgeJobOf(binned.id);
    expect(job?.run_at.getTime()).toBe(Date.parse(inBin.deleted_at!) + 30 * DAY);

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
    expect(await purgeJobOf(binned.id)).toBeNull();
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

  it('purges a contact 30 days after it went to the bin, once however many workers run, letting go of what pointed at it', async () => {
    const owner = await signUpWithWorkspace(base, 'Kim');
    const contacts = contactsApi(base, owner);
    const boss = await contacts.create({ first_name: 'Old', last_name: 'Boss' });
    const report = await contacts.create({ first_name: 'Rita', reports_to_id: boss.id });
    const back = await contacts.create({ first_name: 'Back', last_name: 'Again' });
    expect((await contacts.call('DELETE', `/contacts/${boss.id}`)).status).toBe(204);
    expect((await contacts.call('DELETE', `/contacts/${back.id}`)).status).toBe(204);
    expect((await contacts.call('POST', `/contacts/${back.id}/restore`)).status).toBe(204);

    // Before the 30 days are up nothing goes.
    await workerAt(29).runDue();
    expect((await contacts.get(boss.id)).status).toBe(200);

    // Two replicas at day 31 at once: the contact is purged once.
    await Promise.all([workerAt(31).runDue(), workerAt(31).runDue()]);
    expect((await contacts.get(boss.id)).status).toBe(404);
    expect(idsOf(await contacts.all({ deleted: 'true' }))).toEqual([]);
    expect((await contacts.get(report.id)).body.reports_to_id).toBeNull();
    // The restored contact's job was cancelled with the restore.
    expect((await contacts.get(back.id)).body.deleted_at).toBeNull();
    expect(await purgeJobOf(boss.id)).toBeNull();

    const entries = await waitFor(async () => {
      const items = await contactAudit(base, owner);
      return items.some((item) => item.summary === 'Updated contact "Rita"') &&
        items.some((item) => item.summary?.startsWith('Purged'))
        ? items
        : undefined;
    }, 'the purge in the audit log');
    expect(entries.filter((item) => item.summary === 'Purged contact "Old Boss" from the recycle bin')).toHaveLength(1);
  });

  it('keeps a scheduled purge across a restart of the whole system', async () => {
    const first = await startTestSystem();
    const owner = await signUpWithWorkspace(first.url, 'Lars');
    const binned = await contactsApi(first.url, owner).create({ first_name: 'Across', last_name: 'Restart' });
    expect((await contactsApi(first.url, owner).call('DELETE', `/contacts/${binned.id}`)).status).toBe(204);
    await first.stop();

    const second = await startTestSystem({ dataDir: first.dataDir });
    try {
      const contacts = contactsApi(second.url, owner);
      expect((await contacts.get(binned.id)).body.deleted_at).not.toBeNull();
      expect(await workerAt(31, second).runDue()).toBeGreaterThanOrEqual(1);
      expect((await contacts.get(binned.id)).status).toBe(404);
    } finally {
      await second.destroy();
    }
  });
});
