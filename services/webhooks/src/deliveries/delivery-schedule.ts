import type { ClientSession, Connection } from 'mongoose';
import { notifyJobScheduled, scheduleJob, type NewJob } from '@crm/bus';
import { newId } from '@crm/kit';
import { eventTypeMatches } from '@crm/protos';
import { webhookModel, type WebhookRecord } from '../endpoints/webhook.model';
import type { WebhooksRuntime } from '../webhooks-runtime';
import { deliveryModel, type DeliveryRecord } from './delivery.model';

export const DELIVER_JOB = 'webhooks.deliver';

// The job is only the alarm clock: the delivery row holds the attempts. Its own retries are for
// failures of this service (the database), not of the endpoint.
export function attemptJob(delivery: Pick<DeliveryRecord, '_id' | 'workspace_id'>, runAt: Date): NewJob {
  return {
    name: DELIVER_JOB,
    key: delivery._id,
    runAt,
    workspace_id: delivery.workspace_id,
    payload: { delivery_id: delivery._id },
    maxAttempts: 20,
  };
}

// Wakes this process's delivery worker once the transaction that scheduled attempts committed.
export function nudgeDeliveries(connection: Connection): void {
  notifyJobScheduled(connection, new Date());
}

export function newDelivery(
  runtime: WebhooksRuntime,
  input: {
    workspaceId: string;
    webhookId: string;
    messageId: string;
    eventType: string;
    testBody?: Record<string, unknown>;
  },
): DeliveryRecord {
  const now = new Date();
  return {
    _id: newId(),
    workspace_id: input.workspaceId,
    webhook_id: input.webhookId,
    message_id: input.messageId,
    event_type: input.eventType,
    test_body: input.testBody ?? null,
    status: 'pending',
    attempts: 0,
    last_attempt_at: null,
    first_attempt_at: null,
    response_status: null,
    error: null,
    next_attempt_at: now,
    deadline: new Date(now.getTime() + runtime.config.retryWindowMs),
    created_at: now,
    expires_at: new Date(now.getTime() + runtime.config.retentionMs),
  };
}

export const endpointWants = (endpoint: Pick<WebhookRecord, 'event_types'>, type: string) =>
  endpoint.event_types.some((pattern) => eventTypeMatches(pattern, type));

// One delivery per enabled endpoint of the workspace that wants the event, in the transaction
// that stores it; for many events of one workspace, the endpoints are read once.
export async function deliverToEndpoints(
  runtime: WebhooksRuntime,
  session: ClientSession,
  workspaceId: string,
  events: ReadonlyArray<{ id: string; type: string }>,
): Promise<number> {
  if (events.length === 0) return 0;
  const { connection } = runtime.context;
  const endpoints = await webhookModel(connection)
    .find({ workspace_id: workspaceId, enabled: true }, { event_types: 1 })
    .session(session)
    .lean<Array<Pick<WebhookRecord, '_id' | 'event_types'>>>()
    .exec();
  if (endpoints.length === 0) return 0;
  const deliveries = events.flatMap((event) =>
    endpoints
      .filter((endpoint) => endpointWants(endpoint, event.type))
      .map((endpoint) =>
        newDelivery(runtime, { workspaceId, webhookId: endpoint._id, messageId: event.id, eventType: event.type }),
      ),
  );
  if (deliveries.length === 0) return 0;
  await deliveryModel(connection).create(deliveries, { session, ordered: true });
  for (const delivery of deliveries)
    await scheduleJob(connection, attemptJob(delivery, delivery.next_attempt_at!), session);
  return deliveries.length;
}

// Exponential backoff with full jitter between half and the whole delay: base, 2×base, 4×base…
// up to the maximum.
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
