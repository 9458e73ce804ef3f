import type { PlanName } from '@crm/protos';
import type { SubscriptionStatus } from './subscription.model';

// A subscription is "in place" while it is paying or due to start: trialing (first payment at the
// end of the complimentary period), active, or past_due (a payment failed and the provider is
// retrying; the workspace keeps Standard meanwhile). This is GET /me's billing_set_up.
const IN_PLACE: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

export const isInPlace = (status: SubscriptionStatus) => IN_PLACE.includes(status);

// Standard while a subscription is in place or the complimentary period runs; Free otherwise
// (nothing set up when the complimentary period passed, or the subscription ended or went unpaid).
export function planFor(status: SubscriptionStatus, complimentaryUntil: string | null, now: Date): PlanName {
  if (isInPlace(status)) return 'standard';
  if (complimentaryUntil !== null && Date.parse(complimentaryUntil) > now.getTime()) return 'standard';
  return 'free';
}
