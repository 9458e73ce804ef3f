import { Schema, type Connection, type Model } from 'mongoose';
import { field, globalCollection, schemaOf, type RecordOf } from '@crm/kit';
import type { BillingInterval, ProviderSubscriptionStatus } from '../providers/payment-provider';

// The simulated payment provider's own records: what Stripe keeps on its side, kept here with
// PAYMENT_PROVIDER=simulated. They belong to the provider, not to a workspace: the provider finds
// them by its own ids (a hosted page's session id names no workspace), so the collections are
// global; the workspace a record is for travels as metadata, like Stripe's.
const REASON = 'the simulated payment provider’s own records, found by its ids as the real provider’s are';

const customerFields = {
  _id: field.string({ required: true }),
  metadata_workspace_id: field.string({ required: true }),
  name: field.string({ required: true }),
  idempotency_key: field.string({ required: true }),
  created_at: field.string({ required: true }),
};

export type SimulatedCustomerRecord = RecordOf<typeof customerFields>;

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

const checkoutSessionFields = {
  _id: field.string({ required: true }),
  customer_id: field.string({ required: true }),
  metadata_workspace_id: field.string({ required: true }),
  interval: field.string<BillingInterval>({ required: true }),
  seats: field.number({ required: true }),
  trial_end: field.string({ default: null }),
  success_url: field.string({ required: true }),
  cancel_url: field.string({ required: true }),
  status: field.string<CheckoutSessionStatus>({ required: true }),
  subscription_id: field.string({ default: null }),
  expires_at: field.string({ required: true }),
  idempotency_key: field.string({ required: true }),
  created_at: field.string({ required: true }),
};

export type SimulatedCheckoutSessionRecord = RecordOf<typeof checkoutSessionFields>;

const portalSessionFields = {
  _id: field.string({ required: true }),
  customer_id: field.string({ required: true }),
  return_url: field.string({ required: true }),
  expires_at: field.string({ required: true }),
  idempotency_key: field.string({ required: true }),
  created_at: field.string({ required: true }),
};

export type SimulatedPortalSessionRecord = RecordOf<typeof portalSessionFields>;

const simulatedSubscriptionFields = {
  _id: field.string({ required: true }),
  customer_id: field.string({ required: true }),
  metadata_workspace_id: field.string({ required: true }),
  status: field.string<ProviderSubscriptionStatus>({ required: true }),
  interval: field.string<BillingInterval>({ required: true }),
  seats: field.number({ required: true }),
  current_period_start: field.string({ required: true }),
  current_period_end: field.string({ required: true }),
  cancel_at_period_end: field.boolean({ required: true }),
  trial_end: field.string({ default: null }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type SimulatedSubscriptionRecord = RecordOf<typeof simulatedSubscriptionFields>;

const invoiceFields = {
  _id: field.string({ required: true }),
  number: field.string({ required: true }),
  customer_id: field.string({ required: true }),
  subscription_id: field.string({ required: true }),
  status: field.string<'paid' | 'open'>({ required: true }),
  currency: field.string({ required: true }),
  amount_due_minor: field.number({ required: true }),
  amount_paid_minor: field.number({ required: true }),
  period_start: field.string({ required: true }),
  period_end: field.string({ required: true }),
  created_at: field.string({ required: true }),
};

export type SimulatedInvoiceRecord = RecordOf<typeof invoiceFields>;

const customerSchema = new Schema<SimulatedCustomerRecord>(schemaOf(customerFields), {
  collection: 'simulator_customers',
  versionKey: false,
});
customerSchema.plugin(globalCollection, { reason: REASON });
customerSchema.index({ idempotency_key: 1 }, { unique: true });

const checkoutSessionSchema = new Schema<SimulatedCheckoutSessionRecord>(schemaOf(checkoutSessionFields), {
  collection: 'simulator_checkout_sessions',
  versionKey: false,
});
checkoutSessionSchema.plugin(globalCollection, { reason: REASON });
checkoutSessionSchema.index({ idempotency_key: 1 }, { unique: true });

const portalSessionSchema = new Schema<SimulatedPortalSessionRecord>(schemaOf(portalSessionFields), {
  collection: 'simulator_portal_sessions',
  versionKey: false,
});
portalSessionSchema.plugin(globalCollection, { reason: REASON });
portalSessionSchema.index({ idempotency_key: 1 }, { unique: true });

const subscriptionSchema = new Schema<SimulatedSubscriptionRecord>(schemaOf(simulatedSubscriptionFields), {
  collection: 'simulator_subscriptions',
  versionKey: false,
});
subscriptionSchema.plugin(globalCollection, { reason: REASON });
subscriptionSchema.index({ customer_id: 1 });

const invoiceSchema = new Schema<SimulatedInvoiceRecord>(schemaOf(invoiceFields), {
  collection: 'simulator_invoices',
  versionKey: false,
});
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
