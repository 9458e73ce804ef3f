import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';
import type { PlanName } from '@crm/protos';
import type { BillingInterval } from '../providers/payment-provider';

// complimentary: Standard, free until complimentary_until, nothing set up; none: Free, nothing
// set up; the others are the provider subscription's own status.
export type SubscriptionStatus =
  | 'complimentary'
  | 'none'
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

// One per workspace: which plan it is on and why (the complimentary period, or a subscription at
// the payment provider). billing.subscription.* events carry its public state and version.
const subscriptionFields = {
  // The workspace's id: one record per workspace, so two first requests racing make one.
  _id: field.string({ required: true }),
  version: field.number({ required: true }),
  provider: field.string<'stripe' | 'simulated'>({ required: true }),
  plan: field.string<PlanName>({ required: true }),
  status: field.string<SubscriptionStatus>({ required: true }),
  complimentary_until: field.string({ default: null }),
  // The provider's ids: never shown, never in events.
  customer_id: field.string({ default: null }),
  provider_subscription_id: field.string({ default: null }),
  interval: field.string<BillingInterval>({ default: null }),
  seats: field.number({ default: null }),
  current_period_end: field.string({ default: null }),
  cancel_at_period_end: field.boolean({ default: false }),
  trial_end: field.string({ default: null }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type SubscriptionRecord = ScopedRecordOf<typeof subscriptionFields>;

export const SUBSCRIPTION_MODEL = 'Subscription';

const subscriptionSchema = new Schema<SubscriptionRecord>(schemaOf(subscriptionFields), {
  collection: 'subscriptions',
  versionKey: false,
});
subscriptionSchema.plugin(tenantScoped);

export function registerSubscriptionModel(connection: Connection): void {
  connection.model(SUBSCRIPTION_MODEL, subscriptionSchema);
}

export function subscriptionModel(connection: Connection): Model<SubscriptionRecord> {
  return connection.model<SubscriptionRecord>(SUBSCRIPTION_MODEL);
}
