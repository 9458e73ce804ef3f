import { JobWorker, type JobHandler, type RunningJob } from '@crm/bus';
import { webhookDisabled } from '@crm/protos';
import { commit } from '@crm/service-host';
import { webhookModel, type WebhookRecord } from '../endpoints/webhook.model';
import { webhookState } from '../endpoints/webhook-state';
import { feedEntryModel, type FeedEntryRecord } from '../feed/feed.model';
import type { WebhooksRuntime } from '../webhooks-runtime';
import { deliveryModel, type DeliveryRecord } from './delivery.model';
import { attemptJob, backoffMs, DELIVER_JOB } from './delivery-schedule';
import { createSender, type Sender, type SendResult } from './sender';

// The body of a delivery, built at each attempt from the stored event, so an erasure in between
// reaches it. Null when the event is no longer kept.
async function bodyOf(runtime: WebhooksRuntime, delivery: DeliveryRecord): Promise<string | null> {
  if (delivery.test_body !== null) return JSON.stringify(delivery.test_body);
  const entry = await feedEntryModel(runtime.context.connection)
    .findOne({ _id: delivery.message_id, workspace_id: delivery.workspace_id })
    .lean<FeedEntryRecord>()
    .exec();
  if (!entry) return null;
  return JSON.stringify({ type: entry.type, timestamp: entry.occurred_at, data: entry.data });
}

// The secrets that sign now: the current one, and a rotated-out one until its 24 hours end. A
// secret that does not open (another service key, or a sealed secret that is not this endpoint's)
// signs nothing; null when the current one does not.
function signingSecrets(runtime: WebhooksRuntime, endpoint: WebhookRecord, at: Date): string[] | null {
  const secrets: string[] = [];
  for (const secret of endpoint.secrets) {
    if (secret.expires_at !== null && secret.expires_at <= at) continue;
    try {
      secrets.push(runtime.secrets.open(secret, endpoint));
    } catch {
      runtime.context.logger.error(
        { webhook_id: endpoint._id, workspace_id: endpoint.workspace_id, current: secret.expires_at === null },
        'a webhook signing secret does not open',
      );
      if (secret.expires_at === null) return null;
    }
  }
  return secrets;
}

const UNREADABLE_SECRET = "the endpoint's signing secret cannot be read; rotate it";

// Delivers with a worker of its own (jobs named webhooks.deliver), apart from the service's other
// jobs: at most WEBHOOKS_CONCURRENCY attempts at once, at most WEBHOOKS_WORKSPACE_CONCURRENCY for
// one workspace and at most WEBHOOKS_ENDPOINT_CONCURRENCY to one endpoint. The worker claims no
// delivery of a workspace at its cap and serves a workspace with nothing in flight first, so one
// workspace's slow endpoints (however many) hold only its own share of the slots. A delivery whose
// endpoint is at its limit is put back a moment later without counting an attempt, so a slow
// endpoint never delays the workspace's others; every attempt ends within WEBHOOKS_TIMEOUT_MS.
export class DeliveryWorker {
  private readonly worker: JobWorker;
  private readonly sender: Sender;
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly runtime: WebhooksRuntime) {
    const { config, context } = runtime;
    this.sender = createSender({ allowLoopback: config.allowInsecureUrls, timeoutMs: config.timeoutMs });
    this.worker = new JobWorker({
      connection: context.connection,
      logger: context.logger,
      handlers: { [DELIVER_JOB]: this.handler },
      concurrency: config.concurrency,
      workspaceConcurrency: config.workspaceConcurrency,
      // An attempt's lease outlives its timeout.
      leaseMs: Math.max(30_000, config.timeoutMs * 3),
      pollIntervalMs: 1000,
    });
  }

  start(): void {
    this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    this.sender.close();
  }

  private readonly handler: JobHandler = async (job: RunningJob) => {
    const { connection } = this.runtime.context;
    const workspaceId = job.workspace_id;
    const deliveryId = job.payload.delivery_id;
    if (!workspaceId || typeof deliveryId !== 'string') return;
    const delivery = await deliveryModel(connection)
      .findOne({ _id: deliveryId, workspace_id: workspaceId })
      .lean<DeliveryRecord>()
      .exec();
    if (!delivery || delivery.status !== 'pending') return;
    const endpoint = await webhookModel(connection)
      .findOne({ _id: delivery.webhook_id, workspace_id: workspaceId })
      .lean<WebhookRecord>()
      .exec();
    if (!endpoint || (!endpoint.enabled && delivery.test_body === null)) {
      await this.giveUp(delivery, endpoint ? 'the endpoint is disabled' : 'the endpoint was deleted');
      return;
    }
    const busy = this.inFlight.get(endpoint._id) ?? 0;
    if (busy >= this.runtime.config.endpointConcurrency) {
      const later = new Date(Date.now() + 100 + Math.floor(Math.random() * 200));
      await commit(this.runtime.context, (unit) => unit.schedule(attemptJob(delivery, later)));
      return;
    }
    this.inFlight.set(endpoint._id, busy + 1);
    let result: SendResult;
    const at = new Date();
    try {
      const body = await bodyOf(this.runtime, delivery);
      const secrets = signingSecrets(this.runtime, endpoint, at);
      if (body === null) result = { ok: false, status: null, error: 'the event is no longer kept' };
      else if (secrets === null) result = { ok: false, status: null, error: UNREADABLE_SECRET };
      else result = await this.sender.send({ url: endpoint.url, messageId: delivery.message_id, body, secrets, at });
    } finally {
      const left = (this.inFlight.get(endpoint._id) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(endpoint._id);
      else this.inFlight.set(endpoint._id, left);
    }
    await this.record(delivery, endpoint, at, result);
  };

  private async giveUp(delivery: DeliveryRecord, error: string): Promise<void> {
    await deliveryModel(this.runtime.context.connection).updateOne(
      { _id: delivery._id, workspace_id: delivery.workspace_id, status: 'pending' },
      { $set: { status: 'failed', error, next_attempt_at: null } },
    );
  }

  private async record(delivery: DeliveryRecord, endpoint: WebhookRecord, at: Date, result: SendResult): Promise<void> {
    const { config, context } = this.runtime;
    const { connection } = context;
    const ours = { _id: delivery._id, workspace_id: delivery.workspace_id, status: 'pending' as const };
    const attempts = delivery.attempts + 1;
    const outcome = { attempts, last_attempt_at: at, response_status: result.status, error: result.error };
    await commit(context, async (unit) => {
      const session = unit.transaction;
      const endpoints = webhookModel(connection);
      const endpointFilter = { _id: endpoint._id, workspace_id: endpoint.workspace_id };
      if (result.ok) {
        await deliveryModel(connection).updateOne(
          ours,
          { $set: { ...outcome, status: 'succeeded', next_attempt_at: null } },
          { session },
        );
        await endpoints.updateOne(
          { ...endpointFilter, failing_since: { $ne: null } },
          { $set: { failing_since: null } },
          { session },
        );
        return;
      }
      await endpoints.updateOne(
        { ...endpointFilter, failing_since: null },
        { $set: { failing_since: at } },
        { session },
      );
      const firstAttempt = delivery.first_attempt_at ?? at;
      const now = Date.now();
      if (now >= delivery.deadline.getTime()) {
        await deliveryModel(connection).updateOne(
          ours,
          { $set: { ...outcome, status: 'failed', next_attempt_at: null, first_attempt_at: firstAttempt } },
          { session },
        );
        if (delivery.test_body === null) await this.disableIfFailingThroughout(unit, endpoint, firstAttempt);
        return;
      }
      const next = new Date(
        Math.min(now + backoffMs(attempts, config.retryBaseMs, config.retryMaxMs), delivery.deadline.getTime()),
      );
      await deliveryModel(connection).updateOne(
        ours,
        { $set: { ...outcome, next_attempt_at: next, first_attempt_at: firstAttempt } },
        { session },
      );
      await unit.schedule(attemptJob(delivery, next));
    });
  }

  // A delivery retried for its whole window without the endpoint answering any attempt (of any
  // delivery) since its first: the endpoint is disabled and the admins told
  // (webhooks.webhook.disabled; identity notifies them).
  private async disableIfFailingThroughout(
    unit: Parameters<Parameters<typeof commit>[1]>[0],
    endpoint: WebhookRecord,
    firstAttempt: Date,
  ): Promise<void> {
    const { connection } = this.runtime.context;
    const current = await webhookModel(connection)
      .findOne({ _id: endpoint._id, workspace_id: endpoint.workspace_id })
      .session(unit.transaction)
      .lean<WebhookRecord>()
      .exec();
    if (!current || !current.enabled || current.failing_since === null || current.failing_since > firstAttempt) return;
    const updated = await webhookModel(connection)
      .findOneAndUpdate(
        { _id: current._id, workspace_id: current.workspace_id },
        {
          $set: { enabled: false, disabled_reason: 'failing', updated_at: new Date().toISOString() },
          $inc: { version: 1 },
        },
        { session: unit.transaction, new: true },
      )
      .lean<WebhookRecord>()
      .exec();
    if (!updated) return;
    unit.publish(webhookDisabled, { workspace_id: updated.workspace_id, actor: null, data: webhookState(updated) });
    this.runtime.context.logger.warn(
      { webhook_id: updated._id, workspace_id: updated.workspace_id },
      'webhook endpoint disabled after failing deliveries',
    );
  }
}
