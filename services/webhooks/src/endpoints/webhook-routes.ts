import {
  AppError,
  decodeCursor,
  encodeCursor,
  implement,
  newId,
  notFound,
  validationFailed,
  workspaceOf,
  type Implementation,
  type InternalClaims,
} from '@crm/kit';
import { EVENT_CONTRACTS, patternNamesPublicEvents, webhookCreated, webhookDeleted, webhookUpdated } from '@crm/protos';
import { commit } from '@crm/service-host';
import { deliveryModel, type DeliveryRecord } from '../deliveries/delivery.model';
import { attemptJob, newDelivery } from '../deliveries/delivery-schedule';
import { deliveryView } from '../deliveries/delivery-view';
import { newSigningSecret } from '../shared/secret-box';
import type { WebhooksRuntime } from '../webhooks-runtime';
import { webhookModel, type SealedSecret, type WebhookRecord } from './webhook.model';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  retryDelivery,
  testWebhook,
  updateWebhook,
  type DeliveryView,
  type WebhookView,
} from './webhook.operations';
import { webhookState, webhookView } from './webhook-state';
import { checkEndpointUrl } from './url-policy';

// How long a rotated-out secret keeps signing beside the new one.
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

function checkEventTypes(types: readonly string[]): string[] {
  for (const pattern of types) {
    if (!patternNamesPublicEvents(EVENT_CONTRACTS, pattern)) {
      throw validationFailed(
        `event_types: ${pattern} names no public event type (see the webhooks section of /v1/openapi.json)`,
      );
    }
  }
  return types.includes('*') ? ['*'] : [...types];
}

async function findWebhook(runtime: WebhooksRuntime, workspaceId: string, id: string): Promise<WebhookRecord> {
  const record = await webhookModel(runtime.context.connection)
    .findOne({ _id: id, workspace_id: workspaceId })
    .lean<WebhookRecord>()
    .exec();
  if (!record) throw notFound('webhook');
  return record;
}

const urlPolicy = (runtime: WebhooksRuntime) => ({ allowInsecureUrls: runtime.config.allowInsecureUrls });

async function create(
  runtime: WebhooksRuntime,
  auth: InternalClaims,
  workspaceId: string,
  body: { url: string; event_types?: string[]; description?: string | null; enabled?: boolean },
): Promise<WebhookView & { secret: string }> {
  const url = await checkEndpointUrl(body.url, urlPolicy(runtime));
  const eventTypes = checkEventTypes(body.event_types ?? ['*']);
  const secret = newSigningSecret();
  const now = new Date().toISOString();
  const owner = { _id: newId(), workspace_id: workspaceId };
  const record: WebhookRecord = {
    ...owner,
    version: 1,
    url,
    description: body.description || null,
    event_types: eventTypes,
    enabled: body.enabled ?? true,
    disabled_reason: null,
    secrets: [{ ...runtime.secrets.seal(secret, owner), expires_at: null }],
    failing_since: null,
    created_at: now,
    updated_at: now,
  };
  await commit(runtime.context, async (unit) => {
    const model = webhookModel(runtime.context.connection);
    const count = await model.countDocuments({ workspace_id: workspaceId }).session(unit.transaction);
    if (count >= runtime.config.maxEndpoints) {
      throw new AppError(
        'webhook_limit_reached',
        `a workspace has at most ${runtime.config.maxEndpoints} webhook endpoints; delete one first`,
        409,
      );
    }
    await model.create([record], { session: unit.transaction });
    unit.publish(webhookCreated, { workspace_id: workspaceId, actor: auth.actor, data: webhookState(record) });
  });
  return { ...webhookView(record), secret };
}

interface WebhookChanges {
  url?: string;
  event_types?: string[];
  description?: string | null;
  enabled?: boolean;
  rotate_secret?: boolean;
}

async function update(
  runtime: WebhooksRuntime,
  auth: InternalClaims,
  workspaceId: string,
  id: string,
  body: WebhookChanges,
): Promise<WebhookView & { secret?: string }> {
  await findWebhook(runtime, workspaceId, id);
  const url = body.url === undefined ? undefined : await checkEndpointUrl(body.url, urlPolicy(runtime));
  const eventTypes = body.event_types === undefined ? undefined : checkEventTypes(body.event_types);
  const secret = body.rotate_secret ? newSigningSecret() : undefined;
  const record = await commit(runtime.context, async (unit) => {
    const model = webhookModel(runtime.context.connection);
    const current = await model
      .findOne({ _id: id, workspace_id: workspaceId })
      .session(unit.transaction)
      .lean<WebhookRecord>()
      .exec();
    if (!current) throw notFound('webhook');
    const now = new Date();
    const set: Partial<WebhookRecord> = { updated_at: now.toISOString() };
    if (url !== undefined) set.url = url;
    if (eventTypes !== undefined) set.event_types = eventTypes;
    if (body.description !== undefined) set.description = body.description || null;
    if (body.enabled !== undefined) {
      set.enabled = body.enabled;
      if (body.enabled) {
        set.disabled_reason = null;
        set.failing_since = null;
      }
    }
    if (secret !== undefined) {
      // The new secret first; the one that was current signs beside it for 24 hours; older ones go.
      const previous = current.secrets.find((entry) => entry.expires_at === null);
      const kept: SealedSecret[] = previous
        ? [{ ...previous, expires_at: new Date(now.getTime() + ROTATION_OVERLAP_MS) }]
        : [];
      set.secrets = [{ ...runtime.secrets.seal(secret, current), expires_at: null }, ...kept];
    }
    const updated = await model
      .findOneAndUpdate(
        { _id: id, workspace_id: workspaceId },
        { $set: set, $inc: { version: 1 } },
        { session: unit.transaction, new: true },
      )
      .lean<WebhookRecord>()
      .exec();
    if (!updated) throw notFound('webhook');
    unit.publish(webhookUpdated, {
      workspace_id: workspaceId,
      actor: auth.actor,
      data: { ...webhookState(updated), secret_rotated: secret !== undefined },
    });
    return updated;
  });
  return { ...webhookView(record), ...(secret === undefined ? {} : { secret }) };
}

async function remove(runtime: WebhooksRuntime, auth: InternalClaims, workspaceId: string, id: string): Promise<void> {
  await commit(runtime.context, async (unit) => {
    const { connection } = runtime.context;
    const current = await webhookModel(connection)
      .findOne({ _id: id, workspace_id: workspaceId })
      .session(unit.transaction)
      .lean<WebhookRecord>()
      .exec();
    if (!current) throw notFound('webhook');
    await webhookModel(connection).deleteOne({ _id: id, workspace_id: workspaceId }, { session: unit.transaction });
    // Pending attempts find no endpoint and end; the kept history goes with it.
    await deliveryModel(connection).deleteMany(
      { workspace_id: workspaceId, webhook_id: id },
      { session: unit.transaction },
    );
    unit.publish(webhookDeleted, {
      workspace_id: workspaceId,
      actor: auth.actor,
      data: { ...webhookState(current), version: current.version + 1 },
    });
  });
}

async function sendTest(runtime: WebhooksRuntime, workspaceId: string, id: string): Promise<DeliveryView> {
  await findWebhook(runtime, workspaceId, id);
  const messageId = newId();
  const delivery = newDelivery(runtime, {
    workspaceId,
    webhookId: id,
    messageId,
    eventType: 'webhook.test',
    testBody: { type: 'webhook.test', timestamp: new Date().toISOString(), data: { webhook_id: id } },
  });
  await commit(runtime.context, async (unit) => {
    await deliveryModel(runtime.context.connection).create([delivery], { session: unit.transaction });
    await unit.schedule(attemptJob(delivery, delivery.next_attempt_at!));
  });
  return deliveryView(delivery);
}

async function deliveries(
  runtime: WebhooksRuntime,
  workspaceId: string,
  id: string,
  query: { limit: number; cursor?: string; status?: DeliveryRecord['status'] },
): Promise<{ data: DeliveryView[]; next_cursor: string | null }> {
  await findWebhook(runtime, workspaceId, id);
  const filter: Record<string, unknown> = { workspace_id: workspaceId, webhook_id: id };
  if (query.status) filter.status = query.status;
  if (query.cursor !== undefined) {
    const position = decodeCursor(query.cursor);
    if (position.sort !== 'deliveries_newest') throw validationFailed('cursor is invalid');
    filter._id = { $lt: position.id };
  }
  const rows = await deliveryModel(runtime.context.connection)
    .find(filter)
    .sort({ _id: -1 })
    .limit(query.limit + 1)
    .lean<DeliveryRecord[]>()
    .exec();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(deliveryView),
    next_cursor:
      rows.length > query.limit && last ? encodeCursor({ key: null, id: last._id, sort: 'deliveries_newest' }) : null,
  };
}

async function retry(
  runtime: WebhooksRuntime,
  workspaceId: string,
  id: string,
  deliveryId: string,
): Promise<DeliveryView> {
  const endpoint = await findWebhook(runtime, workspaceId, id);
  if (!endpoint.enabled)
    throw new AppError(
      'webhook_disabled',
      'the webhook endpoint is disabled; enable it (PATCH enabled: true) before retrying',
      409,
    );
  return commit(runtime.context, async (unit) => {
    const model = deliveryModel(runtime.context.connection);
    const now = new Date();
    const updated = await model
      .findOneAndUpdate(
        { _id: deliveryId, workspace_id: workspaceId, webhook_id: id },
        {
          $set: {
            status: 'pending',
            next_attempt_at: now,
            deadline: new Date(now.getTime() + runtime.config.retryWindowMs),
            first_attempt_at: null,
            expires_at: new Date(now.getTime() + runtime.config.retentionMs),
          },
        },
        { session: unit.transaction, new: true },
      )
      .lean<DeliveryRecord>()
      .exec();
    if (!updated) throw notFound('delivery');
    await unit.schedule(attemptJob(updated, now));
    return deliveryView(updated);
  });
}

// The endpoints' operations; each declares that it needs a workspace admin with settings:manage,
// checked before anything else runs.
export function webhookOperations(runtime: WebhooksRuntime): Implementation[] {
  return [
    implement(listWebhooks, async ({ req }) => {
      const workspaceId = workspaceOf(req);
      const rows = await webhookModel(runtime.context.connection)
        .find({ workspace_id: workspaceId })
        .sort({ created_at: 1, _id: 1 })
        .lean<WebhookRecord[]>()
        .exec();
      return { data: rows.map((row) => webhookView(row)) };
    }),
    implement(createWebhook, async ({ req, auth, body }) => create(runtime, auth, workspaceOf(req), body)),
    implement(updateWebhook, async ({ req, auth, params, body }) =>
      update(runtime, auth, workspaceOf(req), params.id, body),
    ),
    implement(deleteWebhook, async ({ req, auth, params }) => remove(runtime, auth, workspaceOf(req), params.id)),
    implement(testWebhook, async ({ req, params }) => sendTest(runtime, workspaceOf(req), params.id)),
    implement(listDeliveries, async ({ req, params, query }) =>
      deliveries(runtime, workspaceOf(req), params.id, query),
    ),
    implement(retryDelivery, async ({ req, params }) =>
      retry(runtime, workspaceOf(req), params.id, params.delivery_id),
    ),
  ];
}
