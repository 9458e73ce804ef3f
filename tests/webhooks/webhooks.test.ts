import { Webhook } from 'standardwebhooks';
import { request, signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';
import { FAST_WEBHOOKS_ENV, signatureHeaders, startReceiver, type Receiver } from '@crm/testing';

let system: TestSystem;
let base: string;
const receivers: Receiver[] = [];

beforeAll(async () => {
  system = await startTestSystem({ env: { ...process.env, ...FAST_WEBHOOKS_ENV } });
  base = system.url;
});

afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
  await system.destroy();
});

async function receiver(): Promise<Receiver> {
  const started = await startReceiver();
  receivers.push(started);
  return started;
}

type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;

async function endpoint(owner: Owner, url: string, extra: Record<string, unknown> = {}) {
  const created = await request(base, 'POST', '/webhooks', { token: owner.token, body: { url, ...extra } });
  expect(created.status).toBe(201);
  return created.body as { id: string; secret: string };
}

const bodies = (target: Receiver) =>
  target.received.map(
    (item) => JSON.parse(item.body) as { type: string; timestamp: string; data: Record<string, unknown> },
  );

describe('webhook endpoints', () => {
  it('are managed by admins: the secret is answered once, never listed; limits and errors', async () => {
    const owner = await signUpWithWorkspace(base, 'Wendy');
    const target = await receiver();
    const created = await endpoint(owner, target.url, { event_types: ['crm.company.*'], description: 'Sync' });
    expect(created.secret).toMatch(/^whsec_/);
    const list = await request(base, 'GET', '/webhooks', { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: created.id,
        url: target.url,
        event_types: ['crm.company.*'],
        description: 'Sync',
        enabled: true,
      }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');

    expect(
      (
        await request(base, 'POST', '/webhooks', {
          token: owner.token,
          body: { url: target.url, event_types: ['crm.nothing.*'] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await request(base, 'POST', '/webhooks', {
          token: owner.token,
          body: { url: `${target.url}?x=${'a'.repeat(2100)}` },
        })
      ).status,
    ).toBe(400);
    // WEBHOOKS_MAX_ENDPOINTS is 3 here.
    await endpoint(owner, target.url);
    await endpoint(owner, target.url);
    const tooMany = await request(base, 'POST', '/webhooks', { token: owner.token, body: { url: target.url } });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error.code).toBe('webhook_limit_reached');
    const changed = await request(base, 'PATCH', `/webhooks/${created.id}`, {
      token: owner.token,
      body: { enabled: false },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ enabled: false });
    expect(changed.body.secret).toBeUndefined();
    expect((await request(base, 'DELETE', `/webhooks/${created.id}`, { token: owner.token })).status).toBe(204);
    expect((await request(base, 'GET', `/webhooks/${created.id}/deliveries`, { token: owner.token })).status).toBe(404);
  });

  it('refuse addresses that are not public (SSRF) even with loopback allowed', async () => {
    const owner = await signUpWithWorkspace(base, 'Sam');
    for (const url of [
      'http://10.0.0.5/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00:ec2::254]/',
      'http://100.64.1.1/',
      'http://0.0.0.0/',
      'http://user:pw@127.0.0.1/hook',
      'ftp://127.0.0.1/',
    ]) {
      const answer = await request(base, 'POST', '/webhooks', { token: owner.token, body: { url } });
      expect({ url, status: answer.status, code: answer.body.error?.code }).toEqual({
        url,
        status: 400,
        code: 'validation_failed',
      });
    }
  });

  it('are for admins only; another workspace sees none of them', async () => {
    const owner = await signUpWithWorkspace(base, 'Olga');
    const stranger = await signUpWithWorkspace(base, 'Stan');
    const target = await receiver();
    const created = await endpoint(owner, target.url);
    const key = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Agent', kind: 'agent' },
    });
    expect(key.status).toBe(201);
    for (const [method, path] of [
      ['GET', '/webhooks'],
      ['POST', '/webhooks'],
      ['GET', '/events'],
    ] as const) {
      const answer = await request(base, method, path, {
        token: key.body.key,
        body: method === 'POST' ? { url: target.url } : undefined,
      });
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
    }
    const foreign = [
      ['PATCH', `/webhooks/${created.id}`, { enabled: false }],
      ['DELETE', `/webhooks/${created.id}`, undefined],
      ['POST', `/webhooks/${created.id}/test`, undefined],
      ['GET', `/webhooks/${created.id}/deliveries`, undefined],
      ['POST', `/webhooks/${created.id}/deliveries/${created.id}/retry`, undefined],
    ] as const;
    for (const [method, path, body] of foreign) {
      const answer = await request(base, method, path, { token: stranger.token, body });
      expect({ path, method, status: answer.status }).toEqual({ path, method, status: 404 });
    }
    expect((await request(base, 'GET', '/webhooks', { token: stranger.token })).body.data).toEqual([]);
    expect((await request(base, 'GET', '/webhooks', { token: owner.token })).body.data[0]).toMatchObject({
      id: created.id,
      enabled: true,
    });
  });

  it("cannot be deleted by an agent key, even one whose role is an admin's", async () => {
    const owner = await signUpWithWorkspace(base, 'Olga');
    const created = await endpoint(owner, (await receiver()).url);
    expect(
      (
        await request(base, 'POST', '/roles', {
          token: owner.token,
          body: { name: 'Integrators', permissions: ['companies:read', 'settings:manage'] },
        })
      ).status,
    ).toBe(201);
    const key = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Ops agent', kind: 'agent', role: 'Integrators' },
    });
    expect(key.status).toBe(201);
    const agent = key.body.key as string;
    expect((await request(base, 'GET', '/webhooks', { token: agent })).body.data).toEqual([
      expect.objectContaining({ id: created.id }),
    ]);
    expect(
      (
        await request(base, 'PATCH', `/webhooks/${created.id}`, {
          token: agent,
          body: { description: 'Kept by the agent' },
        })
      ).status,
    ).toBe(200);
    const refused = await request(base, 'DELETE', `/webhooks/${created.id}`, { token: agent });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: { error: { code: 'forbidden', message: 'agent keys cannot delete' } },
    });
    expect((await request(base, 'GET', '/webhooks', { token: owner.token })).body.data).toEqual([
      expect.objectContaining({ id: created.id, description: 'Kept by the agent' }),
    ]);
  });
});

describe('deliveries', () => {
  it('sign a crm change (Standard Webhooks), keep the id on retries, and never cross workspaces', async () => {
    const owner = await signUpWithWorkspace(base, 'Dora');
    const other = await signUpWithWorkspace(base, 'Otto');
    const target = await receiver();
    const otherTarget = await receiver();
    const created = await endpoint(owner, target.url, { event_types: ['crm.company.*'] });
    await endpoint(other, otherTarget.url);
    let failures = 1;
    target.answer = () => (failures-- > 0 ? 500 : 204);
    const company = await request(base, 'POST', '/companies', { token: owner.token, body: { name: 'Signed Ltd' } });
    expect(company.status).toBe(201);
    await waitFor(() => target.received.length >= 2 || undefined);
    const [first, second] = target.received;
    expect(first.headers['webhook-id']).toBe(second.headers['webhook-id']);
    const verified = new Webhook(created.secret).verify(second.body, signatureHeaders(second)) as {
      type: string;
      data: { company_id: string };
    };
    expect(verified).toMatchObject({ type: 'crm.company.created', data: { company_id: company.body.id } });
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(second.body, signatureHeaders(second)),
    ).toThrow();

    const deliveries = await waitFor(async () => {
      const answer = await request(base, 'GET', `/webhooks/${created.id}/deliveries`, { token: owner.token });
      return answer.body.data[0]?.status === 'succeeded' ? answer.body : undefined;
    });
    expect(deliveries.data[0]).toMatchObject({
      event_id: first.headers['webhook-id'],
      event_type: 'crm.company.created',
      attempts: 2,
      response_status: 204,
      next_attempt_at: null,
    });

    // The feed has the same id; the other workspace's receiver and feed never see it.
    const feed = await request(base, 'GET', '/events?types=crm.company.*', { token: owner.token });
    expect(feed.body.data.map((item: { id: string }) => item.id)).toContain(first.headers['webhook-id']);
    expect(bodies(otherTarget).some((body) => body.data.company_id === company.body.id)).toBe(false);
    const otherFeed = await request(base, 'GET', '/events', { token: other.token, headers: {} });
    expect(JSON.stringify(otherFeed.body)).not.toContain(company.body.id as string);

    // Retry by hand: the same webhook-id again.
    const retried = await request(base, 'POST', `/webhooks/${created.id}/deliveries/${deliveries.data[0].id}/retry`, {
      token: owner.token,
    });
    expect(retried.status).toBe(200);
    await waitFor(() => target.received.length >= 3 || undefined);
    expect(target.received[2].headers['webhook-id']).toBe(first.headers['webhook-id']);
  });

  it('to a slow endpoint do not hold back another endpoint', async () => {
    const owner = await signUpWithWorkspace(base, 'Sly');
    const slow = await receiver();
    const quick = await receiver();
    let release!: () => void;
    const held = new Promise<number>((resolve) => {
      release = () => resolve(204);
    });
    slow.answer = () => held;
    await endpoint(owner, slow.url, { event_types: ['crm.company.created'] });
    const quickEndpoint = await endpoint(owner, quick.url, { event_types: ['crm.company.created'] });
    for (const name of ['One', 'Two', 'Three'])
      expect((await request(base, 'POST', '/companies', { token: owner.token, body: { name } })).status).toBe(201);
    await waitFor(() => quick.received.length >= 3 || undefined);
    // The slow one has at most one attempt at a time (WEBHOOKS_ENDPOINT_CONCURRENCY=1), still held.
    expect(slow.received.length).toBeLessThanOrEqual(1);
    release();
    await waitFor(() => slow.received.length >= 3 || undefined);

    // The quick endpoint's deliveries, newest first, two to a page.
    const first = await request(base, 'GET', `/webhooks/${quickEndpoint.id}/deliveries?limit=2`, {
      token: owner.token,
    });
    expect(first.body.data).toHaveLength(2);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await request(
      base,
      'GET',
      `/webhooks/${quickEndpoint.id}/deliveries?limit=2&cursor=${first.body.next_cursor}`,
      { token: owner.token },
    );
    expect(second.body).toMatchObject({ next_cursor: null });
    const pages = [...first.body.data, ...second.body.data] as Array<{ id: string; created_at: string }>;
    expect(pages).toHaveLength(3);
    expect(pages.map((item) => item.id)).toEqual([...pages.map((item) => item.id)].sort().reverse());
  });

  it('test delivery, and a rotated secret: old and new both verify during the overlap', async () => {
    const owner = await signUpWithWorkspace(base, 'Rita');
    const target = await receiver();
    const created = await endpoint(owner, target.url);
    const rotated = await request(base, 'PATCH', `/webhooks/${created.id}`, {
      token: owner.token,
      body: { rotate_secret: true },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);
    expect(rotated.body.secret_rotation_ends_at).not.toBeNull();
    const test = await request(base, 'POST', `/webhooks/${created.id}/test`, { token: owner.token });
    expect(test.status).toBe(202);
    const item = await waitFor(() =>
      target.received.find((received) => received.headers['webhook-id'] === test.body.event_id),
    );
    expect(String(item.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [created.secret, rotated.body.secret as string]) {
      expect(new Webhook(secret).verify(item.body, signatureHeaders(item))).toMatchObject({
        type: 'webhook.test',
        data: { webhook_id: created.id },
      });
    }
    expect(JSON.stringify((await request(base, 'GET', '/webhooks', { token: owner.token })).body)).not.toContain(
      'whsec_',
    );
  });
});

describe('an endpoint that fails throughout the retry window', () => {
  it('is disabled, the change is audited, admins are told, and retries wait until an admin enables it again', async () => {
    const owner = await signUpWithWorkspace(base, 'Fern');
    const target = await receiver();
    target.answer = () => 500;
    const created = await endpoint(owner, target.url, { event_types: ['crm.company.created'] });
    expect(
      (await request(base, 'POST', '/companies', { token: owner.token, body: { name: 'Unheard Ltd' } })).status,
    ).toBe(201);
    // WEBHOOKS_RETRY_WINDOW_MS is 1.5 s here (three days by default).
    const disabled = await waitFor(async () => {
      const list = await request(base, 'GET', '/webhooks', { token: owner.token });
      return list.body.data[0]?.enabled === false ? list.body.data[0] : undefined;
    });
    expect(disabled).toMatchObject({ id: created.id, disabled_reason: 'failing' });
    expect(target.received.length).toBeGreaterThan(1);
    const deliveries = await request(base, 'GET', `/webhooks/${created.id}/deliveries?status=failed`, {
      token: owner.token,
    });
    expect(deliveries.body.data[0]).toMatchObject({ status: 'failed', response_status: 500, next_attempt_at: null });
    const audit = await waitFor(async () => {
      const log = await request(base, 'GET', '/audit-log', { token: owner.token });
      return (log.body.data as Array<{ object_type: string; summary?: string }>).find(
        (item) => item.object_type === 'webhook' && JSON.stringify(item).includes('disabled'),
      );
    });
    expect(audit).toBeDefined();
    // The workspace's admins are told, with a link to the failed deliveries.
    const notice = await waitFor(async () => {
      const inbox = await request(base, 'GET', '/notifications', { token: owner.token });
      return (inbox.body.data as Array<{ kind: string }>).find((item) => item.kind === 'webhook_disabled');
    });
    expect(notice).toMatchObject({
      title: `Webhook endpoint disabled: ${target.url}`,
      link: expect.stringMatching(new RegExp(`/v1/webhooks/${created.id}/deliveries$`)),
    });
    const refused = await request(
      base,
      'POST',
      `/webhooks/${created.id}/deliveries/${deliveries.body.data[0].id}/retry`,
      { token: owner.token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('webhook_disabled');
    const enabled = await request(base, 'PATCH', `/webhooks/${created.id}`, {
      token: owner.token,
      body: { enabled: true },
    });
    expect(enabled.body).toMatchObject({ enabled: true, disabled_reason: null });
  });
});

describe('the event feed', () => {
  it('pages in order with an opaque cursor and filters by type', async () => {
    const owner = await signUpWithWorkspace(base, 'Fay');
    for (const name of ['A', 'B', 'C'])
      expect((await request(base, 'POST', '/companies', { token: owner.token, body: { name } })).status).toBe(201);
    expect((await request(base, 'POST', '/contacts', { token: owner.token, body: { first_name: 'Cy' } })).status).toBe(
      201,
    );
    const all = await waitFor(async () => {
      const answer = await request(base, 'GET', '/events?types=crm.company.created,crm.contact.*&limit=200', {
        token: owner.token,
      });
      return answer.body.data.length >= 4 ? answer.body : undefined;
    });
    expect(all.data.map((item: { type: string }) => item.type).sort()).toEqual([
      'crm.company.created',
      'crm.company.created',
      'crm.company.created',
      'crm.contact.created',
    ]);
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await request(base, 'GET', `/events?types=crm.company.*&limit=2${after ? `&after=${after}` : ''}`, {
        token: owner.token,
      });
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((item: { data: { name: string } }) => item.data.name));
      after = page.body.next_cursor;
      if (!page.body.has_more) break;
    }
    expect(seen).toEqual(['A', 'B', 'C']);
    const empty = await request(base, 'GET', `/events?types=crm.company.*&after=${after}`, { token: owner.token });
    expect(empty.body).toMatchObject({ data: [], next_cursor: after, has_more: false });
    expect((await request(base, 'GET', '/events?after=nonsense', { token: owner.token })).status).toBe(400);
    expect((await request(base, 'GET', '/events?types=crm.nothing.*', { token: owner.token })).status).toBe(400);
  });

  it("finds the erased person's name in feed entries past the first thousand", async () => {
    const owner = await signUpWithWorkspace(base, 'Fran');
    const rows = Array.from({ length: 1_050 }, (_, index) => ({ name: `Filler ${index} Ltd` }));
    const imported = await request(base, 'POST', '/import/companies', { token: owner.token, body: { rows } });
    expect(imported.body).toMatchObject({ created: 1_050 });
    const contact = await request(base, 'POST', '/contacts', {
      token: owner.token,
      body: { first_name: 'Rosalind', last_name: 'Quill', email: 'rosalind.quill@example.com' },
    });
    expect(contact.status).toBe(201);
    const company = await request(base, 'POST', '/companies', { token: owner.token, body: { name: 'Lunch Ltd' } });
    const note = await request(base, 'POST', '/activities', {
      token: owner.token,
      body: { type: 'note', target_type: 'company', target_id: company.body.id, body: 'Lunch with Rosalind Quill' },
    });
    expect(note.status).toBe(201);
    const noteEntry = async () => {
      const answer = await request(base, 'GET', '/events?types=crm.activity.created', { token: owner.token });
      return (answer.body.data as Array<{ redacted: boolean; data: Record<string, unknown> }>).find(
        (item) => item.data.activity_id === note.body.id,
      );
    };
    expect(await waitFor(noteEntry)).toMatchObject({ redacted: false });

    const erased = await request(base, 'POST', `/contacts/${contact.body.id}/erase`, {
      token: owner.token,
      body: { confirm: 'ERASE' },
    });
    expect(erased.status).toBe(200);
    const redacted = await waitFor(async () => {
      const entry = await noteEntry();
      return entry?.redacted ? entry : undefined;
    });
    expect(JSON.stringify(redacted)).not.toContain('Rosalind');
    expect(redacted.data).toMatchObject({ activity_id: note.body.id, target_id: company.body.id });
  });

  it('loses the personal data of an erased contact, in the feed and in later deliveries', async () => {
    const owner = await signUpWithWorkspace(base, 'Erin');
    const target = await receiver();
    const created = await endpoint(owner, target.url, { event_types: ['crm.contact.*'] });
    const contact = await request(base, 'POST', '/contacts', {
      token: owner.token,
      body: { first_name: 'Forgettable', last_name: 'Person', email: 'forget.me@example.com' },
    });
    expect(contact.status).toBe(201);
    const contactId = contact.body.id as string;
    await waitFor(() => target.received.some((item) => item.body.includes('forget.me@example.com')) || undefined);
    const erased = await request(base, 'POST', `/contacts/${contactId}/erase`, {
      token: owner.token,
      body: { confirm: 'ERASE' },
    });
    expect([200, 204]).toContain(erased.status);
    const feed = await waitFor(async () => {
      const answer = await request(base, 'GET', '/events?types=crm.contact.*', { token: owner.token });
      return answer.body.data.some((item: { type: string }) => item.type === 'crm.contact.erased')
        ? answer.body
        : undefined;
    });
    const text = JSON.stringify(feed);
    expect(text).not.toContain('forget.me@example.com');
    expect(text).not.toContain('Forgettable');
    const createdEntry = feed.data.find((item: { type: string }) => item.type === 'crm.contact.created');
    expect(createdEntry).toMatchObject({ redacted: true, data: { contact_id: contactId } });
    // A retry of the old delivery now carries only ids.
    const deliveries = await request(base, 'GET', `/webhooks/${created.id}/deliveries`, { token: owner.token });
    const first = deliveries.body.data.find(
      (item: { event_type: string }) => item.event_type === 'crm.contact.created',
    );
    const before = target.received.length;
    expect(
      (await request(base, 'POST', `/webhooks/${created.id}/deliveries/${first.id}/retry`, { token: owner.token }))
        .status,
    ).toBe(200);
    const again = await waitFor(() =>
      target.received.slice(before).find((item) => item.headers['webhook-id'] === first.event_id),
    );
    expect(again.body).not.toContain('forget.me@example.com');
    expect(JSON.parse(again.body)).toMatchObject({ type: 'crm.contact.created', data: { contact_id: contactId } });
  });
});
