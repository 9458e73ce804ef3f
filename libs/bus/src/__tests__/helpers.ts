import { createLogger, newId } from '@crm/kit';
import { makeEvent, type EventEnvelope, type NewEvent } from '../event-envelope';

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

export { waitFor } from '@crm/testing';

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
