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
// look up to the maximum; work found, or a nudge, starts again from the interval. A quiet service
// then looks a few times a minute instead of a few times a second, while a busy one, or one that
// is told of new work, looks at once.
export class PollBackoff {
  private nextMs: number;

  constructor(
    private readonly intervalMs: number,
    private readonly maxMs: number,
  ) {
    this.nextMs = intervalMs;
  }

  // The wait before the next look; the one after will be longer, up to the maximum.
  next(): number {
    const wait = this.nextMs;
    this.nextMs = Math.min(Math.max(this.nextMs * 2, this.intervalMs), Math.max(this.maxMs, this.intervalMs));
    return wait;
  }

  reset(): void {
    this.nextMs = this.intervalMs;
  }
}
