import type { ClientSession } from 'mongoose';
import { afterCommit as afterBusCommit, makeEvent, transact, type NewEvent, type NewJob } from '@crm/bus';
import { EVENT_CONTRACTS, payloadProblem, type EventContract, type PayloadOf } from '@crm/protos';
import type { ServiceContext } from './service-context';

// An event of one contract as a change announces it: the type and the envelope's version come
// from the contract, the payload's type too.
export type ContractEvent<Data> = Omit<NewEvent<Data>, 'type' | 'version'>;

// Its parts are functions, not methods: handlers take them out (`({ transaction, publish }) => ...`).
export interface UnitOfWork {
  transaction: ClientSession;
  // Queues an event of `contract`; it is written to the outbox in the same transaction as the
  // change. The compiler checks the payload against the contract, and so does the runtime.
  publish: <Contract extends EventContract>(
    contract: Contract,
    event: ContractEvent<PayloadOf<NoInfer<Contract>>>,
  ) => void;
  // Durable jobs, written (or removed) in the same transaction as the change.
  schedule: (job: NewJob) => Promise<string>;
  cancel: (job: { name: string; key: string } | { id: string }) => Promise<boolean>;
}

// A payload that does not match its contract is a programming error: fail at the producer,
// before anything commits, not in a consumer.
function declaredEvent<T>(contract: EventContract, event: ContractEvent<T>): NewEvent<T> {
  if (EVENT_CONTRACTS.get(contract.type) !== contract)
    throw new Error(`event ${contract.type} has no contract in @crm/protos`);
  const problem = payloadProblem(contract, event.data);
  if (problem) throw new Error(`event payload does not match its contract: ${problem}`);
  return { ...event, type: contract.type, version: contract.schemaVersion };
}

// One change, its events and its jobs as one transaction; after the commit the outbox relay is
// nudged so the events leave promptly.
export function commit<T>(context: ServiceContext, work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
  return transact(context.connection, { relay: context.outbox }, (unit) =>
    work({
      transaction: unit.session,
      publish: (contract, event) => unit.emit(makeEvent(declaredEvent(contract, event))),
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
