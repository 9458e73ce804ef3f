import type { BatchEventHandler, EventEnvelope, EventHandler } from '@crm/bus';
import type { Logger } from '@crm/kit';

// How far behind a consumer may fall before the log says so, and how close it must come again
// to count as caught up.
export const BEHIND_AFTER_MS = 60_000;
export const CAUGHT_UP_WITHIN_MS = 5_000;

// One log line when a consumer falls more than a minute behind (the oldest event it takes is
// that old) and one when it has caught up, not one per event.
export class ConsumerLagWatch {
  private readonly behind = new Map<string, number>();

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  observe(consumer: string, events: readonly Pick<EventEnvelope, 'occurred_at'>[]): void {
    let oldest = Infinity;
    for (const event of events) oldest = Math.min(oldest, Date.parse(event.occurred_at));
    if (!Number.isFinite(oldest)) return;
    const lagMs = Math.max(0, this.now() - oldest);
    const since = this.behind.get(consumer);
    if (since === undefined && lagMs > BEHIND_AFTER_MS) {
      this.behind.set(consumer, this.now());
      this.logger.warn(
        { consumer, behind_seconds: Math.round(lagMs / 1000) },
        'event consumer is more than a minute behind',
      );
    } else if (since !== undefined && lagMs <= CAUGHT_UP_WITHIN_MS) {
      this.behind.delete(consumer);
      this.logger.info(
        {
          consumer,
          behind_seconds: Math.round(lagMs / 1000),
          caught_up_after_seconds: Math.round((this.now() - since) / 1000),
        },
        'event consumer caught up',
      );
    }
  }

  single(consumer: string, handler: EventHandler): EventHandler {
    return (event) => {
      this.observe(consumer, [event]);
      return handler(event);
    };
  }

  batch(consumer: string, handler: BatchEventHandler): BatchEventHandler {
    return (events) => {
      this.observe(consumer, events);
      return handler(events);
    };
  }
}
