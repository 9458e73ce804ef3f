import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { WebhookRefused } from '../payment-provider';
import { StripeProvider } from '../stripe-provider';

// The Stripe adapter against a fake Stripe API on loopback (the client's host, port and protocol
// settings point it there): what each call sends, with its idempotency key, and how answers map.
// Webhooks are signed with Stripe's own test helper.

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_adapter';
const stripeHelpers = new Stripe('sk_test_helpers_only');

let server: Server;
let seen: Seen[] = [];
let answer: (request: Seen) => { status: number; body: unknown; headers?: Record<string, string> };

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void read(request).then((body) => respond(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

function respond(request: IncomingMessage, body: string, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const entry: Seen = {
    method: request.method ?? '',
    path: url.pathname,
    query: url.searchParams,
    form: new URLSearchParams(body),
    idempotencyKey: request.headers['idempotency-key'] as string | undefined,
  };
  seen.push(entry);
  const { status, body: reply, headers } = answer(entry);
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake', ...headers });
  response.end(JSON.stringify(reply));
}

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
});

function provider(maxNetworkRetries = 0): StripeProvider {
  const { port } = server.address() as AddressInfo;
  return new StripeProvider({
    secretKey: 'sk_test_fake',
    webhookSecret: WEBHOOK_SECRET,
    prices: { month: 'price_month', year: 'price_year' },
    webhookToleranceSeconds: 300,
    api: { host: '127.0.0.1', port, protocol: 'http' },
    maxNetworkRetries,
  });
}

const subscription = {
  id: 'sub_1',
  object: 'subscription',
  customer: 'cus_1',
  status: 'trialing',
  cancel_at_period_end: false,
  trial_end: 1_800_000_000,
  metadata: { workspace_id: 'w1' },
  items: {
    object: 'list',
    data: [
      {
        id: 'si_1',
        object: 'subscription_item',
        quantity: 4,
        current_period_end: 1_800_000_000,
        price: { id: 'price_year', object: 'price', recurring: { interval: 'year' } },
      },
    ],
  },
};

describe('Stripe adapter calls', () => {
  it('creates the customer with the workspace in its metadata and the idempotency key given', async () => {
    answer = () => ({ status: 200, body: { id: 'cus_1', object: 'customer' } });
    expect(await provider().createCustomer({ workspaceId: 'w1', name: 'Acme' }, 'customer-w1')).toBe('cus_1');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/customers', idempotencyKey: 'customer-w1' });
    expect(seen[0].form.get('metadata[workspace_id]')).toBe('w1');
    expect(seen[0].form.get('name')).toBe('Acme');
  });

  it('opens a subscription Checkout Session for the interval’s price, per seat, with the trial and return addresses', async () => {
    answer = () => ({
      status: 200,
      body: { id: 'cs_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_1' },
    });
    const trialEnd = new Date('2027-01-15T10:00:00.000Z');
    const session = await provider().createCheckout({
      workspaceId: 'w1',
      customerId: 'cus_1',
      interval: 'year',
      seats: 4,
      trialEnd,
      successUrl: 'https://app.example/billing?checkout=success',
      cancelUrl: 'https://app.example/billing?checkout=cancelled',
      idempotencyKey: 'checkout-r1',
    });
    expect(session).toEqual({ id: 'cs_1', url: 'https://checkout.stripe.com/c/pay/cs_1' });
    const [call] = seen;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', idempotencyKey: 'checkout-r1' });
    expect(Object.fromEntries(call.form)).toMatchObject({
      mode: 'subscription',
      customer: 'cus_1',
      client_reference_id: 'w1',
      'line_items[0][price]': 'price_year',
      'line_items[0][quantity]': '4',
      'subscription_data[metadata][workspace_id]': 'w1',
      'subscription_data[trial_end]': String(trialEnd.getTime() / 1000),
      success_url: 'https://app.example/billing?checkout=success',
      cancel_url: 'https://app.example/billing?checkout=cancelled',
    });
  });

  it('opens the Customer Portal with its own idempotency key', async () => {
    answer = () => ({
      status: 200,
      body: { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/1' },
    });
    expect(
      await provider().createPortal({ customerId: 'cus_1', returnUrl: 'https://app.example/billing' }, 'portal-r2'),
    ).toEqual({ url: 'https://billing.stripe.com/p/session/1' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/billing_portal/sessions', idempotencyKey: 'portal-r2' });
    expect(seen[0].form.get('customer')).toBe('cus_1');
    expect(seen[0].form.get('return_url')).toBe('https://app.example/billing');
  });

  it('retries a failed call with the same idempotency key, so it is made once', async () => {
    let calls = 0;
    answer = () => {
      calls += 1;
      return calls === 1
        ? {
            status: 500,
            body: { error: { type: 'api_error', message: 'try again' } },
            headers: { 'stripe-should-retry': 'true' },
          }
        : { status: 200, body: { id: 'cus_2', object: 'customer' } };
    };
    expect(await provider(1).createCustomer({ workspaceId: 'w2', name: 'Beta' }, 'customer-w2')).toBe('cus_2');
    expect(seen.map((call) => call.idempotencyKey)).toEqual(['customer-w2', 'customer-w2']);
  });

  it('reads a subscription: status, interval and seats from its item, the period from the item, the trial', async () => {
    answer = () => ({ status: 200, body: subscription });
    expect(await provider().getSubscription('sub_1')).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      workspaceId: 'w1',
      status: 'trialing',
      interval: 'year',
      seats: 4,
      currentPeriodEnd: new Date(1_800_000_000_000).toISOString(),
      cancelAtPeriodEnd: false,
      trialEnd: new Date(1_800_000_000_000).toISOString(),
    });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/v1/subscriptions/sub_1' });
  });

  it('answers null for a subscription Stripe does not know', async () => {
    answer = () => ({
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } },
    });
    expect(await provider().getSubscription('sub_missing')).toBeNull();
  });

  it('lists the customer’s invoices in minor units', async () => {
    answer = () => ({
      status: 200,
      body: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: 'in_1',
            object: 'invoice',
            number: 'ACME-0001',
            status: 'paid',
            currency: 'gbp',
            amount_due: 4800,
            amount_paid: 4800,
            created: 1_700_000_000,
            period_start: 1_700_000_000,
            period_end: 1_702_592_000,
            hosted_invoice_url: 'https://invoice.stripe.com/i/1',
          },
        ],
      },
    });
    expect(await provider().listInvoices('cus_1', 12)).toEqual([
      {
        id: 'in_1',
        number: 'ACME-0001',
        status: 'paid',
        currency: 'GBP',
        amountDueMinor: 4800,
        amountPaidMinor: 4800,
        createdAt: new Date(1_700_000_000_000).toISOString(),
        periodStart: new Date(1_700_000_000_000).toISOString(),
        periodEnd: new Date(1_702_592_000_000).toISOString(),
        hostedUrl: 'https://invoice.stripe.com/i/1',
      },
    ]);
    expect(seen[0].query.get('customer')).toBe('cus_1');
    expect(seen[0].query.get('limit')).toBe('12');
  });
});

describe('Stripe webhook verification', () => {
  const payload = (type: string, object: Record<string, unknown>) =>
    JSON.stringify({ id: `evt_${type}`, object: 'event', type, data: { object } }, null, 2);
  const header = (body: string, options: { secret?: string; timestamp?: number } = {}) =>
    stripeHelpers.webhooks.generateTestHeaderString({
      payload: body,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp,
    });

  it('reads a checkout that completed: the workspace, the customer and the subscription to fetch', () => {
    const body = payload('checkout.session.completed', {
      id: 'cs_1',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: 'w1',
      customer: 'cus_1',
      subscription: 'sub_1',
    });
    expect(provider().verifyWebhook(Buffer.from(body), header(body))).toEqual({
      id: 'evt_checkout.session.completed',
      type: 'checkout.session.completed',
      kind: 'subscription_changed',
      workspaceId: 'w1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
  });

  it('reads subscription and invoice events by their subscription, and ignores the rest', () => {
    const updated = payload('customer.subscription.updated', { ...subscription, status: 'past_due' });
    expect(provider().verifyWebhook(Buffer.from(updated), header(updated))).toMatchObject({
      kind: 'subscription_changed',
      subscriptionId: 'sub_1',
      workspaceId: 'w1',
    });
    const invoice = payload('invoice.payment_failed', {
      id: 'in_1',
      object: 'invoice',
      customer: 'cus_1',
      parent: { subscription_details: { subscription: 'sub_1' } },
    });
    expect(provider().verifyWebhook(Buffer.from(invoice), header(invoice))).toMatchObject({
      kind: 'subscription_changed',
      subscriptionId: 'sub_1',
    });
    const other = payload('customer.created', { id: 'cus_1', object: 'customer' });
    expect(provider().verifyWebhook(Buffer.from(other), header(other))).toMatchObject({
      kind: 'ignored',
      subscriptionId: null,
    });
  });

  it('refuses a missing header, another secret, an altered body and a timestamp outside the tolerance', () => {
    const body = payload('customer.subscription.deleted', subscription);
    const adapter = provider();
    expect(() => adapter.verifyWebhook(Buffer.from(body), undefined)).toThrow(WebhookRefused);
    expect(() => adapter.verifyWebhook(Buffer.from(body), header(body, { secret: 'whsec_another' }))).toThrow(
      WebhookRefused,
    );
    expect(() =>
      adapter.verifyWebhook(
        Buffer.from(body.replace('"canceled"', '"active"').replace('trialing', 'active')),
        header(body),
      ),
    ).toThrow(WebhookRefused);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(() => adapter.verifyWebhook(Buffer.from(body), header(body, { timestamp: tenMinutesAgo }))).toThrow(
      /tolerance/i,
    );
  });
});
