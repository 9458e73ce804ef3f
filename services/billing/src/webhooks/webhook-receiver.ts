import { AppError, currentContext, isAppError, isDuplicateKey, runWithContext } from '@crm/kit';
import { subscriptionEnded, subscriptionStarted, subscriptionUpdated } from '@crm/protos';
import { commit } from '@crm/service-host';
import type { BillingRuntime } from '../billing-runtime';
import { WebhookRefused, type ProviderEvent, type ProviderSubscription } from '../providers/payment-provider';
import { isInPlace, planFor } from '../subscriptions/plan-rules';
import { changedFields, findSubscription, replaceSubscription } from '../subscriptions/subscription-records';
import type { SubscriptionRecord } from '../subscriptions/subscription.model';
import { subscriptionState } from '../subscriptions/subscription-state';
import { webhookEventModel } from './webhook-event.model';

export interface WebhookReceipt {
  received: true;
  // The event was handled before (a redelivery): nothing changed.
  duplicate: boolean;
}

// A change racing ours is read again this many times before the provider is asked to retry.
const ATTEMPTS = 5;

// A webhook from the payment provider: the signature is checked over the exact bytes and the
// timestamp against the tolerance (a replay of an old event is refused), then the event is applied
// once by its id. The subscription's state is read from the provider at that moment, so events
// arriving late or out of order never roll it back. Answers 400 for a refused signature; a
// failure that may pass (the provider or the database down) is 503 and the provider retries.
export async function receiveWebhook(
  runtime: BillingRuntime,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookReceipt> {
  let event: ProviderEvent;
  try {
    event = runtime.provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookRefused)
      throw new AppError('validation_failed', `webhook signature refused: ${error.message}`);
    throw error;
  }
  const { provider } = runtime;
  const key = `${provider.name}:${event.id}`;
  const events = webhookEventModel(runtime.context.connection);
  if (await events.exists({ _id: key })) return { received: true, duplicate: true };

  const subscription =
    event.kind === 'subscription_changed' && event.subscriptionId
      ? await provider.getSubscription(event.subscriptionId)
      : null;
  const workspaceId = subscription?.workspaceId ?? event.workspaceId;
  if (!subscription || !workspaceId) {
    if (event.kind !== 'ignored')
      runtime.context.logger.warn(
        { event_id: event.id, type: event.type },
        'webhook names no subscription of ours; acknowledged',
      );
    return remember(runtime, key, event);
  }
  return runWithContext(
    { ...currentContext(), request_id: currentContext()?.request_id ?? event.id, workspace_id: workspaceId },
    () => applySubscription(runtime, key, event, workspaceId, subscription),
  );
}

async function remember(runtime: BillingRuntime, key: string, event: ProviderEvent): Promise<WebhookReceipt> {
  try {
    await webhookEventModel(runtime.context.connection).create([
      { _id: key, provider: runtime.provider.name, type: event.type, received_at: new Date() },
    ]);
    return { received: true, duplicate: false };
  } catch (error) {
    if (isDuplicateKey(error)) return { received: true, duplicate: true };
    throw error;
  }
}

// The record as the provider's subscription now makes it.
function nextState(
  record: SubscriptionRecord,
  subscription: ProviderSubscription,
  now: Date,
): Omit<SubscriptionRecord, 'version' | 'updated_at'> {
  return {
    ...record,
    provider_subscription_id: subscription.id,
    status: subscription.status,
    plan: planFor(subscription.status, record.complimentary_until, now),
    interval: subscription.interval,
    seats: subscription.seats,
    current_period_end: subscription.currentPeriodEnd,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    trial_end: subscription.trialEnd,
  };
}

async function applySubscription(
  runtime: BillingRuntime,
  key: string,
  event: ProviderEvent,
  workspaceId: string,
  subscription: ProviderSubscription,
): Promise<WebhookReceipt> {
  const { connection, logger } = runtime.context;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await commit(runtime.context, async (unit) => {
        const events = webhookEventModel(connection);
        if (await events.exists({ _id: key }).session(unit.transaction))
          return { received: true, duplicate: true } as const;
        await events.create(
          [{ _id: key, provider: runtime.provider.name, type: event.type, received_at: new Date() }],
          { session: unit.transaction },
        );
        const record = await findSubscription(runtime, workspaceId, unit.transaction);
        if (!record || record.customer_id !== subscription.customerId) {
          logger.warn(
            { event_id: event.id, type: event.type },
            "webhook's subscription belongs to no billing account of this workspace; acknowledged",
          );
          return { received: true, duplicate: false } as const;
        }
        // News of an older subscription while a newer one is in place changes nothing.
        const current = record.provider_subscription_id;
        if (
          current !== null &&
          current !== subscription.id &&
          isInPlace(record.status) &&
          !isInPlace(subscription.status)
        ) {
          return { received: true, duplicate: false } as const;
        }
        const next = nextState(record, subscription, new Date());
        const changes = changedFields(record, { ...next, version: record.version, updated_at: record.updated_at });
        if (changes.length === 0 && current === subscription.id) return { received: true, duplicate: false } as const;
        const written = await replaceSubscription(runtime, unit, record, next);
        const state = subscriptionState(written);
        const base = { workspace_id: workspaceId, actor: null };
        if (!isInPlace(record.status) && isInPlace(written.status)) {
          unit.publish(subscriptionStarted, { ...base, data: state });
        } else if (isInPlace(record.status) && !isInPlace(written.status)) {
          unit.publish(subscriptionEnded, { ...base, data: state });
        } else {
          unit.publish(subscriptionUpdated, { ...base, data: { ...state, changes } });
        }
        return { received: true, duplicate: false } as const;
      });
    } catch (error) {
      // Another delivery of the same event committed first.
      if (isDuplicateKey(error) && (await webhookEventModel(connection).exists({ _id: key })))
        return { received: true, duplicate: true };
      // Another event about this subscription changed the record between our read and write.
      if (isAppError(error) && error.code === 'conflict' && attempt < ATTEMPTS) continue;
      throw error;
    }
  }
}
