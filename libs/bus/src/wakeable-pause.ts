export interface Pause {
  ended: Promise<void>;
  wake: () => void;
}

// A pause that ends after `ms`, or as soon as `wake()` is called (new work, a stop): how the relay
// and the job worker wait between rounds.
export function wakeablePause(ms: number): Pause {
  let wake = (): void => undefined;
  const ended = new Promise<void>((resolve) => {
    const timer = setTimeout(end, ms);
    function end() {
      clearTimeout(timer);
      resolve();
    }
    wake = end;
  });
  return { ended, wake };
}

// How long a poller waits after a look that found nothing: its interval, doubled after each such
// look up to the maximum (never below the interval); work found, or a nudge, starts again from the
// interval. A quiet service then looks every few seconds instead of a few times a second, while a
// busy one, or one that is told of new work, looks at once.
export class PollBackoff {
  private readonly maxMs: number;
  private nextMs: number;

  constructor(
    private readonly intervalMs: number,
    maxMs: number,
  ) {
    this.maxMs = Math.max(maxMs, intervalMs);
    this.nextMs = intervalMs;
  }

  // The wait before the next look; the one after will be longer, up to the maximum.
  next(): number {
    const wait = this.nextMs;
    this.nextMs = Math.min(this.nextMs * 2, this.maxMs);
    return wait;
  }

  reset(): void {
    this.nextMs = this.intervalMs;
  }
}
