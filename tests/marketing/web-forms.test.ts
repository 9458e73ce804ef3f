import { addMemberTo } from '../crm-core/references-support';
import { request, signUpWithWorkspace, waitFor, type TestSystem } from '../support/system';
import { api, auditSummaries, expectInvalid, startMarketingSystem, type Owner } from './marketing-support';

// Web forms and their public endpoint through the gateway: settings and their rules, the embed
// HTML, submissions by a browser (form-encoded) and by a script (JSON, CORS), every refusal, spam,
// the rate limit, the lead in crm-core with its campaign and touchpoint, the owner's notification,
// and a submission kept while crm-core is down (the last test: it stops crm-core and starts the
// system again).
let system: TestSystem;
let base: string;

const SETTINGS = { FORM_SUBMISSIONS_PER_ADDRESS: '3' };

beforeAll(async () => {
  system = await startMarketingSystem(SETTINGS);
  base = system.url;
});

afterAll(() => system.destroy());

interface WebFormBody {
  id: string;
  public_key: string;
  action_url: string;
  embed_html: string;
  submissions: number;
  last_submission_at: string | null;
  enabled: boolean;
  [field: string]: unknown;
}

// The form's action_url, reached through this system's gateway.
const endpointOf = (form: WebFormBody) => `${base}${new URL(form.action_url).pathname.slice('/v1'.length)}`;

function postForm(form: WebFormBody, fields: Record<string, string>, query = '') {
  return fetch(`${endpointOf(form)}${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

function postJson(form: WebFormBody, body: Record<string, unknown>) {
  return request(base, 'POST', `/public/forms/${form.public_key}`, {
    body,
    headers: { origin: 'https://www.example.org' },
  });
}

async function createForm(owner: Owner, fields: Record<string, unknown> = {}): Promise<WebFormBody> {
  return api(base, owner).ok<WebFormBody>('POST', '/web-forms', { name: 'Contact us', ...fields }, 201);
}

describe('web forms', () => {
  it('creates a form with an unguessable key, its public action_url and an escaped, accessible embed', async () => {
    const owner = await signUpWithWorkspace(base, 'Web');
    const client = api(base, owner);
    const form = await createForm(owner, {
      name: 'Say "hi" <script>',
      require_consent: true,
      consent_text: 'I agree to <b>terms</b> & "privacy"',
    });
    expect(form).toEqual({
      id: expect.any(String),
      name: 'Say "hi" <script>',
      public_key: expect.stringMatching(/^wf_[A-Za-z0-9_-]{43}$/),
      fields: ['first_name', 'last_name', 'email', 'company', 'message'],
      require_consent: true,
      consent_text: 'I agree to <b>terms</b> & "privacy"',
      owner_id: null,
      source_id: null,
      campaign_id: null,
      redirect_url: null,
      enabled: true,
      submissions: 0,
      last_submission_at: null,
      created_at: expect.any(String),
      action_url: expect.stringMatching(new RegExp(`^https?://[^/]+/v1/public/forms/${form.public_key}$`)),
      embed_html: expect.any(String),
    });
    const html = form.embed_html;
    expect(html).toContain(`action="${form.action_url}" method="post"`);
    expect(html).toContain('aria-label="Say &quot;hi&quot; &lt;script&gt;"');
    expect(html).toContain('I agree to &lt;b&gt;terms&lt;/b&gt; &amp; &quot;privacy&quot;');
    expect(html).not.toContain('<b>');
    for (const field of ['first_name', 'last_name', 'email', 'company', 'message'])
      expect(html).toMatch(new RegExp(`<label for="[^"]+-${field}">`));
    expect(html).not.toContain('name="phone"');
    expect(html).toMatch(/name="consent" type="checkbox" value="yes" required/);
    expect(html).toMatch(/aria-hidden="true">[\s\S]*name="website" type="text" tabindex="-1" autocomplete="off"/);
    expect(html).toContain('name="utm_campaign" type="hidden"');
    expect(html).toContain('URLSearchParams(window.location.search).get("utm_campaign")');
    const other = await createForm(owner);
    expect(other.public_key).not.toBe(form.public_key);
    expect(
      (await client.ok<{ data: WebFormBody[] }>('GET', '/web-forms', undefined, 200)).data.map((item) => item.id),
    ).toEqual([form.id, other.id]);
  });

  it('refuses settings out of their limits, is for admins only, keeps workspaces apart and audits changes', async () => {
    const owner = await signUpWithWorkspace(base, 'Set');
    const client = api(base, owner);
    const post = (body: Record<string, unknown>) => client.call('POST', '/web-forms', { name: 'Form', ...body });
    expectInvalid(await post({ name: 'n'.repeat(101) }), 'name');
    expectInvalid(await post({ fields: ['first_name', 'company'] }), 'email');
    expectInvalid(await post({ fields: ['email', 'fax'] }), 'fields');
    expectInvalid(await post({ fields: ['email', 'email'] }), 'fields');
    expectInvalid(await post({ require_consent: true }), 'consent_text');
    expectInvalid(await post({ consent_text: 'c'.repeat(501) }), 'consent_text');
    expectInvalid(await post({ redirect_url: 'ftp://example.com/x' }), 'redirect_url');
    expectInvalid(await post({ redirect_url: 'not a url' }), 'redirect_url');
    expectInvalid(await post({ campaign_id: '0193a5f0-0000-7000-8000-000000000000' }), 'campaign_id');
    expectInvalid(await post({ owner_id: '0193a5f0-0000-7000-8000-000000000000' }), 'owner_id');
    expectInvalid(await post({ public_key: 'mine' }), 'public_key');
    expectInvalid(await post({ colour: 'red' }), 'colour');
    const form = await createForm(owner, { fields: ['email', 'phone'] });
    const patched = await client.ok<WebFormBody>(
      'PATCH',
      `/web-forms/${form.id}`,
      { name: 'Renamed', enabled: false, redirect_url: 'https://example.com/thanks' },
      200,
    );
    expect(patched).toMatchObject({
      name: 'Renamed',
      enabled: false,
      redirect_url: 'https://example.com/thanks',
      public_key: form.public_key,
      fields: ['email', 'phone'],
    });
    expectInvalid(await client.call('PATCH', `/web-forms/${form.id}`, { fields: ['phone'] }), 'email');
    const member = await addMemberTo(system, owner, 'Sal');
    expect((await api(base, { token: member.token }).call('GET', '/web-forms')).status).toBe(403);
    expect((await api(base, { token: member.token }).call('POST', '/web-forms', { name: 'No' })).status).toBe(403);
    const stranger = await signUpWithWorkspace(base, 'Tra');
    expect((await api(base, stranger).call('PATCH', `/web-forms/${form.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await api(base, stranger).ok<{ data: unknown[] }>('GET', '/web-forms', undefined, 200)).data).toEqual([]);
    const summaries = await waitFor(async () => {
      const entries = await auditSummaries(base, owner, 'web_form');
      return entries.length >= 2 ? entries : undefined;
    });
    expect(summaries).toEqual([
      [form.id, 'Updated web form "Renamed"'],
      [form.id, 'Created web form "Contact us"'],
    ]);
  });

  it('turns a submission into a lead: company and contact in crm-core, the utm campaign credited, a form touchpoint, counts, the owner notified', async () => {
    const owner = await signUpWithWorkspace(base, 'Lea');
    const client = api(base, owner);
    const sources = (await request(base, 'GET', '/lead-sources', { token: owner.token })).body.data as Array<{
      id: string;
      name: string;
    }>;
    const formCampaign = await client.createCampaign({ name: 'Form default' });
    const utmCampaign = await client.createCampaign({ name: 'Newsletter', utm_campaign: 'News-Jan' });
    const form = await createForm(owner, {
      owner_id: owner.user.id,
      source_id: sources[0].id,
      campaign_id: formCampaign.id,
      fields: ['first_name', 'last_name', 'email', 'company', 'job_title', 'message'],
    });
    const answer = await postJson(form, {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'Grace@Navy.example',
      company: 'Navy Labs',
      job_title: 'Rear Admiral',
      message: 'Call me',
      utm_campaign: 'news-jan',
    });
    expect({
      status: answer.status,
      body: answer.body,
      cors: answer.headers.get('access-control-allow-origin'),
    }).toEqual({ status: 200, body: { received: true, redirect_url: null }, cors: '*' });
    const touchpoint = await waitFor(async () => {
      const page = await client.ok<{ data: Array<Record<string, any>> }>(
        'GET',
        `/touchpoints?campaign_id=${utmCampaign.id}`,
        undefined,
        200,
      );
      return page.data[0];
    });
    expect(touchpoint).toMatchObject({
      kind: 'form',
      note: 'Call me',
      campaign_name: 'Newsletter',
      actor_label: 'Contact us',
    });
    const contact = await client.ok<Record<string, any>>('GET', `/contacts/${touchpoint.contact_id}`, undefined, 200);
    expect(contact).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'Grace@Navy.example',
      job_title: 'Rear Admiral',
      company_id: touchpoint.company_id,
      owner_id: owner.user.id,
    });
    const company = await client.ok<Record<string, any>>('GET', `/companies/${touchpoint.company_id}`, undefined, 200);
    expect(company).toMatchObject({
      name: 'Navy Labs',
      domain: 'navy.example',
      campaign_id: utmCampaign.id,
      campaign_name: 'Newsletter',
      source_id: sources[0].id,
      owner_id: owner.user.id,
    });
    const counted = await client.ok<{ data: WebFormBody[] }>('GET', '/web-forms', undefined, 200);
    expect(counted.data[0]).toMatchObject({ submissions: 1, last_submission_at: expect.any(String) });
    await waitFor(async () => ((await client.getCampaign(utmCampaign.id)).leads === 1 ? true : undefined));
    const notification = await waitFor(async () => {
      const list = await request(base, 'GET', '/notifications', { token: owner.token });
      return (list.body.data as Array<Record<string, any>>).find((item) => item.kind === 'web_form_submission');
    });
    expect(notification).toMatchObject({
      title: 'New lead from "Contact us": Grace Hopper',
      link: expect.stringContaining(`/v1/contacts/${contact.id}`),
    });
    // The same person again matches the contact and company; without a matching utm the form's campaign is credited.
    expect((await postJson(form, { email: 'grace@navy.example', message: 'Again' })).status).toBe(200);
    const second = await waitFor(async () => {
      const page = await client.ok<{ data: Array<Record<string, any>> }>(
        'GET',
        `/touchpoints?campaign_id=${formCampaign.id}`,
        undefined,
        200,
      );
      return page.data[0];
    });
    expect(second).toMatchObject({ contact_id: contact.id, company_id: company.id, note: 'Again' });
    const contacts = await client.ok<{ data: Array<{ id: string }> }>('GET', '/contacts?limit=50', undefined, 200);
    expect(contacts.data.map((item) => item.id)).toEqual([contact.id]);
  });

  it('answers a browser with a redirect (303) or a thank-you page, and a script with CORS', async () => {
    const owner = await signUpWithWorkspace(base, 'Bro');
    const client = api(base, owner);
    const form = await createForm(owner, { redirect_url: 'https://www.example.org/thanks?from=form' });
    const redirected = await postForm(form, {
      first_name: 'Ann',
      email: 'ann@example.org',
      company: '',
      message: 'Hello',
    });
    expect({ status: redirected.status, location: redirected.headers.get('location') }).toEqual({
      status: 303,
      location: 'https://www.example.org/thanks?from=form',
    });
    await client.ok('PATCH', `/web-forms/${form.id}`, { redirect_url: null }, 200);
    const page = await postForm(form, { email: 'ann2@example.org' });
    expect({ status: page.status, type: page.headers.get('content-type') }).toEqual({
      status: 200,
      type: expect.stringContaining('text/html'),
    });
    expect(await page.text()).toContain('<h1>Thank you</h1>');
    const preflight = await fetch(endpointOf(form), {
      method: 'OPTIONS',
      headers: {
        origin: 'https://www.example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect({
      status: preflight.status,
      origin: preflight.headers.get('access-control-allow-origin'),
      methods: preflight.headers.get('access-control-allow-methods'),
    }).toEqual({
      status: 204,
      origin: '*',
      methods: 'POST',
    });
    await waitFor(async () =>
      (await client.ok<{ data: WebFormBody[] }>('GET', '/web-forms', undefined, 200)).data[0].submissions === 2
        ? true
        : undefined,
    );
  });

  it('refuses a disabled form, missing consent, a bad email, an unknown key and too many submissions; drops spam silently', async () => {
    const owner = await signUpWithWorkspace(base, 'Ref');
    const client = api(base, owner);
    const form = await createForm(owner, { require_consent: true, consent_text: 'I agree' });
    expectInvalid(await postJson(form, { email: 'a@example.org' }), 'consent');
    expectInvalid(await postJson(form, { email: 'a@example.org', consent: false }), 'consent');
    expectInvalid(await postJson(form, { email: 'not-an-email', consent: true }), 'email');
    expectInvalid(await postJson(form, { consent: true }), 'email');
    expectInvalid(
      await postJson(form, { email: 'a@example.org', consent: true, first_name: 'f'.repeat(101) }),
      'first_name',
    );
    expectInvalid(
      await postJson(form, { email: 'a@example.org', consent: true, message: 'm'.repeat(5001) }),
      'message',
    );
    expectInvalid(await postJson(form, { email: 'a@example.org', consent: true, colour: 'red' }), 'colour');
    const formFields = await postForm(form, { email: 'a@example.org' });
    expect(formFields.status).toBe(400);
    const unknown = await request(base, 'POST', '/public/forms/wf_unknown', { body: { email: 'a@example.org' } });
    expect({ status: unknown.status, code: unknown.body.error.code }).toEqual({ status: 404, code: 'not_found' });
    // Spam: a filled honeypot is answered like a good submission and nothing is kept.
    const spam = await postForm(form, { email: 'bot@example.org', consent: 'on', website: 'http://spam.example' });
    expect(spam.status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await postForm(form, { email: 'Same@example.org', consent: 'on' })).status).toBe(200);
    const limited = await postJson(form, { email: 'same@EXAMPLE.org', consent: true });
    expect({
      status: limited.status,
      code: limited.body.error.code,
      retry: limited.headers.get('retry-after') !== null,
    }).toEqual({ status: 429, code: 'rate_limited', retry: true });
    expect((await postJson(form, { email: 'other@example.org', consent: true })).status).toBe(200);
    await client.ok('PATCH', `/web-forms/${form.id}`, { enabled: false }, 200);
    const disabled = await postJson(form, { email: 'late@example.org', consent: true });
    expect({ status: disabled.status, code: disabled.body.error.code }).toEqual({
      status: 409,
      code: 'web_form_disabled',
    });
    const counted = await waitFor(async () => {
      const current = (await client.ok<{ data: WebFormBody[] }>('GET', '/web-forms', undefined, 200)).data[0];
      return current.submissions >= 4 ? current : undefined;
    });
    expect(counted.submissions).toBe(4);
    const contacts = await client.ok<{ data: Array<{ email: string }> }>('GET', '/contacts?limit=50', undefined, 200);
    expect(contacts.data.map((contact) => contact.email.toLowerCase()).sort()).toEqual([
      'other@example.org',
      'same@example.org',
    ]);
  });

  // Two submissions of one email processed at the same moment: crm-core's service spec, lead capture.

  it("still makes the lead when the form's owner was disabled since: nobody's lead, never a lost one", async () => {
    const owner = await signUpWithWorkspace(base, 'Dis');
    const client = api(base, owner);
    const campaign = await client.createCampaign({ name: 'Owned' });
    const member = await addMemberTo(system, owner, 'Gon');
    const form = await createForm(owner, { owner_id: member.userId, campaign_id: campaign.id });
    const members = await client.ok<{ data: Array<{ id: string; name: string }> }>('GET', '/members', undefined, 200);
    const membership = members.data.find((item) => item.name === 'Gon')!;
    await client.ok('PATCH', `/members/${membership.id}`, { status: 'disabled' }, 204);
    expect((await postJson(form, { email: 'orphan@orphan.example', company: 'Orphan Ltd' })).status).toBe(200);
    const touchpoint = await waitFor(
      async () =>
        (
          await client.ok<{ data: Array<Record<string, any>> }>(
            'GET',
            `/touchpoints?campaign_id=${campaign.id}`,
            undefined,
            200,
          )
        ).data[0],
    );
    expect(await client.ok('GET', `/companies/${touchpoint.company_id}`, undefined, 200)).toMatchObject({
      name: 'Orphan Ltd',
      owner_id: null,
      campaign_id: campaign.id,
    });
    expect(await client.ok('GET', `/contacts/${touchpoint.contact_id}`, undefined, 200)).toMatchObject({
      email: 'orphan@orphan.example',
      owner_id: null,
    });
  });

  it('keeps a submission while crm-core is down and processes it once crm-core is back', async () => {
    const owner = await signUpWithWorkspace(base, 'Out');
    const client = api(base, owner);
    const campaign = await client.createCampaign({ name: 'Outage' });
    const form = await createForm(owner, { campaign_id: campaign.id });
    // An operator stops crm-core; marketing still takes the submission and keeps it (its job
    // failing with the reason and retrying: marketing's service spec, submission processing).
    await system.services['crm-core'].stop();
    expect((await postJson(form, { email: 'kept@example.org', first_name: 'Kept' })).status).toBe(200);
    // Nothing processed: no touchpoint, and the form counts no submission.
    expect(
      (await client.ok<{ data: unknown[] }>('GET', `/touchpoints?campaign_id=${campaign.id}`, undefined, 200)).data,
    ).toEqual([]);
    const forms = await client.ok<{ data: Array<{ id: string; submissions: number }> }>(
      'GET',
      '/web-forms',
      undefined,
      200,
    );
    expect(forms.data.find((item) => item.id === form.id)?.submissions).toBe(0);

    // The system starts again on the same data, crm-core with it: the kept submission is
    // processed at its next retry.
    await system.stop();
    system = await startMarketingSystem(SETTINGS, system.dataDir);
    base = system.url;
    const again = api(base, owner);
    const touchpoint = await waitFor(
      async () =>
        (
          await again.ok<{ data: Array<Record<string, any>> }>(
            'GET',
            `/touchpoints?campaign_id=${campaign.id}`,
            undefined,
            200,
          )
        ).data[0],
      'the kept submission processed',
    );
    expect(touchpoint).toMatchObject({ kind: 'form', contact_id: expect.any(String) });
    expect(
      (await again.ok<Record<string, any>>('GET', `/contacts/${touchpoint.contact_id}`, undefined, 200)).email,
    ).toBe('kept@example.org');
  });
});
