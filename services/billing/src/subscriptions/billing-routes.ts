import {
  AppError,
  currentContext,
  implement,
  majorUnits,
  newId,
  workspaceOf,
  type Implementation,
  type InternalClaims,
} from '@crm/kit';
import { planLimits, subscriptionCheckoutStarted } from '@crm/protos';
import { commit } from '@crm/service-host';
import { activeMembers, identityWorkspace, type BillingRuntime } from '../billing-runtime';
import type { BillingInterval, ProviderInvoice } from '../providers/payment-provider';
import { getBilling, openPortal, startCheckout, type BillingView } from './billing.operations';
import { isInPlace } from './plan-rules';
import { findSubscription, replaceSubscription, subscriptionFor } from './subscription-records';
import type { SubscriptionRecord } from './subscription.model';
import { subscriptionState } from './subscription-state';

const INVOICES_SHOWN = 12;
// Stripe refuses a trial that ends within 48 hours; a complimentary period that ends sooner is
// charged at once instead (the plan does not lapse in between: it stays Standard throughout).
const MIN_TRIAL_MS = 48 * 60 * 60 * 1000;

function withQuery(base: string, name: string, value: string): string {
  const url = new URL(base);
  url.searchParams.set(name, value);
  return url.toString();
}

function invoiceView(invoice: ProviderInvoice): BillingView['invoices'][number] {
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    currency: invoice.currency.toUpperCase(),
    amount_due: majorUnits(invoice.amountDueMinor),
    amount_paid: majorUnits(invoice.amountPaidMinor),
    created_at: invoice.createdAt,
    period_start: invoice.periodStart,
    period_end: invoice.periodEnd,
    url: invoice.hostedUrl,
  };
}

function subscriptionView(record: SubscriptionRecord): BillingView['subscription'] {
  if (record.provider_subscription_id === null || record.status === 'complimentary' || record.status === 'none')
    return null;
  return {
    status: record.status,
    interval: record.interval,
    seats: record.seats,
    current_period_end: record.current_period_end,
    cancel_at_period_end: record.cancel_at_period_end,
    trial_end: record.trial_end,
  };
}

async function billingView(runtime: BillingRuntime, workspaceId: string): Promise<BillingView> {
  const record = await subscriptionFor(runtime, workspaceId);
  const customerId = customerOf(runtime, record);
  const [seats, invoices] = await Promise.all([
    activeMembers(runtime.context, workspaceId),
    customerId ? runtime.provider.listInvoices(customerId, INVOICES_SHOWN) : Promise.resolve([]),
  ]);
  return {
    plan: record.plan,
    seats,
    limits: planLimits(record.plan),
    has_billing_account: customerId !== null,
    complimentary_until: record.complimentary_until,
    subscription: subscriptionView(record),
    invoices: invoices.map(invoiceView),
  };
}

// The workspace's customer at the provider billing runs with now: an installation that moved
// from the simulated provider to Stripe starts a new customer there.
const customerOf = (runtime: BillingRuntime, record: SubscriptionRecord) =>
  record.provider === runtime.provider.name ? record.customer_id : null;

// Each call to the provider carries a key unique to this request, so the client's own retries
// of it are answered once.
const requestKey = (what: string) => `${what}-${currentContext()?.request_id || newId()}`;

async function checkout(
  runtime: BillingRuntime,
  auth: InternalClaims,
  workspaceId: string,
  interval: BillingInterval,
): Promise<{ url: string }> {
  const record = await subscriptionFor(runtime, workspaceId);
  if (isInPlace(record.status)) {
    throw new AppError(
      'already_subscribed',
      'a subscription is already in place; change it in the portal (POST /v1/billing/portal)',
      409,
    );
  }
  const [seats, workspace] = await Promise.all([
    activeMembers(runtime.context, workspaceId),
    identityWorkspace(runtime.context, workspaceId),
  ]);
  // One customer per workspace: the key is the workspace's, so racing first checkouts share it.
  const provider = runtime.provider.name;
  const customerId =
    customerOf(runtime, record) ??
    (await runtime.provider.createCustomer(
      { workspaceId, name: workspace.name },
      `customer-${provider}-${workspaceId}`,
    ));
  const complimentaryEnd = record.complimentary_until ? Date.parse(record.complimentary_until) : 0;
  const trialEnd = complimentaryEnd - Date.now() >= MIN_TRIAL_MS ? new Date(complimentaryEnd) : null;
  const { returnUrl } = runtime.config;
  const session = await runtime.provider.createCheckout({
    workspaceId,
    customerId,
    interval,
    seats: Math.max(1, seats),
    trialEnd,
    successUrl: withQuery(returnUrl, 'checkout', 'success'),
    cancelUrl: withQuery(returnUrl, 'checkout', 'cancelled'),
    idempotencyKey: requestKey('checkout'),
  });
  await commit(runtime.context, async (unit) => {
    const current = (await findSubscription(runtime, workspaceId, unit.transaction))!;
    const written = await replaceSubscription(runtime, unit, current, {
      ...current,
      provider,
      customer_id: customerOf(runtime, current) ?? customerId,
    });
    unit.publish(subscriptionCheckoutStarted, {
      workspace_id: workspaceId,
      actor: auth.actor,
      data: { ...subscriptionState(written), checkout_interval: interval },
    });
  });
  return { url: session.url };
}

async function portal(runtime: BillingRuntime, workspaceId: string): Promise<{ url: string }> {
  const record = await subscriptionFor(runtime, workspaceId);
  const customerId = customerOf(runtime, record);
  if (!customerId) {
    throw new AppError(
      'no_billing_account',
      'the workspace has no billing account yet; subscribe first (POST /v1/billing/checkout)',
      409,
    );
  }
  return runtime.provider.createPortal({ customerId, returnUrl: runtime.config.returnUrl }, requestKey('portal'));
}

// The three billing operations of the contract (admins only, from the permission matrix).
export function billingOperations(runtime: BillingRuntime): Implementation[] {
  return [
    implement(getBilling, async ({ req }) => billingView(runtime, workspaceOf(req))),
    implement(startCheckout, async ({ req, auth, body }) =>
      checkout(runtime, auth, workspaceOf(req), body.interval ?? 'month'),
    ),
    implement(openPortal, async ({ req }) => portal(runtime, workspaceOf(req))),
  ];
}
