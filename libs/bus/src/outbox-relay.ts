import { errorReason, int, loadConfig, newId, type Logger } from '@crm/kit';
import type { Connection, Model } from 'mongoose';
import type { EventBus } from './event-bus';
import { pruneProcessedEvents } from './idempotent-consumer';
import { outboxModel, publishedForm, type OutboxRow } from './outbox';
import { PollBackoff, wakeablePause, type Pause } from './wakeable-pause';

export interface OutboxRelayOptions {
  connection: Connection;
  bus: Pick<EventBus, 'publish'>;
  logger: Logger;
  batchSize?: number;
  // Fallback when nobody kicks (another process wrote the rows, or a kick was lost): the wait
  // after a round that found nothing, doubled after each such round up to maxPollIntervalMs.
  pollIntervalMs?: number;
  maxPollIntervalMs?: number;
  // After a round that published something, while changes keep coming: how long to wait before
  // the next round, so that it (and each consumer's batch) carries several events instead of one
  // each. The first change after a quiet spell goes out at once.
  lingerMs?: number;
  // How long a claim holds; must exceed the bus's publish timeout.
  leaseMs?: number;
  // Backoff after a failed publish: doubles per attempt up to the maximum.
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  sweepIntervalMs?: number;
  // Sent rows are kept this long (for inspection), then deleted by the sweeper; 0 (the default)
  // deletes a row as soon as the bus has it.
  retentionMs?: number;
  // Failed publishes of one row before it is parked (kept, counted by outboxBacklog, listed by
  // parkedOutboxRows) instead of retried for ever.
  maxAttempts?: number;
  // This relay is the only one that reads its outbox (the embedded store is opened by one
  // process): rows are read without being claimed first. Several relays on one database (replicas
  // on MongoDB) must claim.
  exclusive?: boolean;
  // Processed-event ids of this service's consumers are kept this long, then pruned by the
  // sweeper, at most once per pruneIntervalMs (1 h): a range delete over a large collection.
  processedRetentionMs?: number;
  pruneIntervalMs?: number;
  // The relay's clock, for backoff, leases and retention; tests move it instead of sleeping.
  now?: () => Date;
  // How it waits between rounds (a timer); tests end the waits themselves.
  pause?: (ms: number) => Pause;
}

export interface SweepResult {
  released: number;
  deleted: number;
  // Processed-event ids pruned.
  pruned: number;
}

export const DEFAULT_OUTBOX_MAX_ATTEMPTS = 20;
// A sent row is deleted once the bus has its event: marking it sent would rewrite every row, and
// an import leaves a hundred thousand of them, which the embedded store keeps in memory.
// OUTBOX_SENT_RETENTION_MS keeps them a while instead, for a look at what just went out.
export const DEFAULT_SENT_RETENTION_MS = 0;
export const SENT_RETENTION_SETTING = 'OUTBOX_SENT_RETENTION_MS';
const MAX_SENT_RETENTION_MS = 24 * 60 * 60 * 1000;

// The retention from a service's settings, checked at start.
export function sentRetentionOf(env: NodeJS.ProcessEnv): number {
  return loadConfig(
    { [SENT_RETENTION_SETTING]: int({ default: DEFAULT_SENT_RETENTION_MS, min: 0, max: MAX_SENT_RETENTION_MS }) },
    env,
  )[SENT_RETENTION_SETTING];
}
// What the relay claims, oldest first: pending rows nobody holds that are not backing off.
export const freeRows = (now: Date) => ({ status: 'pending', claimed_until: null, available_at: { $lte: now } });
export const OUTBOX_ORDER = { created_at: 1, _id: 1 } as const;

// A few milliseconds: at a few hundred changes a second a round then carries several events, and
// each consumer's batch with it; an event waits that much longer for its consumers at most.
export const DEFAULT_LINGER_MS = 10;
// A relay that finds nothing looks again after 0.5 s, then 1, 2, 4 and every 5 s: rows of this
// process kick it at once; what else it looks for (rows another replica recorded and did not
// send, a kick lost) may wait that long.
export const DEFAULT_RELAY_POLL_MS = 500;
export const DEFAULT_RELAY_MAX_POLL_MS = 5000;

// Rows of each other waiting workspace sent along with a full batch, and how many workspaces per
// round (the rest wait for the next round, in the order they wrote).
export const FAIR_SHARE = 50;
export const FAIR_SHARE_WORKSPACES = 20;
export const DEFAULT_PROCESSED_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

// Moves outbox rows to the bus: claim free pending rows in order (a lease, so concurrent relays
// never publish the same row; an exclusive relay skips it), publish them as one batch, delete them
// (or mark them sent, when sent rows are kept) after the bus confirms.
// A failed publish leaves the rows pending with backoff; a row that failed before is retried on
// its own, so one that can never be published holds no other back, and is parked after
// maxAttempts. While a row backs off, newer rows go out: a record's events may arrive out of
// order, and consumers tell by the record's version (docs/events.md). A sweeper frees rows whose
// lease expired (their relay died mid-batch), deletes old sent rows and prunes processed ids.
export class OutboxRelay {
  private readonly connection: Connection;
  private readonly bus: Pick<EventBus, 'publish'>;
  private readonly logger: Logger;
  private readonly batchSize: number;
  private readonly polls: PollBackoff;
  private readonly lingerMs: number;
  private readonly leaseMs: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly sweepIntervalMs: number;
  private readonly retentionMs: number;
  private readonly maxAttempts: number;
  private readonly exclusive: boolean;
  private readonly processedRetentionMs: number;
  private readonly pruneIntervalMs: number;
  private lastPrunedAt?: number;
  private readonly now: () => Date;
  private readonly pause: (ms: number) => Pause;

  private running = false;
  private loop?: Promise<void>;
  private kicked = false;
  // When rows this relay failed to send are available again (its waits end by then), and the
  // clock of its last round, which saw every row available before it.
  private readonly retryTimes = new Set<number>();
  private lastRoundAt = 0;
  // Workspaces that wrote events since the last round: each gets a share of the next one.
  private readonly waitingWorkspaces = new Set<string | null>();
  private wake?: () => void;
  private endLinger?: () => void;
  private sweepTimer?: NodeJS.Timeout;
  private sweeping?: Promise<unknown>;

  constructor(options: OutboxRelayOptions) {
    this.connection = options.connection;
    this.bus = options.bus;
    this.logger = options.logger;
    this.batchSize = options.batchSize ?? 500;
    this.polls = new PollBackoff(
      options.pollIntervalMs ?? DEFAULT_RELAY_POLL_MS,
      options.maxPollIntervalMs ?? DEFAULT_RELAY_MAX_POLL_MS,
    );
    this.lingerMs = options.lingerMs ?? DEFAULT_LINGER_MS;
    this.leaseMs = options.leaseMs ?? 30000;
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 60000;
    this.sweepIntervalMs = options.sweepIntervalMs ?? 15000;
    this.retentionMs = options.retentionMs ?? DEFAULT_SENT_RETENTION_MS;
    this.maxAttempts = options.maxAttempts ?? DEFAULT_OUTBOX_MAX_ATTEMPTS;
    this.exclusive = options.exclusive ?? false;
    this.processedRetentionMs = options.processedRetentionMs ?? DEFAULT_PROCESSED_RETENTION_MS;
    this.pruneIntervalMs = options.pruneIntervalMs ?? 60 * 60 * 1000;
    this.now = options.now ?? (() => new Date());
    this.pause = options.pause ?? wakeablePause;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
    this.scheduleSweep(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.sweepTimer);
    this.wake?.();
    this.endLinger?.();
    await this.loop;
    await this.sweeping;
  }

  // Call right after a commit that recorded events, naming the workspaces they belong to.
  kick(workspaces: Iterable<string | null> = []): void {
    for (const workspaceId of workspaces) this.waitingWorkspaces.add(workspaceId);
    this.kicked = true;
    this.polls.reset();
    this.wake?.();
  }

  // Fair share: a workspace with a large backlog (an import) fills the oldest-first batch; each
  // other workspace that wrote before the round began gets its oldest rows into the round too, up
  // to FAIR_SHARE counting those the batch holds already, so its events wait for one round, not for
  // the whole backlog. A workspace's rows in the batch are its oldest, not all it has: a workspace
  // whose first events were recorded among the backlog's (a new workspace's, while a stage move
  // ran) gets the newer ones along. A workspace that had a full share waiting, or that found no
  // place in this round, stays in line for the next.
  private async fairShare(
    model: Model<OutboxRow>,
    free: Record<string, unknown>,
    waiting: ReadonlyArray<string | null>,
    taken: ReadonlyArray<Pick<OutboxRow, 'workspace_id'>>,
  ): Promise<Array<Pick<OutboxRow, '_id' | 'attempts'>>> {
    // The batch and a share query read the same rows in the same order, so a workspace's rows in
    // the batch are the first of those its share query finds: counting them is enough.
    const inBatch = new Map<string | null, number>();
    for (const row of taken) {
      const workspaceId = row.workspace_id ?? null;
      inBatch.set(workspaceId, (inBatch.get(workspaceId) ?? 0) + 1);
    }
    const shares: Array<Pick<OutboxRow, '_id' | 'attempts'>> = [];
    let served = 0;
    for (const workspaceId of waiting) {
      const had = inBatch.get(workspaceId) ?? 0;
      if (had >= FAIR_SHARE || served === FAIR_SHARE_WORKSPACES) {
        this.waitingWorkspaces.add(workspaceId);
        continue;
      }
      served += 1;
      const rows = await model
        .find({ ...free, workspace_id: workspaceId })
        .sort(OUTBOX_ORDER)
        .limit(FAIR_SHARE)
        .select({ _id: 1, attempts: 1 })
        .lean<Array<Pick<OutboxRow, '_id' | 'attempts'>>>()
        .exec();
      const newer = rows.slice(had);
      // A row that failed before waits for the oldest-first batch, which sends it alone.
      const retried = newer.findIndex((row) => row.attempts > 0);
      shares.push(...(retried === -1 ? newer : newer.slice(0, retried)));
      if (rows.length === FAIR_SHARE) this.waitingWorkspaces.add(workspaceId);
    }
    return shares;
  }

  // One claim-publish-mark round; returns how many events were published.
  async relayBatch(): Promise<number> {
    const model = outboxModel(this.connection);
    // The workspaces that wrote before the clock is read: their rows are committed and free at
    // `now`. A kick from here on (a commit while this round reads) is for the next round; taken
    // into this one, its rows could be newer than `now`, found missing, and the workspace
    // dropped from the line, its events then waiting for the whole backlog before them.
    const waiting = [...this.waitingWorkspaces];
    this.waitingWorkspaces.clear();
    const now = this.now();
    this.lastRoundAt = now.getTime();
    const free = freeRows(now);
    const found = await model
      .find(free)
      .sort(OUTBOX_ORDER)
      .limit(this.batchSize)
      .select({ _id: 1, attempts: 1, workspace_id: 1 })
      .lean<Array<Pick<OutboxRow, '_id' | 'attempts' | 'workspace_id'>>>()
      .exec();
    if (found.length === 0) return 0;
    // A row that failed before goes alone, so a row that can never be published fails (and is
    // parked) by itself; a batch stops short of such a row.
    const retried = found.findIndex((row) => row.attempts > 0);
    const oldest = retried === 0 ? found.slice(0, 1) : retried > 0 ? found.slice(0, retried) : found;
    // A batch that is not full holds every row free at `now`: no one else waits.
    const candidates =
      found.length < this.batchSize ? oldest : [...oldest, ...(await this.fairShare(model, free, waiting, oldest))];

    // The only relay of its outbox reads its rows as they are; otherwise the rows are claimed
    // first. The claim's filter is checked again per row as it is updated, so of two racing
    // relays only one gets each row; the token tells which rows are ours.
    const ids = candidates.map((row) => row._id);
    const token = this.exclusive ? null : newId();
    if (token !== null) {
      await model.updateMany(
        { ...free, _id: { $in: ids } },
        { $set: { claimed_until: new Date(now.getTime() + this.leaseMs), claim_token: token } },
      );
    }
    const claimed = await model
      .find({ _id: { $in: ids }, claim_token: token })
      .sort(OUTBOX_ORDER)
      .lean();
    if (claimed.length === 0) return 0;
    const ours = { _id: { $in: claimed.map((row) => row._id) }, claim_token: token };

    try {
      await this.bus.publish(claimed.map(publishedForm));
    } catch (error) {
      await this.recordFailure(claimed, token, error);
      return 0;
    }

    const done =
      this.retentionMs === 0
        ? (await model.deleteMany(ours)).deletedCount
        : (
            await model.updateMany(ours, {
              $inc: { attempts: 1 },
              $set: { status: 'sent', sent_at: this.now(), claimed_until: null, claim_token: null, last_error: null },
            })
          ).modifiedCount;
    if (done < claimed.length) {
      // Our lease ran out while publishing and another relay took rows over: they go out twice.
      this.logger.warn({ claimed: claimed.length, marked: done }, 'outbox lease expired during publish');
    }
    return claimed.length;
  }

  private async recordFailure(claimed: readonly OutboxRow[], token: string | null, error: unknown): Promise<void> {
    const model = outboxModel(this.connection);
    const release = { claimed_until: null, claim_token: null, last_error: errorReason(error) };
    const parked = claimed.filter((row) => row.attempts + 1 >= this.maxAttempts).map((row) => row._id);
    const retried = claimed.filter((row) => row.attempts + 1 < this.maxAttempts);
    if (parked.length > 0) {
      await model.updateMany(
        { _id: { $in: parked }, claim_token: token },
        { $inc: { attempts: 1 }, $set: { ...release, status: 'parked' } },
      );
      this.logger.error(
        { err: error, event_ids: parked, attempts: this.maxAttempts },
        'outbox events could not be published, parked',
      );
    }
    if (retried.length > 0) {
      const attempts = Math.max(...retried.map((row) => row.attempts)) + 1;
      const delay = Math.min(this.retryDelayMs * 2 ** (attempts - 1), this.maxRetryDelayMs);
      const availableAt = this.now().getTime() + delay;
      await model.updateMany(
        { _id: { $in: retried.map((row) => row._id) }, claim_token: token },
        { $inc: { attempts: 1 }, $set: { ...release, available_at: new Date(availableAt) } },
      );
      this.retryTimes.add(availableAt);
      this.logger.warn(
        { err: error, events: retried.length, attempts, retry_in_ms: delay },
        'publishing outbox events failed, will retry',
      );
    }
  }

  async sweep(): Promise<SweepResult> {
    const model = outboxModel(this.connection);
    const now = this.now();
    const released = await model.updateMany(
      { status: 'pending', claimed_until: { $lte: now } },
      { $set: { claimed_until: null, claim_token: null } },
    );
    if (released.modifiedCount > 0) {
      this.logger.warn(
        { rows: released.modifiedCount },
        'released outbox rows whose claim expired (a relay stopped mid-batch)',
      );
      this.kick();
    }
    const deleted = await model.deleteMany({
      status: 'sent',
      sent_at: { $lte: new Date(now.getTime() - this.retentionMs) },
    });
    let pruned = 0;
    if (this.lastPrunedAt === undefined || now.getTime() - this.lastPrunedAt >= this.pruneIntervalMs) {
      pruned = await pruneProcessedEvents(this.connection, new Date(now.getTime() - this.processedRetentionMs));
      this.lastPrunedAt = now.getTime();
    }
    return { released: released.modifiedCount, deleted: deleted.deletedCount, pruned };
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.kicked = false;
      let published = 0;
      try {
        published = await this.relayBatch();
      } catch (error) {
        this.logger.error({ err: error }, 'outbox relay round failed');
      }
      if (!this.running) break;
      if (published > 0) this.polls.reset();
      // A full batch means more may be waiting.
      if (published >= this.batchSize) continue;
      if (published > 0 && this.lingerMs > 0) await this.linger();
      // A kick during the round (or the linger) means new rows.
      if (this.kicked) continue;
      await this.idle();
    }
  }

  // Ended early by stop() only: kicks during it are what it waits for.
  private async linger(): Promise<void> {
    const pause = this.pause(this.lingerMs);
    this.endLinger = pause.wake;
    await pause.ended;
    this.endLinger = undefined;
  }

  // Ended early by a kick or stop(). A stop during the linger before it ended that linger only.
  // Rows this relay failed to send are looked for again when they are due, however long the wait.
  private async idle(): Promise<void> {
    if (!this.running) return;
    let wait = this.polls.next();
    const now = this.now().getTime();
    for (const retryAt of this.retryTimes) {
      if (retryAt <= this.lastRoundAt) this.retryTimes.delete(retryAt);
      else wait = Math.min(wait, Math.max(5, retryAt - now));
    }
    const pause = this.pause(wait);
    this.wake = pause.wake;
    await pause.ended;
    this.wake = undefined;
  }

  private scheduleSweep(delay: number): void {
    this.sweepTimer = setTimeout(() => {
      this.sweeping = this.sweep()
        .catch((error: unknown) => this.logger.error({ err: error }, 'outbox sweep failed'))
        .finally(() => {
          if (this.running) this.scheduleSweep(this.sweepIntervalMs);
        });
    }, delay);
  }
}
