import { isoNow } from '@crm/kit';
import { commit } from '@crm/service-host';
import type { BillingRuntime } from '../billing-runtime';
import type { BillingInterval } from '../providers/payment-provider';
import { simulatedId } from './simulated-provider';
import { queueSimulatedEvent } from './simulator-delivery';
import {
  simulatorModels,
  type SimulatedCheckoutSessionRecord,
  type SimulatedInvoiceRecord,
  type SimulatedPortalSessionRecord,
  type SimulatedSubscriptionRecord,
} from './simulator.model';

// The simulated provider's prices of the Standard plan, per seat, in pence (GBP).
export const SIMULATED_PRICES: Readonly<Record<BillingInterval, number>> = { month: 1200, year: 12000 };
export const SIMULATED_CURRENCY = 'GBP';
// A card number that is always declined, as in Stripe's test mode.
export const DECLINED_CARD = '4000000000000002';

export function addInterval(start: string, interval: BillingInterval): string {
  const date = new Date(start);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString();
}

const isOpen = (session: { expires_at: string }) => Date.parse(session.expires_at) > Date.now();

export async function findCheckoutSession(
  runtime: BillingRuntime,
  id: string,
): Promise<SimulatedCheckoutSessionRecord | null> {
  return simulatorModels(runtime.context.connection)
    .checkoutSessions.findById(id)
    .lean<SimulatedCheckoutSessionRecord>()
    .exec();
}

export type CheckoutOutcome =
  | { kind: 'paid'; session: SimulatedCheckoutSessionRecord; subscription: SimulatedSubscriptionRecord }
  | { kind: 'declined'; message: string }
  | { kind: 'closed' };

// Paying on the hosted checkout page: the subscription (trialing until the complimentary period
// ends, or active), its first invoice, and the webhooks Stripe would send, all in one transaction.
// A session is paid once; a second post finds it closed.
export async function payCheckout(
  runtime: BillingRuntime,
  sessionId: string,
  cardNumber: string,
): Promise<CheckoutOutcome> {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return { kind: 'declined', message: 'card_number must be 12 to 19 digits' };
  if (digits === DECLINED_CARD) return { kind: 'declined', message: 'Your card was declined.' };
  const models = simulatorModels(runtime.context.connection);
  return commit(runtime.context, async (unit) => {
    const session = await models.checkoutSessions
      .findById(sessionId)
      .session(unit.transaction)
      .lean<SimulatedCheckoutSessionRecord>()
      .exec();
    if (!session || session.status !== 'open' || !isOpen(session)) return { kind: 'closed' } as const;
    const now = isoNow();
    const trialing = session.trial_end !== null && Date.parse(session.trial_end) > Date.now();
    const subscription: SimulatedSubscriptionRecord = {
      _id: simulatedId('sub'),
      customer_id: session.customer_id,
      metadata_workspace_id: session.metadata_workspace_id,
      status: trialing ? 'trialing' : 'active',
      interval: session.interval,
      seats: session.seats,
      current_period_start: now,
      current_period_end: trialing ? session.trial_end! : addInterval(now, session.interval),
      cancel_at_period_end: false,
      trial_end: trialing ? session.trial_end : null,
      created_at: now,
      updated_at: now,
    };
    const amount = trialing ? 0 : SIMULATED_PRICES[session.interval] * session.seats;
    const invoice: SimulatedInvoiceRecord = {
      _id: simulatedId('in'),
      number: `SIM-${now.slice(0, 4)}-${subscription._id.slice(-6).toUpperCase()}`,
      customer_id: session.customer_id,
      subscription_id: subscription._id,
      status: 'paid',
      currency: SIMULATED_CURRENCY,
      amount_due_minor: amount,
      amount_paid_minor: amount,
      period_start: subscription.current_period_start,
      period_end: subscription.current_period_end,
      created_at: now,
    };
    const closed = await models.checkoutSessions.updateOne(
      { _id: session._id, status: 'open' },
      { $set: { status: 'complete', subscription_id: subscription._id } },
      { session: unit.transaction },
    );
    if (closed.matchedCount !== 1) return { kind: 'closed' } as const;
    await models.subscriptions.create([subscription], { session: unit.transaction });
    await models.invoices.create([invoice], { session: unit.transaction });
    const workspaceId = session.metadata_workspace_id;
    await queueSimulatedEvent(unit, workspaceId, 'checkout.session.completed', {
      id: session._id,
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: workspaceId,
      customer: session.customer_id,
      subscription: subscription._id,
      metadata: { workspace_id: workspaceId },
    });
    await queueSimulatedEvent(
      unit,
      workspaceId,
      'customer.subscription.created',
      stripeShapedSubscription(subscription),
    );
    await queueSimulatedEvent(unit, workspaceId, 'invoice.paid', {
      id: invoice._id,
      object: 'invoice',
      customer: invoice.customer_id,
      parent: { subscription_details: { subscription: subscription._id } },
    });
    return {
      kind: 'paid',
      session: { ...session, status: 'complete', subscription_id: subscription._id },
      subscription,
    } as const;
  });
}

function stripeShapedSubscription(subscription: SimulatedSubscriptionRecord): Record<string, unknown> {
  return {
    id: subscription._id,
    object: 'subscription',
    customer: subscription.customer_id,
    status: subscription.status,
    cancel_at_period_end: subscription.cancel_at_period_end,
    metadata: { workspace_id: subscription.metadata_workspace_id },
  };
}

export interface PortalContents {
  session: SimulatedPortalSessionRecord;
  subscription: SimulatedSubscriptionRecord | null;
  invoices: SimulatedInvoiceRecord[];
}

// A live portal session with the customer's current subscription (the newest not cancelled) and
// invoices; null when the session is unknown or expired.
export async function portalContents(runtime: BillingRuntime, sessionId: string): Promise<PortalContents | null> {
  const models = simulatorModels(runtime.context.connection);
  const session = await models.portalSessions.findById(sessionId).lean<SimulatedPortalSessionRecord>().exec();
  if (!session || !isOpen(session)) return null;
  const [subscription] = await models.subscriptions
    .find({ customer_id: session.customer_id, status: { $ne: 'canceled' } })
    .sort({ created_at: -1, _id: -1 })
    .limit(1)
    .lean<SimulatedSubscriptionRecord[]>()
    .exec();
  const invoices = await models.invoices
    .find({ customer_id: session.customer_id })
    .sort({ created_at: -1, _id: -1 })
    .limit(12)
    .lean<SimulatedInvoiceRecord[]>()
    .exec();
  return { session, subscription: subscription ?? null, invoices };
}

export const PORTAL_ACTIONS = ['cancel_at_period_end', 'resume', 'cancel_now', 'switch_interval'] as const;
export type PortalAction = (typeof PORTAL_ACTIONS)[number];

// What the customer does in the portal, with the webhook Stripe would send for it.
export async function actInPortal(
  runtime: BillingRuntime,
  contents: PortalContents,
  action: PortalAction,
  interval: BillingInterval | null,
): Promise<string | null> {
  const subscription = contents.subscription;
  if (!subscription) return 'There is no subscription to change.';
  if (action === 'switch_interval' && interval === null) return 'interval must be month or year';
  const models = simulatorModels(runtime.context.connection);
  const changes: Partial<SimulatedSubscriptionRecord> =
    action === 'cancel_at_period_end'
      ? { cancel_at_period_end: true }
      : action === 'resume'
        ? { cancel_at_period_end: false }
        : action === 'cancel_now'
          ? { status: 'canceled', cancel_at_period_end: false }
          : { interval: interval!, current_period_end: addInterval(subscription.current_period_start, interval!) };
  await commit(runtime.context, async (unit) => {
    const next = { ...subscription, ...changes, updated_at: isoNow() };
    await models.subscriptions.updateOne(
      { _id: subscription._id },
      { $set: { ...changes, updated_at: next.updated_at } },
      { session: unit.transaction },
    );
    const type = action === 'cancel_now' ? 'customer.subscription.deleted' : 'customer.subscription.updated';
    await queueSimulatedEvent(unit, subscription.metadata_workspace_id, type, stripeShapedSubscription(next));
  });
  return null;
}
