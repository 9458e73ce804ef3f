import { request, signUpWithWorkspace, waitFor, type TestSystem } from '../support/system';
import { api, auditSummaries, expectInvalid, startMarketingSystem } from './marketing-support';

// Spend lines and touchpoints through the gateway: whole-request validation, replacement and
// de-duplication by external_ref (also between concurrent requests), matching by crm-core,
// lists, merges, the actor label and the audit log.
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startMarketingSystem();
  base = system.url;
});

afterAll(() => system.destroy());

interface SpendPage {
  data: Array<{
    id: string;
    spent_on: string;
    amount: number;
    note: string | null;
    external_ref: string | null;
    created_at: string;
  }>;
  total: number;
}

describe('campaign spend', () => {
  it('replaces the line with the same external_ref, also when ten requests send it at once, and deletes lines', async () => {
    const owner = await signUpWithWorkspace(base, 'Ref');
    const client = api(base, owner);
    const campaign = await client.createCampaign();
    const first = await client.ok(
      'POST',
      `/campaigns/${campaign.id}/spend`,
      {
        lines: [
          { spent_on: '2027-02-01', amount: 10, external_ref: 'inv-1', note: 'January' },
          { spent_on: '2027-02-02', amount: 5 },
        ],
      },
      200,
    );
    expect(first).toEqual({ created: 2, updated: 0 });
    expect(
      await client.ok(
        'POST',
        `/campaigns/${campaign.id}/spend`,
        { lines: [{ spent_on: '2027-02-03', amount: 12.5, external_ref: 'inv-1' }] },
        200,
      ),
    ).toEqual({ created: 0, updated: 1 });
    let page = await client.ok<SpendPage>('GET', `/campaigns/${campaign.id}/spend`, undefined, 200);
    expect(page.data.map((line) => [line.spent_on, line.amount, line.note, line.external_ref])).toEqual([
      ['2027-02-03', 12.5, null, 'inv-1'],
      ['2027-02-02', 5, null, null],
    ]);
    expect(page.total).toBe(17.5);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        client.call('POST', `/campaigns/${campaign.id}/spend`, {
          lines: [{ spent_on: '2027-03-01', amount: i, external_ref: 'parallel' }],
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(answers.reduce((sum, answer) => sum + (answer.body.created as number), 0)).toBe(1);
    page = await client.ok<SpendPage>('GET', `/campaigns/${campaign.id}/spend`, undefined, 200);
    expect(page.data.filter((line) => line.external_ref === 'parallel')).toHaveLength(1);
    // The same ref in another campaign is another line.
    const other = await client.createCampaign({ name: 'Other' });
    expect(
      await client.ok(
        'POST',
        `/campaigns/${other.id}/spend`,
        { lines: [{ spent_on: '2027-02-01', amount: 1, external_ref: 'inv-1' }] },
        200,
      ),
    ).toEqual({ created: 1, updated: 0 });
    const line = page.data.find((item) => item.external_ref === 'inv-1')!;
    expect((await client.call('DELETE', `/campaigns/${other.id}/spend/${line.id}`)).status).toBe(404);
    expect((await client.call('DELETE', `/campaigns/${campaign.id}/spend/${line.id}`)).status).toBe(204);
    expect((await client.call('DELETE', `/campaigns/${campaign.id}/spend/${line.id}`)).status).toBe(404);
    const after = await client.ok<SpendPage>('GET', `/campaigns/${campaign.id}/spend`, undefined, 200);
    expect(after.data.map((item) => item.id)).not.toContain(line.id);
    const summaries = await waitFor(async () => {
      const entries = await auditSummaries(base, owner, 'spend');
      return entries.some(([id, summary]) => id === line.id && summary.startsWith('Deleted'))
        ? entries.filter(([id]) => id === line.id)
        : undefined;
    });
    expect(summaries.map(([, summary]) => summary)).toEqual([
      'Deleted spend of 12.50 GBP on campaign "Spring launch"',
      'Replaced spend of 12.50 GBP on campaign "Spring launch"',
      'Recorded spend of 10.00 GBP on campaign "Spring launch"',
    ]);
  });
});

interface TouchpointPage {
  data: Array<Record<string, unknown> & { id: string; contact_id: string | null; company_id: string | null }>;
  total: number;
}

describe('touchpoints', () => {
  it('matches each item to a contact by id or email (any case) or to a company, skips the unmatched and lists newest first', async () => {
    const owner = await signUpWithWorkspace(base, 'Tou');
    const client = api(base, owner);
    const campaign = await client.createCampaign({ name: 'Touch' });
    const company = await client.createCompany({ name: 'Touch Co' });
    const contact = await client.createContact({
      first_name: 'Ada',
      last_name: 'Byron',
      email: 'Ada@Example.com',
      company_id: company.id,
    });
    const binned = await client.createContact({ first_name: 'Gone', email: 'gone@example.com' });
    expect((await client.call('DELETE', `/contacts/${binned.id}`)).status).toBe(204);
    const stranger = await signUpWithWorkspace(base, 'Far');
    const theirContact = await api(base, stranger).createContact({ email: 'far@example.com' });
    const answer = await client.ok(
      'POST',
      '/touchpoints',
      {
        touchpoints: [
          {
            campaign_id: campaign.id,
            contact_id: contact.id,
            kind: 'ad_click',
            occurred_at: '2027-01-01T10:00:00Z',
            note: 'Clicked',
          },
          {
            campaign_id: campaign.id,
            email: 'ADA@example.COM',
            kind: 'email_open',
            occurred_at: '2027-01-02T10:00:00.000Z',
          },
          { campaign_id: campaign.id, company_id: company.id, kind: 'event', occurred_at: '2027-01-03T10:00:00.000Z' },
          { campaign_id: campaign.id, email: 'nobody@example.com', kind: 'visit' },
          { campaign_id: campaign.id, contact_id: theirContact.id, kind: 'visit' },
          { campaign_id: campaign.id, email: 'gone@example.com', kind: 'visit' },
        ],
      },
      200,
    );
    expect(answer).toEqual({ created: 3, duplicates: 0, unmatched: [3, 4, 5] });
    const page = await client.ok<TouchpointPage>('GET', '/touchpoints', undefined, 200);
    expect(page.total).toBe(3);
    expect(page.data.map((item) => item.kind)).toEqual(['event', 'email_open', 'ad_click']);
    expect(page.data[0]).toMatchObject({ contact_id: null, company_id: company.id });
    // Names come from crm-core's events, so they may show a moment after the touchpoints.
    const named = await waitFor(async () => {
      const current = await client.ok<TouchpointPage>('GET', '/touchpoints', undefined, 200);
      return current.data.every(
        (item) => item.company_name === 'Touch Co' && (item.contact_id === null || item.contact_name === 'Ada Byron'),
      )
        ? current
        : undefined;
    }, 'contact and company names on the touchpoints');
    expect(named.data[2]).toEqual({
      id: expect.any(String),
      campaign_id: campaign.id,
      campaign_name: 'Touch',
      contact_id: contact.id,
      contact_name: 'Ada Byron',
      company_id: company.id,
      company_name: 'Touch Co',
      kind: 'ad_click',
      occurred_at: '2027-01-01T10:00:00.000Z',
      note: 'Clicked',
      external_ref: null,
      actor_label: 'Tou',
    });
    expect(
      await client.ok<TouchpointPage>('GET', `/touchpoints?company_id=${company.id}&limit=1&offset=1`, undefined, 200),
    ).toMatchObject({ total: 3, data: [{ kind: 'email_open' }] });
    expect(
      (
        await client.ok<TouchpointPage>(
          'GET',
          `/touchpoints?campaign_id=${campaign.id}&contact_id=${contact.id}`,
          undefined,
          200,
        )
      ).total,
    ).toBe(2);
    expect(await api(base, stranger).ok('GET', '/touchpoints', undefined, 200)).toEqual({ data: [], total: 0 });
  });

  it('validates every item first and records an external_ref once per campaign, also under concurrency', async () => {
    const owner = await signUpWithWorkspace(base, 'Dup');
    const client = api(base, owner);
    const campaign = await client.createCampaign();
    await client.createContact({ email: 'dup@example.com' });
    const item = { campaign_id: campaign.id, email: 'dup@example.com', kind: 'visit' };
    expectInvalid(
      await client.call('POST', '/touchpoints', { touchpoints: [item, { ...item, kind: 'smoke' }] }),
      'touchpoints.1.kind',
    );
    expectInvalid(
      await client.call('POST', '/touchpoints', { touchpoints: [item, { campaign_id: campaign.id, kind: 'visit' }] }),
      'touchpoints.1',
    );
    expectInvalid(
      await client.call('POST', '/touchpoints', { touchpoints: [{ ...item, company_id: campaign.id }] }),
      'touchpoints.0',
    );
    expectInvalid(
      await client.call('POST', '/touchpoints', { touchpoints: [{ ...item, email: 'not-an-email' }] }),
      'touchpoints.0.email',
    );
    expectInvalid(
      await client.call('POST', '/touchpoints', { touchpoints: [{ ...item, note: 'n'.repeat(2001) }] }),
      'touchpoints.0.note',
    );
    expectInvalid(
      await client.call('POST', '/touchpoints', {
        touchpoints: [{ ...item, campaign_id: '0193a5f0-0000-7000-8000-000000000000' }],
      }),
      'touchpoints.0.campaign_id',
    );
    expectInvalid(await client.call('POST', '/touchpoints', { touchpoints: Array(501).fill(item) }), 'touchpoints');
    expect((await client.ok<TouchpointPage>('GET', '/touchpoints', undefined, 200)).total).toBe(0);
    expect(
      await client.ok(
        'POST',
        '/touchpoints',
        {
          touchpoints: [
            { ...item, external_ref: 'e-1' },
            { ...item, external_ref: 'e-1' },
          ],
        },
        200,
      ),
    ).toEqual({ created: 1, duplicates: 1, unmatched: [] });
    expect(await client.ok('POST', '/touchpoints', { touchpoints: [{ ...item, external_ref: 'e-1' }] }, 200)).toEqual({
      created: 0,
      duplicates: 1,
      unmatched: [],
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        client.call('POST', '/touchpoints', { touchpoints: [{ ...item, external_ref: 'e-2' }] }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(answers.map((answer) => answer.body.created as number).reduce((a, b) => a + b, 0)).toBe(1);
    expect(answers.map((answer) => answer.body.duplicates as number).reduce((a, b) => a + b, 0)).toBe(9);
    expect((await client.ok<TouchpointPage>('GET', '/touchpoints', undefined, 200)).total).toBe(2);
  });

  it("labels touchpoints sent with an API key with the key's name, and audits each", async () => {
    const owner = await signUpWithWorkspace(base, 'Key');
    const client = api(base, owner);
    const campaign = await client.createCampaign({ name: 'Keyed' });
    await client.createContact({ email: 'keyed@example.com' });
    const key = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Ad sync', kind: 'integration', role: 'Sales' },
    });
    expect(key.status).toBe(201);
    const viaKey = api(base, { token: key.body.key as string });
    expect(
      await viaKey.ok(
        'POST',
        '/touchpoints',
        { touchpoints: [{ campaign_id: campaign.id, email: 'keyed@example.com', kind: 'ad_click' }] },
        200,
      ),
    ).toMatchObject({ created: 1 });
    const [touchpoint] = (await client.ok<TouchpointPage>('GET', '/touchpoints', undefined, 200)).data;
    expect(touchpoint).toMatchObject({ actor_label: 'Ad sync', kind: 'ad_click' });
    const summaries = await waitFor(async () => {
      const entries = await auditSummaries(base, owner, 'touchpoint');
      return entries.length >= 1 ? entries : undefined;
    });
    expect(summaries).toEqual([[touchpoint.id, 'Recorded ad_click touchpoint for campaign "Keyed"']]);
  });

  it('moves touchpoints to the surviving contact and company of a merge', async () => {
    const owner = await signUpWithWorkspace(base, 'Mer');
    const client = api(base, owner);
    const campaign = await client.createCampaign();
    const keep = await client.createCompany({ name: 'Keep Co' });
    const gone = await client.createCompany({ name: 'Gone Co' });
    const survivor = await client.createContact({ email: 'keep@example.com', company_id: keep.id });
    const merged = await client.createContact({ email: 'merged@example.com', company_id: gone.id });
    await client.ok(
      'POST',
      '/touchpoints',
      {
        touchpoints: [
          { campaign_id: campaign.id, contact_id: merged.id, kind: 'visit' },
          { campaign_id: campaign.id, company_id: gone.id, kind: 'event' },
        ],
      },
      200,
    );
    await client.ok('POST', `/contacts/${survivor.id}/merge`, { source_ids: [merged.id] }, 200);
    await client.ok('POST', `/companies/${keep.id}/merge`, { source_ids: [gone.id] }, 200);
    const moved = await waitFor(async () => {
      const page = await client.ok<TouchpointPage>('GET', '/touchpoints', undefined, 200);
      return page.data.every((item) => item.company_id === keep.id) &&
        page.data.some((item) => item.contact_id === survivor.id)
        ? page
        : undefined;
    });
    expect(moved.data.map((item) => [item.kind, item.contact_id, item.company_id]).sort()).toEqual([
      ['event', null, keep.id],
      ['visit', survivor.id, keep.id],
    ]);
  });
});
