import { signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';
import { companiesApi, companyAudit, expectRefusal, idsOf } from './companies-support';
import { addMemberTo } from './references-support';

// Merging companies as a client meets it: the survivor keeps its values and fills its empty
// fields from the sources in the order given, the sources' contacts move to it, the sources go
// to the recycle bin, and a refused merge changes nothing at all.
const system = sharedTestSystem();
const base = system.url;

describe('merging companies', () => {
  it('fills the survivor’s empty fields from the sources in order, moves their contacts and bins them', async () => {
    const owner = await signUpWithWorkspace(base, 'Mer');
    const api = companiesApi(base, owner);
    const bea = await addMemberTo(system, owner, 'Bea');
    const sources = await api.sources();
    const survivor = await api.create({
      name: 'Acme',
      phone: '111',
      custom: { tier: 'gold', region: 'north' },
      owner_id: null,
    });
    const first = await api.create({
      name: 'Acme Ltd',
      phone: '222',
      industry: 'Retail',
      sic_codes: ['4711'],
      address: { city: 'Leeds' },
      owner_id: bea.userId,
      custom: { tier: 'silver', seats: 3 },
    });
    const second = await api.create({
      name: 'ACME plc',
      industry: 'Wholesale',
      website: 'https://acme.example',
      employee_count: 40,
      source_id: sources[1].id,
      address: { city: 'York', postcode: 'YO1 1AA' },
      custom: { seats: 9, vip: true },
    });
    const staff = await api.call('POST', '/contacts', { first_name: 'Sue', company_id: first.id });
    const more = await api.call('POST', '/contacts', { first_name: 'Sid', company_id: second.id });
    const binnedContact = await api.call('POST', '/contacts', { first_name: 'Bin', company_id: second.id });
    expect((await api.call('DELETE', `/contacts/${binnedContact.body.id}`)).status).toBe(204);
    const own = await api.call('POST', '/contacts', { first_name: 'Oli', company_id: survivor.id });
    const bystander = await api.create({ name: 'Bystander' });

    const merged = await api.call('POST', `/companies/${survivor.id}/merge`, { source_ids: [first.id, second.id] });
    expect(merged).toMatchObject({ status: 200, body: { merged: 2 } });

    const after = await api.get(survivor.id);
    expect(after).toEqual({
      ...survivor,
      industry: 'Retail',
      sic_codes: ['4711'],
      address: { city: 'Leeds' },
      owner_id: bea.userId,
      owner_name: 'Bea',
      website: 'https://acme.example',
      domain: 'acme.example',
      employee_count: 40,
      source_id: sources[1].id,
      source_name: sources[1].name,
      custom: { tier: 'gold', region: 'north', seats: 3, vip: true },
      updated_at: expect.any(String),
    });
    for (const id of [staff.body.id, more.body.id, own.body.id, binnedContact.body.id]) {
      expect((await api.call('GET', `/contacts/${id}`)).body.company_id).toBe(survivor.id);
    }
    expect(idsOf(await api.all()).sort()).toEqual([survivor.id, bystander.id].sort());
    expect(idsOf(await api.all({ deleted: 'true' })).sort()).toEqual([first.id, second.id].sort());
    expect((await api.get(first.id)).deleted_at).toEqual(expect.any(String));
    // A source in the bin can be restored like any deleted company.
    expect((await api.bulk({ ids: [second.id], action: 'restore' })).body).toEqual({ updated: 1 });

    const entries = await waitFor(async () => {
      const items = await companyAudit(base, owner);
      return items.some((item) => item.summary?.startsWith('Merged')) ? items : undefined;
    }, 'the merge in the audit log');
    expect(entries.find((item) => item.summary?.startsWith('Merged'))).toEqual({
      object_type: 'company',
      object_id: survivor.id,
      object_name: 'Acme',
      actor: 'Mer',
      summary: 'Merged 2 companies into "Acme"',
    });
    expect(entries.filter((item) => item.summary === 'Deleted company "Acme Ltd"')).toHaveLength(1);
  });

  it('is all or nothing: itself, an unknown id, another workspace’s or a binned source changes nothing', async () => {
    const owner = await signUpWithWorkspace(base, 'All');
    const stranger = await signUpWithWorkspace(base, 'Not');
    const api = companiesApi(base, owner);
    const survivor = await api.create({ name: 'Survivor' });
    const source = await api.create({ name: 'Source', industry: 'Retail' });
    const contact = await api.call('POST', '/contacts', { first_name: 'Stay', company_id: source.id });
    const binned = await api.create({ name: 'Binned' });
    expect((await api.call('DELETE', `/companies/${binned.id}`)).status).toBe(204);
    const foreign = await companiesApi(base, stranger).create({ name: 'Foreign' });
    const before = {
      survivor: await api.get(survivor.id),
      source: await api.get(source.id),
      binned: await api.get(binned.id),
    };
    const merge = (id: string, sourceIds: unknown) =>
      api.call('POST', `/companies/${id}/merge`, { source_ids: sourceIds });

    expect((await merge(survivor.id, [source.id, survivor.id])).body.error).toEqual({
      code: 'validation_failed',
      message: 'source_ids must not include the company merged into',
    });
    for (const bad of [foreign.id, binned.id, '5f0c7a4e-0000-4000-8000-000000000000']) {
      expect((await merge(survivor.id, [source.id, bad])).body.error).toEqual({
        code: 'validation_failed',
        message: `source_ids: ${bad} is not a company of this workspace outside the recycle bin`,
      });
    }
    expectRefusal(await merge(survivor.id, []), 'source_ids');
    expectRefusal(await merge(survivor.id, [source.id, source.id]), 'source_ids');
    expectRefusal(await merge(survivor.id, ['nope']), 'source_ids.0');
    expectRefusal(
      await merge(
        survivor.id,
        Array.from({ length: 51 }, (_, index) => `5f0c7a4e-0000-4000-8000-${String(index).padStart(12, '0')}`),
      ),
      'source_ids',
    );
    expectRefusal(await api.call('POST', `/companies/${survivor.id}/merge`, {}), 'source_ids');
    // Into a binned company, or one that does not exist here: 404.
    expect((await merge(binned.id, [source.id])).status).toBe(404);
    expect((await merge(foreign.id, [source.id])).status).toBe(404);

    expect({
      survivor: await api.get(survivor.id),
      source: await api.get(source.id),
      binned: await api.get(binned.id),
    }).toEqual(before);
    expect((await api.call('GET', `/contacts/${contact.body.id}`)).body.company_id).toBe(source.id);
    expect((await companiesApi(base, stranger).get(foreign.id)).deleted_at).toBeNull();
  });
});
