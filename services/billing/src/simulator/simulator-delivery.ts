import type { JobHandler } from '@crm/bus';
import type { UnitOfWork } from '@crm/service-host';
import type { BillingRuntime } from '../billing-runtime';
import type { StripeShapedEvent } from '../providers/stripe-shapes';
import { receiveWebhook } from '../webhooks/webhook-receiver';
import { simulatedId } from './simulated-provider';
import { signWebhook } from './webhook-signature';

export const SIMULATOR_DELIVERY_JOB = 'billing.simulator.deliver';

// The simulated provider tells billing what happened the way Stripe does: one signed webhook per
// event, sent after the change that caused it has committed, retried until billing takes it (a
// durable job written with the change). It is signed at each attempt, as a provider signs each
// delivery, and goes through the same verification as any webhook.
export function queueSimulatedEvent(
  unit: UnitOfWork,
  workspaceId: string,
  type: string,
  object: Record<string, unknown>,
): Promise<string> {
  const event: StripeShapedEvent & { object: 'event'; created: number } = {
    id: simulatedId('evt'),
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  };
  return unit.schedule({
    name: SIMULATOR_DELIVERY_JOB,
    runAt: new Date(),
    workspace_id: workspaceId,
    payload: { event },
    maxAttempts: 20,
  });
}

export function simulatorDeliveryHandler(runtime: BillingRuntime): JobHandler {
  return async (job) => {
    const body = JSON.stringify(job.payload.event, null, 2);
    await receiveWebhook(runtime, Buffer.from(body, 'utf8'), signWebhook(runtime.simulatorWebhookSecret, body));
  };
}
