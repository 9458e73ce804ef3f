import { sharedTestSystem, signUpWithWorkspace, waitFor } from '../support/system';
import { companiesApi, companyAudit, expectRefusal, idsOf } from './companies-support';
import { addMemberTo } from './references-support';

// Companies as a client meets them through the gateway: create, read, change and delete with
// every field of the contract, its limits, and nothing half-written.
const system = sharedTestSystem();
const base = system.url;

describe('companies', () => {
  it('creates a company in the first stage of the default company pipeline, with its names joined', async () => {
    const owner = await signUpWithWorkspace(base, 'Cora');
    const api = companiesApi(base, owner);
    const stages = await api.companyStages();
    const first = stages
      .filter((stage) => stage.pipeline_id === stages[0].pipeline_id)
      .sort((a, b) => a.position - b.position)[0];
    const source = (await api.sources())[0];
    const company = await api.create({
      name: '  Globex Services  ',
      website: 'https://www.Globex.example/about',
      phone: '+44 20 7946 0000',
      address: { line1: '1 High Street', city: 'London', postcode: 'SW1A 1AA' },
      country_code: 'gb',
      industry: 'Manufacturing',
      turnover_band: '£1m-£5m',
      employee_count: 42,
      account_number: 'AC-001',
      company_number: '01234567',
      sic_codes: ['62012', '7022'],
      description: 'Makes things.\nMany things.',
      owner_id: owner.user.id,
      source_id: source.id,
      custom: { tier: 'gold', seats: 12 },
    });
    expect(company).toEqual({
      id: expect.any(String),
      name: 'Globex Services',
      website: 'https://www.Globex.example/about',
      domain: 'globex.example',
      phone: '+44 20 7946 0000',
      address: { line1: '1 High Street', city: 'London', postcode: 'SW1A 1AA' },
      country_code: 'GB',
      industry: 'Manufacturing',
      turnover_band: '£1m-£5m',
      employee_count: 42,
      account_number: 'AC-001',
      company_number: '01234567',
      sic_codes: ['62012', '7022'],
      description: 'Makes things.\nMany things.',
      owner_id: owner.user.id,
      stage_id: first.id,
      source_id: source.id,
      campaign_id: null,
      primary_contact_id: null,
      custom: { tier: 'gold', seats: 12 },
      is_account: first.kind === 'account',
      stage_name: first.name,
      owner_name: 'Cora',
      source_name: source.name,
      campaign_name: null,
      pipeline_id: first.pipeline_id,
      deleted_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await api.get(company.id)).toEqual(company);
  });
});

describe('company fields', () => {
  it('refuses every field beyond its limits, read-only fields and unknown keys, naming the field, and writes nothing', async () => {
    const owner = await signUpWithWorkspace(base, 'Lim');
    const api = companiesApi(base, owner);
    const company = await api.create({ name: 'Kept Ltd' });
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'two\nlines' }, 'name'],
      [{ website: 'not a uri' }, 'website'],
      [{ website: 'javascript:alert(1)' }, 'website'],
      [{ website: 'ftp://files.example' }, 'website'],
      [{ website: `https://example.com/${'x'.repeat(290)}` }, 'website'],
      [{ domain: 'x'.repeat(254) }, 'domain'],
      [{ phone: '1'.repeat(41) }, 'phone'],
      [{ address: { line1: 'x'.repeat(201) } }, 'address.line1'],
      [{ address: { line2: 'x'.repeat(201) } }, 'address.line2'],
      [{ address: { city: 'x'.repeat(101) } }, 'address.city'],
      [{ address: { region: 'x'.repeat(101) } }, 'address.region'],
      [{ address: { postcode: 'x'.repeat(21) } }, 'address.postcode'],
      [{ address: { country: 'UK' } }, 'address.country'],
      [{ address: 'London' }, 'address'],
      [{ country_code: 'GBR' }, 'country_code'],
      [{ country_code: 'G' }, 'country_code'],
      [{ country_code: '1a' }, 'country_code'],
      [{ industry: 'x'.repeat(101) }, 'industry'],
      [{ turnover_band: 'x'.repeat(51) }, 'turnover_band'],
      [{ employee_count: -1 }, 'employee_count'],
      [{ employee_count: 1.5 }, 'employee_count'],
      [{ account_number: 'x'.repeat(51) }, 'account_number'],
      [{ company_number: 'x'.repeat(51) }, 'company_number'],
      [{ sic_codes: ['123'] }, 'sic_codes.0'],
      [{ sic_codes: ['1234567'] }, 'sic_codes.0'],
      [{ sic_codes: ['62012', 'abcd'] }, 'sic_codes.1'],
      [{ sic_codes: Array.from({ length: 21 }, (_, index) => String(10000 + index)) }, 'sic_codes'],
      [{ description: 'x'.repeat(2001) }, 'description'],
      [{ owner_id: 'nobody' }, 'owner_id'],
      [{ stage_id: 'first' }, 'stage_id'],
      [{ custom: { nested: { a: 1 } } }, 'custom.nested'],
      [{ custom: 'gold' }, 'custom'],
      [{ is_account: true }, 'is_account'],
      [{ stage_name: 'Won' }, 'stage_name'],
      [{ owner_name: 'Me' }, 'owner_name'],
      [{ source_name: 'Web' }, 'source_name'],
      [{ campaign_name: 'Spring' }, 'campaign_name'],
      [{ pipeline_id: company.pipeline_id }, 'pipeline_id'],
      [{ deleted_at: null }, 'deleted_at'],
      [{ created_at: company.created_at }, 'created_at'],
      [{ updated_at: company.updated_at }, 'updated_at'],
      [{ id: company.id }, 'id'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [fields, field] of refusals) {
      const created = await api.call('POST', '/companies', { name: 'Refused Ltd', ...fields });
      expectRefusal(created, field);
      const patched = await api.call('PATCH', `/companies/${company.id}`, fields);
      expectRefusal(patched, field);
    }
    expect((await api.call('POST', '/companies', {})).body.error.message).toBe('name is required');
    expect((await api.call('POST', '/companies', { name: 'X', is_account: true })).body.error.message).toBe(
      'is_account is read-only',
    );
    expect((await api.call('POST', '/companies', { name: 'X', colour: 'red' })).body.error.message).toBe(
      "unknown field 'colour'",
    );
    // Nothing was written: the one company, unchanged.
    expect(idsOf(await api.all())).toEqual([company.id]);
    expect(await api.get(company.id)).toEqual(company);
    expect((await api.counts()).all).toBe(1);
  });

  it('takes the limits exactly, and clears fields with null', async () => {
    const owner = await signUpWithWorkspace(base, 'Edge');
    const api = companiesApi(base, owner);
    const full = {
      name: 'n'.repeat(200),
      website: `https://example.com/${'x'.repeat(300 - 'https://example.com/'.length)}`,
      domain: `${'d'.repeat(249)}.com`,
      phone: '1'.repeat(40),
      address: {
        line1: 'a'.repeat(200),
        line2: 'b'.repeat(200),
        city: 'c'.repeat(100),
        region: 'r'.repeat(100),
        postcode: 'p'.repeat(20),
      },
      country_code: 'fr',
      industry: 'i'.repeat(100),
      turnover_band: 't'.repeat(50),
      employee_count: 0,
      account_number: 'a'.repeat(50),
      company_number: 'c'.repeat(50),
      sic_codes: Array.from({ length: 20 }, (_, index) => String(1000 + index)),
      description: 'd'.repeat(2000),
    };
    const company = await api.create(full);
    expect(company).toMatchObject({ ...full, country_code: 'FR' });
    const cleared = await api.patch(company.id, {
      website: null,
      domain: null,
      phone: null,
      address: {},
      country_code: null,
      industry: null,
      turnover_band: null,
      employee_count: null,
      account_number: null,
      company_number: null,
      sic_codes: [],
      description: null,
    });
    expect(cleared).toMatchObject({
      name: full.name,
      website: null,
      domain: null,
      phone: null,
      address: {},
      country_code: null,
      industry: null,
      turnover_band: null,
      employee_count: null,
      account_number: null,
      company_number: null,
      sic_codes: [],
      description: null,
    });
    expect(await api.get(company.id)).toEqual(cleared);
  });

  it('checks what a company points at in the workspace, naming the field', async () => {
    const owner = await signUpWithWorkspace(base, 'Ref');
    const stranger = await signUpWithWorkspace(base, 'Sly');
    const api = companiesApi(base, owner);
    const theirs = companiesApi(base, stranger);
    const company = await api.create({ name: 'Pointing Ltd' });
    const foreignStage = (await theirs.companyStages())[0];
    const foreignSource = (await theirs.sources())[0];
    const dealStage = await api.dealStage();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ stage_id: foreignStage.id }, 'stage_id is not a stage of a company pipeline of this workspace'],
      [{ stage_id: dealStage.id }, 'stage_id is not a stage of a company pipeline of this workspace'],
      [{ source_id: foreignSource.id }, 'source_id is not a lead source of this workspace'],
      [{ owner_id: stranger.user.id }, 'owner_id is not a member of this workspace'],
      [{ campaign_id: company.id }, 'campaign_id is not a campaign of this workspace'],
      [
        { primary_contact_id: company.id },
        'primary_contact_id is not a contact of this company (or of no company) in this workspace',
      ],
    ];
    for (const [fields, message] of cases) {
      expect((await api.call('POST', '/companies', { name: 'Refused', ...fields })).body.error).toEqual({
        code: 'validation_failed',
        message,
      });
      expect((await api.call('PATCH', `/companies/${company.id}`, fields)).body.error).toEqual({
        code: 'validation_failed',
        message,
      });
    }
    // A contact of another company, or in the recycle bin, is not this company's primary contact.
    const other = await api.create({ name: 'Other Ltd' });
    const elsewhere = await api.call('POST', '/contacts', { first_name: 'Eve', company_id: other.id });
    expect(elsewhere.status).toBe(201);
    expectRefusal(
      await api.call('PATCH', `/companies/${company.id}`, { primary_contact_id: elsewhere.body.id }),
      'primary_contact_id',
    );
    const binned = await api.call('POST', '/contacts', { first_name: 'Bo', company_id: company.id });
    expect((await api.call('DELETE', `/contacts/${binned.body.id}`)).status).toBe(204);
    expectRefusal(
      await api.call('PATCH', `/companies/${company.id}`, { primary_contact_id: binned.body.id }),
      'primary_contact_id',
    );
    const own = await api.call('POST', '/contacts', { first_name: 'Ola', company_id: company.id });
    const loose = await api.call('POST', '/contacts', { first_name: 'Lu' });
    expect((await api.patch(company.id, { primary_contact_id: own.body.id })).primary_contact_id).toBe(own.body.id);
    expect((await api.create({ name: 'New Ltd', primary_contact_id: loose.body.id })).primary_contact_id).toBe(
      loose.body.id,
    );
    expect(Object.keys(await api.get(company.id))).not.toContain('version');
  });

  it('accepts a member added a moment ago as owner, and a stage of another company pipeline', async () => {
    const owner = await signUpWithWorkspace(base, 'Ada');
    const api = companiesApi(base, owner);
    const bea = await addMemberTo(system, owner, 'Bea');
    const pipeline = await api.call('POST', '/pipelines', {
      name: 'Partners',
      object: 'company',
      stages: [{ name: 'Talking' }, { name: 'Signed', kind: 'account' }],
    });
    expect(pipeline.status).toBe(201);
    const signed = (pipeline.body.stages as Array<{ id: string; name: string; kind: string }>).find(
      (stage) => stage.name === 'Signed',
    )!;
    const company = await api.create({ name: 'Partner Ltd', owner_id: bea.userId, stage_id: signed.id });
    expect(company).toMatchObject({
      owner_id: bea.userId,
      owner_name: 'Bea',
      stage_id: signed.id,
      stage_name: 'Signed',
      pipeline_id: pipeline.body.id,
      is_account: true,
    });
    const unstaged = await api.patch(company.id, { stage_id: null, owner_id: null });
    expect(unstaged).toMatchObject({
      stage_id: null,
      stage_name: null,
      pipeline_id: null,
      is_account: false,
      owner_id: null,
      owner_name: null,
    });
  });
});

describe('changing a company', () => {
  it('changes only the fields given, merges custom key by key, derives the domain, and moves is_account with the stage', async () => {
    const owner = await signUpWithWorkspace(base, 'Pat');
    const api = companiesApi(base, owner);
    const field = await api.call('POST', '/custom-fields', { object: 'company', label: 'Seats', type: 'number' });
    expect(field.status).toBe(201);
    const company = await api.create({
      name: 'Initech',
      industry: 'Software',
      custom: { tier: 'gold', seats: 10, region: null },
    });
    expect(company.custom).toEqual({ tier: 'gold', seats: 10 });
    expect(company.domain).toBeNull();
    expectRefusal(await api.call('PATCH', `/companies/${company.id}`, { custom: { seats: 'ten' } }), 'custom.seats');

    const stages = await api.companyStages();
    const account = stages.find((stage) => stage.kind === 'account' && stage.pipeline_id === company.pipeline_id)!;
    const changed = await api.patch(company.id, {
      website: 'http://initech.example',
      stage_id: account.id,
      custom: { seats: 12, tier: null, plan: 'pro' },
    });
    expect(changed).toEqual({
      ...company,
      website: 'http://initech.example',
      domain: 'initech.example',
      stage_id: account.id,
      stage_name: account.name,
      is_account: true,
      custom: { seats: 12, plan: 'pro' },
      updated_at: expect.any(String),
    });
    expect(changed.updated_at >= company.updated_at).toBe(true);
    // A domain of its own is kept when the website changes.
    expect((await api.patch(company.id, { website: 'https://other.example' })).domain).toBe('initech.example');
    // Changing nothing changes nothing.
    const again = await api.get(company.id);
    expect(await api.patch(company.id, { name: 'Initech', industry: 'Software' })).toEqual(again);
  });

  it('answers 404 for an unknown id and for a company in the recycle bin, and deleting twice is 204', async () => {
    const owner = await signUpWithWorkspace(base, 'Del');
    const api = companiesApi(base, owner);
    const company = await api.create({ name: 'Binned Ltd' });
    expect((await api.call('GET', '/companies/5f0c7a4e-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api.call('PATCH', '/companies/5f0c7a4e-0000-4000-8000-000000000000', { name: 'X' })).status).toBe(
      404,
    );
    expect((await api.call('DELETE', '/companies/5f0c7a4e-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api.call('DELETE', `/companies/${company.id}`)).status).toBe(204);
    const binned = await api.get(company.id);
    expect(binned.deleted_at).toEqual(expect.any(String));
    expect((await api.call('PATCH', `/companies/${company.id}`, { name: 'Changed' })).status).toBe(404);
    expect((await api.call('DELETE', `/companies/${company.id}`)).status).toBe(204);
    expect(await api.get(company.id)).toEqual(binned);
    expect(idsOf(await api.all())).toEqual([]);
    expect(idsOf(await api.all({ deleted: 'true' }))).toEqual([company.id]);
  });
});

describe('company audit', () => {
  it('records one entry per change, naming the company, the actor and the key that acted', async () => {
    const owner = await signUpWithWorkspace(base, 'Aud');
    const api = companiesApi(base, owner);
    const company = await api.create({ name: 'Audited Ltd' });
    await api.patch(company.id, { industry: 'Retail' });
    const key = await api.call('POST', '/api-keys', {
      name: 'Nightly sync',
      kind: 'integration',
      role: 'Agent (read & write)',
    });
    expect(key.status).toBe(201);
    const viaKey = companiesApi(base, { token: key.body.key as string });
    await viaKey.patch(company.id, { industry: 'Wholesale' });
    expect((await api.call('DELETE', `/companies/${company.id}`)).status).toBe(204);
    expect((await api.bulk({ ids: [company.id], action: 'restore' })).body).toEqual({ updated: 1 });
    await waitFor(async () => (await companyAudit(base, owner)).length === 5);
    expect((await companyAudit(base, owner)).reverse()).toEqual([
      {
        object_type: 'company',
        object_id: company.id,
        object_name: 'Audited Ltd',
        actor: 'Aud',
        summary: 'Created company "Audited Ltd"',
      },
      {
        object_type: 'company',
        object_id: company.id,
        object_name: 'Audited Ltd',
        actor: 'Aud',
        summary: 'Updated company "Audited Ltd"',
      },
      {
        object_type: 'company',
        object_id: company.id,
        object_name: 'Audited Ltd',
        actor: 'Nightly sync',
        summary: 'Updated company "Audited Ltd"',
      },
      {
        object_type: 'company',
        object_id: company.id,
        object_name: 'Audited Ltd',
        actor: 'Aud',
        summary: 'Deleted company "Audited Ltd"',
      },
      {
        object_type: 'company',
        object_id: company.id,
        object_name: 'Audited Ltd',
        actor: 'Aud',
        summary: 'Restored company "Audited Ltd"',
      },
    ]);
  });
});

describe('ids and half-done writes', () => {
  it('reads a uuid in either case as the same id, and a repeat in two cases as a repeat', async () => {
    const owner = await signUpWithWorkspace(base, 'Cas');
    const api = companiesApi(base, owner);
    const stage = (await api.companyStages())[1];
    const company = await api.create({
      name: 'Upper Ltd',
      stage_id: stage.id.toUpperCase(),
      owner_id: owner.user.id.toUpperCase(),
    });
    expect(company).toMatchObject({ stage_id: stage.id, owner_id: owner.user.id, owner_name: 'Cas' });
    expect((await api.get(company.id.toUpperCase())).id).toBe(company.id);
    const other = await api.create({ name: 'Lower Ltd' });
    expectRefusal(await api.bulk({ ids: [other.id, other.id.toUpperCase()], action: 'delete' }), 'ids');
    expectRefusal(
      await api.call('POST', `/companies/${company.id}/merge`, { source_ids: [other.id, other.id.toUpperCase()] }),
      'source_ids',
    );
    expect(
      (await api.bulk({ ids: [other.id.toUpperCase()], action: 'reassign', owner_id: owner.user.id.toUpperCase() }))
        .body,
    ).toEqual({ updated: 1 });
    expect(
      (await api.call('POST', `/companies/${company.id.toUpperCase()}/merge`, { source_ids: [other.id.toUpperCase()] }))
        .body,
    ).toEqual({ merged: 1 });
    expect((await api.get(other.id)).deleted_at).toEqual(expect.any(String));
  });

  it('writes nothing when a rule inside the write refuses it', async () => {
    const owner = await signUpWithWorkspace(base, 'Half');
    const api = companiesApi(base, owner);
    expect(
      (await api.call('POST', '/custom-fields', { object: 'company', label: 'Founded', type: 'date' })).status,
    ).toBe(201);
    const company = await api.create({ name: 'Whole Ltd', custom: { founded: '1999-12-31' } });
    const stage = (await api.companyStages()).find((item) => item.kind === 'account')!;
    // The stage is resolved before the custom values are refused: neither is written.
    expectRefusal(
      await api.call('PATCH', `/companies/${company.id}`, {
        name: 'Half Ltd',
        stage_id: stage.id,
        custom: { founded: '1999-02-30' },
      }),
      'custom.founded',
    );
    expectRefusal(
      await api.call('POST', '/companies', { name: 'Half Ltd', stage_id: stage.id, custom: { founded: 'yesterday' } }),
      'custom.founded',
    );
    expect(await api.get(company.id)).toEqual(company);
    expect(idsOf(await api.all())).toEqual([company.id]);
    expect(await api.counts()).toMatchObject({ all: 1, accounts: 0 });
  });
});
