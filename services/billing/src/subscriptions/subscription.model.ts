import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';
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
export interface SubscriptionRecord {
  // The workspace's id: one record per workspace, so two first requests racing make one.
  _id: string;
  workspace_id: string;
  version: number;
  provider: 'stripe' | 'simulated';
  plan: PlanName;
  status: SubscriptionStatus;
  complimentary_until: string | null;
  // The provider's ids: never shown, never in events.
  customer_id: string | null;
  provider_subscription_id: string | null;
  interval: BillingInterval | null;
  seats: number | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  trial_end: string | null;
  created_at: string;
  updated_at: string;
}

export const SUBSCRIPTION_MODEL = 'Subscription';

const subscriptionSchema = new Schema<SubscriptionRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, required: true },
    provider: { type: String, required: true },
    plan: { type: String, required: true },
    status: { type: String, required: true },
    complimentary_until: { type: String, default: null },
    customer_id: { type: String, default: null },
    provider_subscription_id: { type: String, default: null },
    interval: { type: String, default: null },
    seats: { type: Number, default: null },
    current_period_end: { type: String, default: null },
    cancel_at_period_end: { type: Boolean, default: false },
    trial_end: { type: String, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'subscriptions', versionKey: false },
);
subscriptionSchema.plugin(tenantScoped);

export function registerSubscriptionModel(connection: Connection): void {
  connection.model(SUBSCRIPTION_MODEL, subscriptionSchema);
}

export function subscriptionModel(connection: Connection): Model<SubscriptionRecord> {
  return connection.model<SubscriptionRecord>(SUBSCRIPTION_MODEL);
}
