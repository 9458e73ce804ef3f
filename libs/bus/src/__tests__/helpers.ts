import { createLogger, newId } from '@crm/kit';
import { waitFor } from '@crm/testing';
import { makeEvent, type EventEnvelope, type NewEvent } from '../event-envelope';
import type { Pause } from '../wakeable-pause';

// Silent unless LOG_LEVEL asks for the bus's own log lines while debugging a test.
export const testLogger = createLogger('bus-test', process.env.LOG_LEVEL ?? 'silent');

export function buildEvent(
  overrides: Partial<NewEvent<Record<string, unknown>>> = {},
): EventEnvelope<Record<string, unknown>> {
  return makeEvent({
    type: 'crm.company.created',
    workspace_id: newId(),
    actor: { type: 'user', id: newId(), label: null },
    data: { name: 'Acme' },
    ...overrides,
  });
}

export { waitFor };

export interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

export function deferred(): Deferred {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export const uniqueSuffix = () => newId().replace(/-/g, '').slice(-12);

// Pauses no timer ends, for a relay's or job worker's `pause` option: the test ends the current
// one as its timer would (a kick, a nudge or a stop still wakes it). The waits asked for are then
// the poller's schedule, read without a clock.
export interface HeldPauses {
  asked: number[];
  pause: (ms: number) => Pause;
  // Ends the current wait.
  elapse: () => void;
  // Until the poller has asked for `count` waits.
  looked: (count: number) => Promise<void>;
  // Lets the poller look until it has asked for `count` waits, ending each but the last.
  letLook: (count: number) => Promise<void>;
}

export function heldPauses(): HeldPauses {
  const asked: number[] = [];
  let current: Pause | undefined;
  const elapse = () => current?.wake();
  const looked = async (count: number): Promise<void> => {
    await waitFor(() => asked.length === count, `look ${count}`);
  };
  return {
    asked,
    pause: (ms) => {
      asked.push(ms);
      let wake = () => undefined as void;
      const ended = new Promise<void>((resolve) => {
        wake = resolve;
      });
      current = { ended, wake };
      return current;
    },
    elapse,
    looked,
    letLook: async (count) => {
      for (let look = Math.max(1, asked.length); look < count; look++) {
        await looked(look);
        elapse();
      }
      await looked(count);
    },
  };
}
