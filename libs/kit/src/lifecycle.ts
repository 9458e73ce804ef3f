import { ConfigError } from './config';
import type { Logger } from './logger';

export interface Stoppable {
  name: string;
  stop: () => Promise<void>;
}

// Shuts a process down in the order given (stop accepting, drain, close consumers, then the
// database) on SIGTERM/SIGINT; a second signal or a stuck step does not hang the pod forever.
export class Lifecycle {
  private readonly steps: Stoppable[] = [];
  private stopping: Promise<void> | undefined;

  constructor(private readonly logger: Logger) {}

  add(name: string, stop: () => Promise<void>): void {
    this.steps.push({ name, stop });
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      for (const step of this.steps) {
        try {
          await step.stop();
        } catch (error) {
          this.logger.error({ err: error, step: step.name }, 'shutdown step failed');
        }
      }
    })();
    return this.stopping;
  }

  handleSignals(timeoutMs = 20000): void {
    const onSignal = (signal: NodeJS.Signals) => {
      this.logger.info({ signal }, 'shutting down');
      const timer = setTimeout(() => {
        this.logger.error('shutdown timed out');
        process.exit(1);
      }, timeoutMs);
      timer.unref();
      void this.stop().then(() => process.exit(0));
    };
    // A repeated signal while draining must not fall back to the default (immediate exit).
    let received = false;
    const once = (signal: NodeJS.Signals) => {
      if (received) return;
      received = true;
      onSignal(signal);
    };
    process.on('SIGTERM', once);
    process.on('SIGINT', once);
  }
}

// A process that cannot start says why in one line (naming the variable for bad config) and
// exits non-zero, so the orchestrator reports it instead of restarting a half-started process.
export function exitOnStartFailure(logger: Logger, error: unknown): never {
  if (error instanceof ConfigError) logger.fatal(`invalid configuration: ${error.message}`);
  else logger.fatal({ err: error }, 'failed to start');
  process.exit(1);
}
