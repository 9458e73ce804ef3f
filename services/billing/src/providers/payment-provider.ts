// The port billing talks to a payment provider through. Two adapters, chosen by PAYMENT_PROVIDER:
// Stripe, and the simulated provider that runs inside billing. Billing's own code never sees which
// one is behind it.

export type BillingInterval = 'month' | 'year';
export const BILLING_INTERVALS = ['month', 'year'] as const;

// The provider's subscription statuses billing distinguishes (Stripe's names).
export type ProviderSubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export interface ProviderSubscription {
  id: string;
  customerId: string;
  // From the metadata billing gave the subscription at checkout.
  workspaceId: string | null;
  status: ProviderSubscriptionStatus;
  interval: BillingInterval | null;
  seats: number | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: string | null;
}

export interface ProviderInvoice {
  id: string;
  number: string | null;
  // draft, open, paid, uncollectible or void
  status: string;
  currency: string;
  // Minor units, as the provider counts them.
  amountDueMinor: number;
  amountPaidMinor: number;
  createdAt: string;
  periodStart: string | null;
  periodEnd: string | null;
  hostedUrl: string | null;
}

export interface CheckoutRequest {
  workspaceId: string;
  customerId: string;
  interval: BillingInterval;
  seats: number;
  // First payment then (the complimentary period's end); null charges at once.
  trialEnd: Date | null;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

// What a verified webhook says, in billing's words. Billing reads the subscription's current
// state from the provider rather than from the event, so events arriving out of order or late
// never roll it back.
export interface ProviderEvent {
  id: string;
  // The provider's type, for logs.
  type: string;
  kind: 'subscription_changed' | 'ignored';
  workspaceId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
}

// A webhook refused before anything is read from it (bad or missing signature, too old).
export class WebhookRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRefused';
  }
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'simulated';
  // Every call that creates something carries an idempotency key: a retry after a lost answer
  // returns what the first call made instead of making it twice.
  createCustomer(input: { workspaceId: string; name: string }, idempotencyKey: string): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  createPortal(input: { customerId: string; returnUrl: string }, idempotencyKey: string): Promise<{ url: string }>;
  getSubscription(id: string): Promise<ProviderSubscription | null>;
  listInvoices(customerId: string, limit: number): Promise<ProviderInvoice[]>;
  // Checks the signature over the exact bytes received and the timestamp against the tolerance;
  // throws WebhookRefused otherwise.
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
