import type { ClientSession } from 'mongoose';
import { afterCommit as afterBusCommit, makeEvent, transact, type NewEvent, type NewJob } from '@crm/bus';
import { EVENT_CONTRACTS, payloadProblem } from '@crm/protos';
import type { ServiceContext } from './service-context';

// Its parts are functions, not methods: handlers take them out (`({ transaction, publish }) => ...`).
export interface UnitOfWork {
  transaction: ClientSession;
  // Queues an event; it is written to the outbox in the same transaction as the change. Its
  // data must match the event's declared contract (@crm/protos).
  publish: <T>(event: NewEvent<T>) => void;
  // Durable jobs, written (or removed) in the same transaction as the change.
  schedule: (job: NewJob) => Promise<string>;
  cancel: (job: { name: string; key: string } | { id: string }) => Promise<boolean>;
}

// A payload that does not match its contract is a programming error: fail at the producer,
// before anything commits, not in a consumer.
function declaredEvent<T>(event: NewEvent<T>): NewEvent<T> {
  const contract = EVENT_CONTRACTS.get(event.type);
  if (!contract) throw new Error(`event ${event.type} has no contract in @crm/protos`);
  const problem = payloadProblem(contract, event.data);
  if (problem) throw new Error(`event payload does not match its contract: ${problem}`);
  return { ...event, version: contract.schemaVersion };
}

// One change, its events and its jobs as one transaction; after the commit the outbox relay is
// nudged so the events leave promptly.
export function commit<T>(context: ServiceContext, work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
  return transact(context.connection, { relay: context.outbox }, (unit) =>
    work({
      transaction: unit.session,
      publish: (event) => unit.emit(makeEvent(declaredEvent(event))),
      schedule: unit.schedule,
      cancel: unit.cancel,
    }),
  );
}

// Bumps a record's version in the change's transaction (the version its event carries).
export { bumpVersion } from '@crm/bus';

// Work that must wait until the change is really committed: inside a request transaction
// (Idempotency-Key, If-Match; docs/idempotency.md) `commit` joins it and returns before it
// commits, so memory a handler keeps of what it stored (a cache, a set of seeded workspaces) is
// updated here, and dropped if the request fails. Runs at once when no request transaction is open.
export function afterCommit(context: ServiceContext, work: () => void): void {
  afterBusCommit(context.connection, work);
}
