import type { BillingInterval, ProviderEvent, ProviderSubscriptionStatus } from './payment-provider';

// Webhook events in Stripe's shape, read the same way whichever provider sent them: the
// simulated provider speaks the same event types and object fields billing uses.

export interface StripeShapedEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

const SUBSCRIPTION_STATUSES: readonly ProviderSubscriptionStatus[] = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
];

export function subscriptionStatus(value: unknown): ProviderSubscriptionStatus {
  // An unknown status never grants the plan.
  return SUBSCRIPTION_STATUSES.includes(value as ProviderSubscriptionStatus)
    ? (value as ProviderSubscriptionStatus)
    : 'incomplete';
}

export function billingInterval(value: unknown): BillingInterval | null {
  return value === 'month' || value === 'year' ? value : null;
}

// Unix seconds -> ISO 8601.
export function isoFromUnix(value: unknown): string | null {
  return typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000).toISOString() : null;
}

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string')
    return (value as { id: string }).id;
  return null;
};

const metadataWorkspace = (object: Record<string, unknown>): string | null => {
  const metadata = object.metadata;
  if (typeof metadata !== 'object' || metadata === null) return null;
  const workspaceId = (metadata as Record<string, unknown>).workspace_id;
  return typeof workspaceId === 'string' && workspaceId !== '' ? workspaceId : null;
};

// The subscription an invoice belongs to: `parent.subscription_details.subscription` in current
// API versions, `subscription` in older ones.
function invoiceSubscription(object: Record<string, unknown>): string | null {
  const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription);
}

// Billing listens to these; anything else is acknowledged and ignored.
export function providerEventOf(event: StripeShapedEvent): ProviderEvent {
  const object = event.data?.object ?? {};
  const base = {
    id: event.id,
    type: event.type,
    customerId: idOf(object.customer),
    workspaceId: metadataWorkspace(object),
  };
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    if (object.mode !== undefined && object.mode !== 'subscription')
      return { ...base, kind: 'ignored', subscriptionId: null };
    const workspaceId = typeof object.client_reference_id === 'string' ? object.client_reference_id : base.workspaceId;
    return { ...base, workspaceId, kind: 'subscription_changed', subscriptionId: idOf(object.subscription) };
  }
  if (event.type.startsWith('customer.subscription.')) {
    return { ...base, kind: 'subscription_changed', subscriptionId: idOf(object.id) };
  }
  if (
    event.type === 'invoice.paid' ||
    event.type === 'invoice.payment_failed' ||
    event.type === 'invoice.payment_succeeded'
  ) {
    const subscriptionId = invoiceSubscription(object);
    return { ...base, kind: subscriptionId ? 'subscription_changed' : 'ignored', subscriptionId };
  }
  return { ...base, kind: 'ignored', subscriptionId: null };
}
