import { request, signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';
import { upgradeToStandard } from '../support/plans';
import { signedWebhook } from './billing-support';

// Billing with the default complimentary period (new workspaces start on Standard, free until
// complimentary_until): setting up payment during it, who may open billing, what input is
// refused, and the webhook endpoint's signature, replay and idempotency rules.
const WEBHOOK_SECRET = 'whsec_test_billing_rules_0123456789abcdef';
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startTestSystem({ env: { ...process.env, BILLING_SIMULATOR_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  base = system.url;
});

afterAll(() => system.destroy());

async function sendWebhook(body: string, signature?: string) {
  const response = await fetch(`${base}/public/billing/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('billing during the complimentary period', () => {
  it('shows a new workspace on Standard until complimentary_until, and a subscription set up then starts paying when it ends', async () => {
    const owner = await signUpWithWorkspace(base, 'Joe');
    const me = await request(base, 'GET', '/me', { token: owner.token });
    const complimentaryUntil = me.body.workspace.complimentary_until as string;
    expect(me.body.workspace).toMatchObject({ plan: 'standard', billing_set_up: false });
    const before = await request(base, 'GET', '/billing', { token: owner.token });
    expect(before.body).toMatchObject({
      plan: 'standard',
      seats: 1,
      has_billing_account: false,
      complimentary_until: complimentaryUntil,
      subscription: null,
      invoices: [],
    });
    expect(before.body.limits).toEqual({
      seats: null,
      storage_bytes: 107374182400,
      file_bytes: 104857600,
      records: null,
    });

    await upgradeToStandard(base, owner.token);
    const after = await request(base, 'GET', '/billing', { token: owner.token });
    expect(after.body).toMatchObject({
      plan: 'standard',
      has_billing_account: true,
      complimentary_until: complimentaryUntil,
      subscription: {
        status: 'trialing',
        interval: 'month',
        seats: 1,
        trial_end: complimentaryUntil,
        current_period_end: complimentaryUntil,
        cancel_at_period_end: false,
      },
    });
    // Nothing is charged before the complimentary period ends.
    expect(after.body.invoices).toEqual([expect.objectContaining({ status: 'paid', amount_due: 0, amount_paid: 0 })]);
    const log = await waitFor(async () => {
      const entries = (await request(base, 'GET', '/audit-log', { token: owner.token })).body.data as Array<{
        action: string;
        summary: string;
      }>;
      return entries.find((entry) => entry.action === 'started');
    }, 'the audit entry of the subscription');
    expect(log.summary).toBe(
      `Subscribed to the Standard plan (monthly, first payment on ${complimentaryUntil.slice(0, 10)})`,
    );
  });
});

describe('billing input and access', () => {
  it('is for admins only', async () => {
    const owner = await signUpWithWorkspace(base, 'Kim');
    const key = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Reader', kind: 'integration' },
    });
    expect(key.status).toBe(201);
    for (const [method, path] of [
      ['GET', '/billing'],
      ['POST', '/billing/checkout'],
      ['POST', '/billing/portal'],
    ] as const) {
      const answer = await request(base, method, path, { token: key.body.key });
      expect({ path, status: answer.status, code: answer.body.error.code }).toEqual({
        path,
        status: 403,
        code: 'forbidden',
      });
    }
    expect((await request(base, 'GET', '/billing')).status).toBe(401);
  });

  it.each([
    ['an unknown interval', { interval: 'week' }, 'interval must be one of month, year'],
    ['an unknown field', { interval: 'month', plan: 'enterprise' }, "unknown field 'plan'"],
  ])('refuses checkout with %s, naming the field', async (_label, body, message) => {
    const owner = await signUpWithWorkspace(base, 'Lou');
    const answer = await request(base, 'POST', '/billing/checkout', { token: owner.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ code: 'validation_failed', message });
    // Nothing was set up.
    expect((await request(base, 'GET', '/billing', { token: owner.token })).body.has_billing_account).toBe(false);
  });

  it('refuses a body on the portal', async () => {
    const owner = await signUpWithWorkspace(base, 'Max');
    const answer = await request(base, 'POST', '/billing/portal', {
      token: owner.token,
      body: { return_url: 'https://evil.example' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
  });
});

describe('the payment provider webhook', () => {
  const event = (id: string) => ({
    id,
    object: 'event',
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'cus_x', object: 'customer' } },
  });

  it('takes a signed event once: a redelivery is acknowledged as a duplicate', async () => {
    const { body, signature } = signedWebhook(WEBHOOK_SECRET, event(`evt_test_${Date.now()}`));
    expect(await sendWebhook(body, signature)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await sendWebhook(body, signature)).toEqual({ status: 200, body: { received: true, duplicate: true } });
  });

  it('refuses a missing or wrong signature, an altered body and a replay older than the tolerance', async () => {
    const { body, signature } = signedWebhook(WEBHOOK_SECRET, event(`evt_test_${Date.now()}_a`));
    const refused = async (payload: string, header?: string) => {
      const answer = await sendWebhook(payload, header);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      return answer.body.error.message as string;
    };
    expect(await refused(body)).toMatch(/signature/i);
    expect(await refused(body, signedWebhook('whsec_someone_else', JSON.parse(body)).signature)).toMatch(/signature/i);
    expect(await refused(body.replace('customer.created', 'customer.deleted'), signature)).toMatch(/signature/i);
    const old = signedWebhook(WEBHOOK_SECRET, event(`evt_test_${Date.now()}_b`), new Date(Date.now() - 10 * 60 * 1000));
    expect(await refused(old.body, old.signature)).toMatch(/tolerance/);
    // The genuine event is still taken: refusals recorded nothing.
    expect((await sendWebhook(body, signature)).body).toEqual({ received: true, duplicate: false });
  });
});
