import { request, startTestSystem, waitFor, type TestSystem } from '../support/system';
import { freeWorkspace, openHostedPage, submitHostedForm, upgradeToStandard, waitForPlan } from '../support/plans';
import { gatedOperations, planAnswers } from './billing-support';

// The plan a workspace is on, as a client meets it through the gateway: without a complimentary
// period a new workspace is on Free and the Standard features refuse it; an admin pays on the
// simulated provider's hosted checkout, the provider's signed webhook reaches billing, identity
// applies the plan, and the very next request is let in. The portal cancels it again.
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startTestSystem({ env: { ...process.env, COMPLIMENTARY_DAYS: '0' } });
  base = system.url;
});

afterAll(() => system.destroy());

describe('billing: upgrading to Standard', () => {
  it('moves a workspace whose complimentary period is over to Free, and says why in GET /billing and the audit log', async () => {
    const owner = await freeWorkspace(base, 'Fay');
    const billing = await request(base, 'GET', '/billing', { token: owner.token });
    expect(billing.status).toBe(200);
    expect(billing.body).toEqual({
      plan: 'free',
      seats: 1,
      limits: { seats: 3, storage_bytes: 1073741824, file_bytes: 26214400, records: 2500 },
      has_billing_account: false,
      complimentary_until: expect.any(String),
      subscription: null,
      invoices: [],
    });
    const me = await request(base, 'GET', '/me', { token: owner.token });
    expect(me.body.workspace).toMatchObject({ plan: 'free', billing_set_up: false });
    const audit = await waitFor(async () => {
      const log = await request(base, 'GET', '/audit-log', { token: owner.token });
      return log.body.data.find((entry: { action: string }) => entry.action === 'complimentary_ended');
    }, 'the audit entry of the complimentary period ending');
    expect(audit).toMatchObject({
      object_type: 'subscription',
      object_name: 'Free plan',
      summary: 'Complimentary Standard period ended; the workspace is on the Free plan',
    });
  });

  it('refuses the Standard features on Free, and opens them on the request after paying on the hosted checkout', async () => {
    const owner = await freeWorkspace(base, 'Gus');
    const gated = await gatedOperations(system);
    // Campaigns, touchpoints, the marketing report and calendar sync: some are served.
    expect(gated.length).toBeGreaterThan(0);
    for (const answer of await planAnswers(base, owner.token, gated))
      expect(answer).toEqual({ ...answer, status: 403, code: 'plan_required' });

    const checkout = await request(base, 'POST', '/billing/checkout', { token: owner.token, body: {} });
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(/\/v1\/public\/billing\/simulator\/checkout\/cs_sim_[\w-]+$/);
    const page = await openHostedPage(base, checkout.body.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('£12.00 per seat per month × 1 seat = <strong>£12.00 per month</strong>');
    expect(page.forms).toHaveLength(1);

    // A declined card changes nothing but leaves the page open to try again.
    const declined = await submitHostedForm(base, page.forms[0], { card_number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(200);
    expect(declined.html).toContain('Your card was declined.');
    const afterDecline = await request(base, 'GET', '/billing', { token: owner.token });
    expect(afterDecline.body).toMatchObject({
      plan: 'free',
      has_billing_account: true,
      subscription: null,
      invoices: [],
    });

    const paid = await submitHostedForm(base, page.forms[0], { cardholder_name: 'Gus Grey' });
    expect(paid.status).toBe(200);
    expect(paid.html).toContain('Payment complete');
    expect(paid.html).toContain('checkout=success');
    await waitForPlan(base, owner.token, 'standard');

    for (const answer of await planAnswers(base, owner.token, gated)) expect(answer.code).not.toBe('plan_required');
    const me = await request(base, 'GET', '/me', { token: owner.token });
    expect(me.body.workspace).toMatchObject({ plan: 'standard', billing_set_up: true });
    const billing = await request(base, 'GET', '/billing', { token: owner.token });
    expect(billing.body).toEqual({
      plan: 'standard',
      seats: 1,
      limits: { seats: null, storage_bytes: 107374182400, file_bytes: 104857600, records: null },
      has_billing_account: true,
      complimentary_until: expect.any(String),
      subscription: {
        status: 'active',
        interval: 'month',
        seats: 1,
        current_period_end: expect.any(String),
        cancel_at_period_end: false,
        trial_end: null,
      },
      invoices: [
        {
          id: expect.stringMatching(/^in_sim_/),
          number: expect.stringMatching(/^SIM-/),
          status: 'paid',
          currency: 'GBP',
          amount_due: 12,
          amount_paid: 12,
          created_at: expect.any(String),
          period_start: expect.any(String),
          period_end: billing.body.subscription.current_period_end,
          url: null,
        },
      ],
    });
    const periodDays = (Date.parse(billing.body.subscription.current_period_end) - Date.now()) / 86_400_000;
    expect(periodDays).toBeGreaterThan(27);
    expect(periodDays).toBeLessThan(32);

    // Paid once: the page is closed, and a second checkout is refused while the subscription is in place.
    expect((await submitHostedForm(base, page.forms[0])).status).toBe(404);
    expect((await openHostedPage(base, checkout.body.url)).status).toBe(404);
    const again = await request(base, 'POST', '/billing/checkout', { token: owner.token, body: { interval: 'year' } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_subscribed');

    const log = await waitFor(async () => {
      const entries = (await request(base, 'GET', '/audit-log', { token: owner.token })).body.data as Array<{
        action: string;
        summary: string;
        actor_type: string;
      }>;
      return entries.some((entry) => entry.action === 'started') ? entries : undefined;
    }, 'the audit entry of the subscription');
    expect(log.find((entry) => entry.action === 'checkout_started')).toMatchObject({
      summary: 'Started checkout for the Standard plan (monthly)',
      actor_type: 'user',
    });
    expect(log.find((entry) => entry.action === 'started')).toMatchObject({
      summary: 'Subscribed to the Standard plan (monthly)',
    });
  });

  it('bills yearly when asked, for every active member', async () => {
    const owner = await freeWorkspace(base, 'Hal');
    await upgradeToStandard(base, owner.token, 'year');
    const billing = await request(base, 'GET', '/billing', { token: owner.token });
    expect(billing.body.subscription).toMatchObject({ status: 'active', interval: 'year', seats: 1 });
    expect(billing.body.invoices).toEqual([
      expect.objectContaining({ amount_due: 120, amount_paid: 120, currency: 'GBP' }),
    ]);
  });

  it('changes the subscription in the hosted portal: cancelling at period end keeps Standard, cancelling now moves to Free', async () => {
    const owner = await freeWorkspace(base, 'Ivy');
    const noAccount = await request(base, 'POST', '/billing/portal', { token: owner.token });
    expect(noAccount.status).toBe(409);
    expect(noAccount.body.error.code).toBe('no_billing_account');
    await upgradeToStandard(base, owner.token);

    const portal = await request(base, 'POST', '/billing/portal', { token: owner.token });
    expect(portal.status).toBe(200);
    const formFor = async (action: string) => {
      const page = await openHostedPage(base, portal.body.url);
      expect(page.status).toBe(200);
      const form = page.forms.find((candidate) => candidate.fields.action === action);
      if (!form) throw new Error(`the portal has no ${action} form`);
      return form;
    };
    const subscription = async () => (await request(base, 'GET', '/billing', { token: owner.token })).body.subscription;

    expect((await submitHostedForm(base, await formFor('cancel_at_period_end'))).status).toBe(200);
    await waitFor(async () => (await subscription())?.cancel_at_period_end === true, 'cancellation at period end');
    expect((await request(base, 'GET', '/me', { token: owner.token })).body.workspace.plan).toBe('standard');

    await submitHostedForm(base, await formFor('resume'));
    await waitFor(async () => (await subscription())?.cancel_at_period_end === false, 'the renewal resumed');

    await submitHostedForm(base, await formFor('switch_interval'));
    await waitFor(async () => (await subscription())?.interval === 'year', 'yearly billing');

    await submitHostedForm(base, await formFor('cancel_now'));
    await waitForPlan(base, owner.token, 'free');
    const billing = await request(base, 'GET', '/billing', { token: owner.token });
    expect(billing.body).toMatchObject({
      plan: 'free',
      has_billing_account: true,
      subscription: { status: 'canceled' },
    });
    expect((await request(base, 'GET', '/me', { token: owner.token })).body.workspace.billing_set_up).toBe(false);
    const gated = await gatedOperations(system);
    for (const answer of await planAnswers(base, owner.token, gated))
      expect(answer).toEqual({ ...answer, status: 403, code: 'plan_required' });

    const audit = await waitFor(async () => {
      const entries = (await request(base, 'GET', '/audit-log', { token: owner.token })).body.data as Array<{
        action: string;
        summary: string;
      }>;
      return entries.some((entry) => entry.action === 'ended') ? entries : undefined;
    }, 'the audit entry of the subscription ending');
    expect(audit.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        'Subscription updated: set to end at the close of the period',
        'Subscription updated: renewal resumed',
        'Subscription ended; the workspace is on the Free plan',
      ]),
    );
    // Subscribing again is allowed once nothing is in place.
    expect((await request(base, 'POST', '/billing/checkout', { token: owner.token })).status).toBe(200);
  });
});
