import { Type, type TSchema } from '@sinclair/typebox';
import { defineEvent, type PayloadOf } from './event-contract';

// Billing's facts about a workspace's subscription to a plan: one record per workspace, whose
// `plan` identity applies to the workspace (and so to the next internal token). Each payload is
// the record's full public state and version; never the payment provider's secrets, customer
// or session ids, or hosted links (they open the provider's pages).

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Timestamp = Type.String({ description: 'ISO 8601 UTC with milliseconds' });

const subscriptionState = {
  subscription_id: Type.String({
    description: "Billing's record of the workspace's subscription: one per workspace, with the workspace's id",
  }),
  workspace_id: Type.String(),
  plan: Type.String({ description: 'The plan the workspace is on now: free or standard (protos/rest/plans.ts)' }),
  status: Type.String({
    description:
      'complimentary (Standard, free until complimentary_until), none (Free, nothing set up), trialing (set up, first payment at trial_end), active, past_due (a payment failed; Standard kept while the provider retries), unpaid, canceled',
  }),
  interval: Nullable(Type.String({ description: 'month or year' })),
  seats: Nullable(Type.Integer({ minimum: 0, description: 'Seats the subscription is billed for' })),
  current_period_end: Nullable(Timestamp),
  cancel_at_period_end: Type.Boolean(),
  trial_end: Nullable(Timestamp),
  complimentary_until: Nullable(Timestamp),
  // A subscription is in place, paying or due to start (GET /me workspace.billing_set_up).
  billing_set_up: Type.Boolean(),
  has_billing_account: Type.Boolean(),
  provider: Type.String({ description: 'stripe or simulated' }),
};

const subscription = { entity: 'subscription', idField: 'subscription_id' };

export const subscriptionCheckoutStarted = defineEvent({
  type: 'billing.subscription.checkout_started',
  description:
    "An admin opened the payment provider's hosted checkout to subscribe to the Standard plan; nothing is charged until it completes.",
  record: subscription,
  payload: { ...subscriptionState, checkout_interval: Type.String({ description: 'month or year, as asked' }) },
});

export const subscriptionStarted = defineEvent({
  type: 'billing.subscription.started',
  description:
    'A subscription to the Standard plan is in place (checkout completed): paying, or due to start when the complimentary period ends.',
  record: subscription,
  payload: subscriptionState,
});

export const subscriptionUpdated = defineEvent({
  type: 'billing.subscription.updated',
  description:
    'The subscription changed at the payment provider (renewal, interval, seats, a failed payment, cancellation scheduled or withdrawn).',
  record: subscription,
  payload: {
    ...subscriptionState,
    changes: Type.Array(Type.String(), { description: 'The state fields this change set' }),
  },
});

export const subscriptionEnded = defineEvent({
  type: 'billing.subscription.ended',
  description:
    'The subscription ended (cancelled, or unpaid after the provider gave up); the workspace is on the Free plan, or stays on Standard until complimentary_until.',
  record: subscription,
  payload: subscriptionState,
});

export const subscriptionComplimentaryEnded = defineEvent({
  type: 'billing.subscription.complimentary_ended',
  description:
    'The complimentary Standard period passed without a subscription in place: the workspace is on the Free plan.',
  record: subscription,
  payload: subscriptionState,
});

export const BILLING_EVENT_CONTRACTS = [
  subscriptionCheckoutStarted,
  subscriptionStarted,
  subscriptionUpdated,
  subscriptionEnded,
  subscriptionComplimentaryEnded,
] as const;

// Events that may change the workspace's plan or billing_set_up: what identity applies.
export const BILLING_SUBSCRIPTION_PATTERN = 'billing.subscription.*';

export type SubscriptionState = PayloadOf<typeof subscriptionStarted>;
export type SubscriptionCheckoutStartedData = PayloadOf<typeof subscriptionCheckoutStarted>;
export type SubscriptionStartedData = PayloadOf<typeof subscriptionStarted>;
export type SubscriptionUpdatedData = PayloadOf<typeof subscriptionUpdated>;
export type SubscriptionEndedData = PayloadOf<typeof subscriptionEnded>;
export type SubscriptionComplimentaryEndedData = PayloadOf<typeof subscriptionComplimentaryEnded>;
