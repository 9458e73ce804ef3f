import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { isDuplicateKey, isoNow, newId } from '@crm/kit';
import {
  WebhookRefused,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
} from '../providers/payment-provider';
import { providerEventOf, type StripeShapedEvent } from '../providers/stripe-shapes';
import { simulatorModels, type SimulatedSubscriptionRecord, type SimulatorModels } from './simulator.model';
import { verifyWebhookSignature } from './webhook-signature';

// Hosted pages of the simulated provider, served by billing through the gateway.
export const SIMULATOR_PATH = '/v1/public/billing/simulator';
const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;
const PORTAL_TTL_MS = 60 * 60 * 1000;

// A hosted page's address is its only key, like Stripe's: long and random.
export const sessionId = (prefix: 'cs_sim' | 'bps_sim') => `${prefix}_${randomBytes(24).toString('base64url')}`;
export const simulatedId = (prefix: string) => `${prefix}_sim_${newId().replace(/-/g, '')}`;

export interface SimulatedProviderOptions {
  connection: Connection;
  publicUrl: string;
  webhookSecret: string;
  webhookToleranceSeconds: number;
}

// Creates once per idempotency key: a second call with the same key answers the first record.
async function createOnce<T extends { _id: string }>(
  model: import('mongoose').Model<T>,
  idempotencyKey: string,
  make: () => T,
): Promise<T> {
  const existing = await model.findOne({ idempotency_key: idempotencyKey }).lean<T>().exec();
  if (existing) return existing;
  const record = make();
  try {
    await model.create([record]);
    return record;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return (await model.findOne({ idempotency_key: idempotencyKey }).lean<T>().exec())!;
  }
}

// The payment provider chosen with PAYMENT_PROVIDER=simulated (`npm start`), which takes no money:
// customers, checkout and portal sessions, subscriptions and invoices in billing's own database,
// hosted pages under SIMULATOR_PATH, and webhooks signed like Stripe's (simulator-delivery.ts).
export class SimulatedProvider implements PaymentProvider {
  readonly name = 'simulated' as const;
  private readonly models: SimulatorModels;

  constructor(private readonly options: SimulatedProviderOptions) {
    this.models = simulatorModels(options.connection);
  }

  async createCustomer(input: { workspaceId: string; name: string }, idempotencyKey: string): Promise<string> {
    const customer = await createOnce(this.models.customers, idempotencyKey, () => ({
      _id: simulatedId('cus'),
      metadata_workspace_id: input.workspaceId,
      name: input.name,
      idempotency_key: idempotencyKey,
      created_at: isoNow(),
    }));
    return customer._id;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const now = Date.now();
    const session = await createOnce(this.models.checkoutSessions, request.idempotencyKey, () => ({
      _id: sessionId('cs_sim'),
      customer_id: request.customerId,
      metadata_workspace_id: request.workspaceId,
      interval: request.interval,
      seats: request.seats,
      trial_end: request.trialEnd?.toISOString() ?? null,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      status: 'open' as const,
      subscription_id: null,
      expires_at: new Date(now + CHECKOUT_TTL_MS).toISOString(),
      idempotency_key: request.idempotencyKey,
      created_at: new Date(now).toISOString(),
    }));
    return { id: session._id, url: `${this.options.publicUrl}${SIMULATOR_PATH}/checkout/${session._id}` };
  }

  async createPortal(
    input: { customerId: string; returnUrl: string },
    idempotencyKey: string,
  ): Promise<{ url: string }> {
    const now = Date.now();
    const session = await createOnce(this.models.portalSessions, idempotencyKey, () => ({
      _id: sessionId('bps_sim'),
      customer_id: input.customerId,
      return_url: input.returnUrl,
      expires_at: new Date(now + PORTAL_TTL_MS).toISOString(),
      idempotency_key: idempotencyKey,
      created_at: new Date(now).toISOString(),
    }));
    return { url: `${this.options.publicUrl}${SIMULATOR_PATH}/portal/${session._id}` };
  }

  async getSubscription(id: string): Promise<ProviderSubscription | null> {
    const subscription = await this.models.subscriptions.findById(id).lean<SimulatedSubscriptionRecord>().exec();
    return subscription ? simulatedSubscriptionView(subscription) : null;
  }

  async listInvoices(customerId: string, limit: number): Promise<ProviderInvoice[]> {
    const invoices = await this.models.invoices
      .find({ customer_id: customerId })
      .sort({ created_at: -1, _id: -1 })
      .limit(limit)
      .lean()
      .exec();
    return invoices.map((invoice) => ({
      id: invoice._id,
      number: invoice.number,
      status: invoice.status,
      currency: invoice.currency,
      amountDueMinor: invoice.amount_due_minor,
      amountPaidMinor: invoice.amount_paid_minor,
      createdAt: invoice.created_at,
      periodStart: invoice.period_start,
      periodEnd: invoice.period_end,
      hostedUrl: null,
    }));
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    verifyWebhookSignature(this.options.webhookSecret, rawBody, signature, this.options.webhookToleranceSeconds);
    let event: StripeShapedEvent;
    try {
      event = JSON.parse(rawBody.toString('utf8')) as StripeShapedEvent;
    } catch {
      throw new WebhookRefused('the body is not a JSON event');
    }
    if (typeof event?.id !== 'string' || typeof event.type !== 'string')
      throw new WebhookRefused('the body is not an event');
    return providerEventOf(event);
  }
}

export function simulatedSubscriptionView(subscription: SimulatedSubscriptionRecord): ProviderSubscription {
  return {
    id: subscription._id,
    customerId: subscription.customer_id,
    workspaceId: subscription.metadata_workspace_id,
    status: subscription.status,
    interval: subscription.interval,
    seats: subscription.seats,
    currentPeriodEnd: subscription.current_period_end,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    trialEnd: subscription.trial_end,
  };
}
