import Stripe from 'stripe';
import type { StripeSettings } from '../billing-config';
import {
  WebhookRefused,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
} from './payment-provider';
import {
  billingInterval,
  isoFromUnix,
  providerEventOf,
  subscriptionStatus,
  type StripeShapedEvent,
} from './stripe-shapes';

export interface StripeProviderOptions extends StripeSettings {
  webhookToleranceSeconds: number;
  // Where the API is (tests point it at a fake server on loopback); Stripe's own otherwise.
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  maxNetworkRetries?: number;
}

const TIMEOUT_MS = 10_000;

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

// Stripe Checkout Sessions for the subscription, the Customer Portal for everything after it,
// and webhooks verified with the endpoint's signing secret. The client retries network failures
// itself, with the idempotency key of the first attempt.
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: TIMEOUT_MS,
      appInfo: { name: 'crm-billing' },
      ...(options.api ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol } : {}),
    });
  }

  async createCustomer(input: { workspaceId: string; name: string }, idempotencyKey: string): Promise<string> {
    const customer = await this.stripe.customers.create(
      { name: input.name, metadata: { workspace_id: input.workspaceId } },
      { idempotencyKey },
    );
    return customer.id;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: request.customerId,
        client_reference_id: request.workspaceId,
        line_items: [{ price: this.options.prices[request.interval], quantity: request.seats }],
        subscription_data: {
          metadata: { workspace_id: request.workspaceId },
          ...(request.trialEnd ? { trial_end: Math.floor(request.trialEnd.getTime() / 1000) } : {}),
        },
        metadata: { workspace_id: request.workspaceId },
        // VAT numbers and billing addresses are collected by Stripe, not stored here.
        tax_id_collection: { enabled: true },
        customer_update: { name: 'auto', address: 'auto' },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
    return { id: session.id, url: session.url };
  }

  async createPortal(
    input: { customerId: string; returnUrl: string },
    idempotencyKey: string,
  ): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create(
      { customer: input.customerId, return_url: input.returnUrl },
      { idempotencyKey },
    );
    return { url: session.url };
  }

  async getSubscription(id: string): Promise<ProviderSubscription | null> {
    try {
      return subscriptionOf(await this.stripe.subscriptions.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async listInvoices(customerId: string, limit: number): Promise<ProviderInvoice[]> {
    const page = await this.stripe.invoices.list({ customer: customerId, limit });
    return page.data.map(invoiceOf);
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!signature) throw new WebhookRefused('the Stripe-Signature header is missing');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.options.webhookSecret,
        this.options.webhookToleranceSeconds,
      );
    } catch (error) {
      // Wrong secret, altered body, or a timestamp outside the tolerance (a replay).
      throw new WebhookRefused(error instanceof Error ? error.message : 'invalid signature');
    }
    return providerEventOf(event as unknown as StripeShapedEvent);
  }
}

export function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    workspaceId: subscription.metadata?.workspace_id || null,
    status: subscriptionStatus(subscription.status),
    interval: billingInterval(item?.price?.recurring?.interval),
    seats: item?.quantity ?? null,
    // Since API version 2025-03-31 the period lives on each item.
    currentPeriodEnd: isoFromUnix(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    trialEnd: isoFromUnix(subscription.trial_end),
  };
}

function invoiceOf(invoice: Stripe.Invoice): ProviderInvoice {
  return {
    id: invoice.id ?? '',
    number: invoice.number,
    status: invoice.status ?? 'draft',
    currency: invoice.currency.toUpperCase(),
    amountDueMinor: invoice.amount_due,
    amountPaidMinor: invoice.amount_paid,
    createdAt: isoFromUnix(invoice.created) ?? new Date(0).toISOString(),
    periodStart: isoFromUnix(invoice.period_start),
    periodEnd: isoFromUnix(invoice.period_end),
    hostedUrl: invoice.hosted_invoice_url ?? null,
  };
}
