import { request, signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';
import { contactAudit, contactsApi, idsOf } from './contacts-support';

// Merging contacts through the gateway: the survivor keeps its values and fills empty ones from
// the sources in the order given, what pointed at a source points at the survivor, the sources
// go to the bin, and a refused merge changes nothing at all.
const system = sharedTestSystem();
const base = system.url;

describe('merging contacts', () => {
  it('fills the survivor from the sources in order and moves reports and primary contacts to it', async () => {
    const owner = await signUpWithWorkspace(base, 'Lou');
    const contacts = contactsApi(base, owner);
    const company = await contacts.company('Merge Ltd');
    const survivor = await contacts.create({ first_name: 'Ann', email: 'ann@example.com', custom: { tier: 'gold' } });
    const first = await contacts.create({
      first_name: 'Annie',
      last_name: 'Lee',
      phone: '111',
      custom: { tier: 'silver', size: 9 },
    });
    const second = await contacts.create({
      last_name: 'Leigh',
      phone: '222',
      mobile: '333',
      job_title: 'Buyer',
      company_id: company,
      custom: { size: 10, region: 'north' },
    });
    const report = await contacts.create({ first_name: 'Rex', reports_to_id: first.id });
    const primary = await request(base, 'PATCH', `/companies/${company}`, {
      token: owner.token,
      body: { primary_contact_id: second.id },
    });
    expect(primary.status).toBe(200);

    const merged = await contacts.call('POST', `/contacts/${survivor.id}/merge`, { source_ids: [first.id, second.id] });
    expect({ status: merged.status, body: merged.body }).toEqual({ status: 200, body: { merged: 2 } });

    const after = (await contacts.get(survivor.id)).body;
    expect(after).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      phone: '111',
      mobile: '333',
      job_title: 'Buyer',
      company_id: company,
      custom: { tier: 'gold', size: 9, region: 'north' },
      deleted_at: null,
    });
    expect((await contacts.get(report.id)).body.reports_to_id).toBe(survivor.id);
    expect((await request(base, 'GET', `/companies/${company}`, { token: owner.token })).body.primary_contact_id).toBe(
      survivor.id,
    );
    expect(idsOf(await contacts.all({ deleted: 'true' })).sort()).toEqual([first.id, second.id].sort());
    expect(idsOf(await contacts.all())).toEqual([report.id, survivor.id]);
    // The survivor is found by what it took over.
    expect(idsOf(await contacts.all({ q: 'ann lee' }))).toEqual([survivor.id]);

    const summaries = await waitFor(async () => {
      const items = await contactAudit(base, owner);
      return items.some((item) => item.summary === 'Merged 2 contacts into "Ann Lee"')
        ? items.map((item) => item.summary)
        : undefined;
    }, 'the merge in the audit log');
    expect(summaries).toEqual(
      expect.arrayContaining(['Deleted contact "Annie Lee"', 'Deleted contact "Leigh"', 'Updated contact "Rex"']),
    );
    // The company's new primary contact is a change of the company, announced with its version.
    await waitFor(async () => {
      const log = await request(base, 'GET', '/audit-log?source=record&limit=100', { token: owner.token });
      const companyUpdates = (log.body.data as Array<{ object_id: string; summary: string }>).filter(
        (item) => item.object_id === company && item.summary === 'Updated company "Merge Ltd"',
      );
      return companyUpdates.length === 2;
    }, 'two updates of the company in the audit log');
  });

  it('refuses a bad merge with 400 or 404 and changes nothing', async () => {
    const owner = await signUpWithWorkspace(base, 'Max');
    const stranger = await signUpWithWorkspace(base, 'Nia');
    const contacts = contactsApi(base, owner);
    const target = await contacts.create({ first_name: 'Target' });
    const source = await contacts.create({ first_name: 'Source', last_name: 'One', email: 'source@example.com' });
    const binned = await contacts.create({ first_name: 'Binned' });
    expect((await contacts.call('DELETE', `/contacts/${binned.id}`)).status).toBe(204);
    const foreign = await contactsApi(base, stranger).create({ first_name: 'Foreign' });
    const before = [
      (await contacts.get(target.id)).body,
      (await contacts.get(source.id)).body,
      (await contacts.get(binned.id)).body,
    ];

    const cases: Array<[string, unknown, number, RegExp]> = [
      [target.id, { source_ids: [target.id] }, 400, /^source_ids\.0 is the contact merged into/],
      [target.id, { source_ids: [source.id, target.id] }, 400, /^source_ids\.1 is the contact merged into/],
      [
        target.id,
        { source_ids: [source.id, foreign.id] },
        400,
        /^source_ids\.1 is not an active contact of this workspace/,
      ],
      [
        target.id,
        { source_ids: [source.id, binned.id] },
        400,
        /^source_ids\.1 is not an active contact of this workspace/,
      ],
      [
        target.id,
        { source_ids: [source.id, '0193a5f2-7c1e-7d3a-9f43-2a1b3c4d5e6f'] },
        400,
        /^source_ids\.1 is not an active contact/,
      ],
      [target.id, { source_ids: [source.id, source.id] }, 400, /^source_ids must NOT have duplicate items/],
      [target.id, { source_ids: [source.id, source.id.toUpperCase()] }, 400, /^source_ids\.1 is listed twice/],
      [target.id, { source_ids: [] }, 400, /^source_ids must NOT have fewer than 1 items/],
      [
        target.id,
        { source_ids: Array.from({ length: 51 }, () => crypto.randomUUID()) },
        400,
        /^source_ids must NOT have more than 50 items/,
      ],
      [target.id, { source_ids: ['nope'] }, 400, /^source_ids\.0 must be a valid uuid/],
      [target.id, {}, 400, /^source_ids is required/],
      [foreign.id, { source_ids: [source.id] }, 404, /^contact not found/],
      [binned.id, { source_ids: [source.id] }, 404, /^contact is in the recycle bin/],
    ];
    for (const [id, body, status, message] of cases) {
      const answer = await contacts.call('POST', `/contacts/${id}/merge`, body);
      expect({ body, status: answer.status, message: answer.body.error?.message }).toEqual({
        body,
        status,
        message: expect.stringMatching(message),
      });
    }
    expect([
      (await contacts.get(target.id)).body,
      (await contacts.get(source.id)).body,
      (await contacts.get(binned.id)).body,
    ]).toEqual(before);
    expect((await contactsApi(base, stranger).get(foreign.id)).body.deleted_at).toBeNull();
  });

  it('refuses a merge whose filled custom values would pass their limits and changes nothing', async () => {
    const owner = await signUpWithWorkspace(base, 'Pia');
    const contacts = contactsApi(base, owner);
    const keys = (prefix: string) =>
      Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`${prefix}${index}`, index]));
    const survivor = await contacts.create({ first_name: 'Full', custom: keys('a') });
    const source = await contacts.create({ first_name: 'Fuller', last_name: 'Still', custom: keys('b') });
    const report = await contacts.create({ first_name: 'Reporting', reports_to_id: source.id });
    const answer = await contacts.call('POST', `/contacts/${survivor.id}/merge`, { source_ids: [source.id] });
    expect({ status: answer.status, message: answer.body.error?.message }).toEqual({
      status: 400,
      message: 'custom of the merged contact would exceed its limits (50 keys, 16 KiB)',
    });
    expect([
      (await contacts.get(survivor.id)).body,
      (await contacts.get(source.id)).body,
      (await contacts.get(report.id)).body,
    ]).toEqual([survivor, source, report]);
  });

  it('never leaves the survivor in a reporting cycle', async () => {
    const owner = await signUpWithWorkspace(base, 'Ola');
    const contacts = contactsApi(base, owner);
    // The survivor reports to a middle manager who reports to the source: after the merge the
    // middle manager reports to the survivor, so the survivor reports to no one.
    const source = await contacts.create({ first_name: 'Top' });
    const middle = await contacts.create({ first_name: 'Middle', reports_to_id: source.id });
    const survivor = await contacts.create({ first_name: 'Low', reports_to_id: middle.id });
    expect((await contacts.call('POST', `/contacts/${survivor.id}/merge`, { source_ids: [source.id] })).status).toBe(
      200,
    );
    expect((await contacts.get(middle.id)).body.reports_to_id).toBe(survivor.id);
    expect((await contacts.get(survivor.id)).body.reports_to_id).toBeNull();
  });
});
