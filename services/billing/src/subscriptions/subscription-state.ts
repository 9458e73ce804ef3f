import type { SubscriptionState } from '@crm/protos';
import { isInPlace } from './plan-rules';
import type { SubscriptionRecord } from './subscription.model';

// The record's public state as billing.subscription.* events carry it.
export function subscriptionState(record: SubscriptionRecord): SubscriptionState {
  return {
    subscription_id: record._id,
    workspace_id: record.workspace_id,
    plan: record.plan,
    status: record.status,
    interval: record.interval,
    seats: record.seats,
    current_period_end: record.current_period_end,
    cancel_at_period_end: record.cancel_at_period_end,
    trial_end: record.trial_end,
    complimentary_until: record.complimentary_until,
    billing_set_up: isInPlace(record.status),
    has_billing_account: record.customer_id !== null,
    provider: record.provider,
    version: record.version,
  };
}

// The fields whose change is announced, for billing.subscription.updated's `changes`.
export const ANNOUNCED_FIELDS = [
  'plan',
  'status',
  'interval',
  'seats',
  'current_period_end',
  'cancel_at_period_end',
  'trial_end',
] as const;
