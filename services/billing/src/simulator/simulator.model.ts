import { Schema, type Connection, type Model } from 'mongoose';
import { globalCollection } from '@crm/kit';
import type { BillingInterval, ProviderSubscriptionStatus } from '../providers/payment-provider';

// The simulated payment provider's own records: what Stripe keeps on its side, kept here with
// PAYMENT_PROVIDER=simulated. They belong to the provider, not to a workspace: the provider finds
// them by its own ids (a hosted page's session id names no workspace), so the collections are
// global; the workspace a record is for travels as metadata, like Stripe's.
const REASON = 'the simulated payment provider’s own records, found by its ids as the real provider’s are';

export interface SimulatedCustomerRecord {
  _id: string;
  metadata_workspace_id: string;
  name: string;
  idempotency_key: string;
  created_at: string;
}

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

export interface SimulatedCheckoutSessionRecord {
  _id: string;
  customer_id: string;
  metadata_workspace_id: string;
  interval: BillingInterval;
  seats: number;
  trial_end: string | null;
  success_url: string;
  cancel_url: string;
  status: CheckoutSessionStatus;
  subscription_id: string | null;
  expires_at: string;
  idempotency_key: string;
  created_at: string;
}

export interface SimulatedPortalSessionRecord {
  _id: string;
  customer_id: string;
  return_url: string;
  expires_at: string;
  idempotency_key: string;
  created_at: string;
}

export interface SimulatedSubscriptionRecord {
  _id: string;
  customer_id: string;
  metadata_workspace_id: string;
  status: ProviderSubscriptionStatus;
  interval: BillingInterval;
  seats: number;
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: boolean;
  trial_end: string | null;
  created_at: string;
  updated_at: string;
}

export interface SimulatedInvoiceRecord {
  _id: string;
  number: string;
  customer_id: string;
  subscription_id: string;
  status: 'paid' | 'open';
  currency: string;
  amount_due_minor: number;
  amount_paid_minor: number;
  period_start: string;
  period_end: string;
  created_at: string;
}

const customerSchema = new Schema<SimulatedCustomerRecord>(
  {
    _id: { type: String, required: true },
    metadata_workspace_id: { type: String, required: true },
    name: { type: String, required: true },
    idempotency_key: { type: String, required: true },
    created_at: { type: String, required: true },
  },
  { collection: 'simulator_customers', versionKey: false },
);
customerSchema.plugin(globalCollection, { reason: REASON });
customerSchema.index({ idempotency_key: 1 }, { unique: true });

const checkoutSessionSchema = new Schema<SimulatedCheckoutSessionRecord>(
  {
    _id: { type: String, required: true },
    customer_id: { type: String, required: true },
    metadata_workspace_id: { type: String, required: true },
    interval: { type: String, required: true },
    seats: { type: Number, required: true },
    trial_end: { type: String, default: null },
    success_url: { type: String, required: true },
    cancel_url: { type: String, required: true },
    status: { type: String, required: true },
    subscription_id: { type: String, default: null },
    expires_at: { type: String, required: true },
    idempotency_key: { type: String, required: true },
    created_at: { type: String, required: true },
  },
  { collection: 'simulator_checkout_sessions', versionKey: false },
);
checkoutSessionSchema.plugin(globalCollection, { reason: REASON });
checkoutSessionSchema.index({ idempotency_key: 1 }, { unique: true });

const portalSessionSchema = new Schema<SimulatedPortalSessionRecord>(
  {
    _id: { type: String, required: true },
    customer_id: { type: String, required: true },
    return_url: { type: String, required: true },
    expires_at: { type: String, required: true },
    idempotency_key: { type: String, required: true },
    created_at: { type: String, required: true },
  },
  { collection: 'simulator_portal_sessions', versionKey: false },
);
portalSessionSchema.plugin(globalCollection, { reason: REASON });
portalSessionSchema.index({ idempotency_key: 1 }, { unique: true });

const subscriptionSchema = new Schema<SimulatedSubscriptionRecord>(
  {
    _id: { type: String, required: true },
    customer_id: { type: String, required: true },
    metadata_workspace_id: { type: String, required: true },
    status: { type: String, required: true },
    interval: { type: String, required: true },
    seats: { type: Number, required: true },
    current_period_start: { type: String, required: true },
    current_period_end: { type: String, required: true },
    cancel_at_period_end: { type: Boolean, required: true },
    trial_end: { type: String, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'simulator_subscriptions', versionKey: false },
);
subscriptionSchema.plugin(globalCollection, { reason: REASON });
subscriptionSchema.index({ customer_id: 1 });

const invoiceSchema = new Schema<SimulatedInvoiceRecord>(
  {
    _id: { type: String, required: true },
    number: { type: String, required: true },
    customer_id: { type: String, required: true },
    subscription_id: { type: String, required: true },
    status: { type: String, required: true },
    currency: { type: String, required: true },
    amount_due_minor: { type: Number, required: true },
    amount_paid_minor: { type: Number, required: true },
    period_start: { type: String, required: true },
    period_end: { type: String, required: true },
    created_at: { type: String, required: true },
  },
  { collection: 'simulator_invoices', versionKey: false },
);
invoiceSchema.plugin(globalCollection, { reason: REASON });
invoiceSchema.index({ customer_id: 1, created_at: -1 });

const MODELS = {
  customers: ['SimulatedCustomer', customerSchema],
  checkoutSessions: ['SimulatedCheckoutSession', checkoutSessionSchema],
  portalSessions: ['SimulatedPortalSession', portalSessionSchema],
  subscriptions: ['SimulatedSubscription', subscriptionSchema],
  invoices: ['SimulatedInvoice', invoiceSchema],
} as const;

export function registerSimulatorModels(connection: Connection): void {
  for (const [name, schema] of Object.values(MODELS)) connection.model(name, schema as Schema);
}

export interface SimulatorModels {
  customers: Model<SimulatedCustomerRecord>;
  checkoutSessions: Model<SimulatedCheckoutSessionRecord>;
  portalSessions: Model<SimulatedPortalSessionRecord>;
  subscriptions: Model<SimulatedSubscriptionRecord>;
  invoices: Model<SimulatedInvoiceRecord>;
}

export function simulatorModels(connection: Connection): SimulatorModels {
  return {
    customers: connection.model<SimulatedCustomerRecord>(MODELS.customers[0]),
    checkoutSessions: connection.model<SimulatedCheckoutSessionRecord>(MODELS.checkoutSessions[0]),
    portalSessions: connection.model<SimulatedPortalSessionRecord>(MODELS.portalSessions[0]),
    subscriptions: connection.model<SimulatedSubscriptionRecord>(MODELS.subscriptions[0]),
    invoices: connection.model<SimulatedInvoiceRecord>(MODELS.invoices[0]),
  };
}
