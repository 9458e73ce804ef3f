import type { ClientSession } from 'mongoose';
import { makeEvent, transactWithEvents, type NewEvent } from '@crm/bus';
import type { ServiceContext } from '@crm/service-host';

export interface UnitOfWork {
  transaction: ClientSession;
  // Queues an event; it is written to the outbox in the same transaction as the change.
  publish<T>(event: NewEvent<T>): void;
}

// One change and its events as one transaction; after the commit the outbox relay is nudged
// so the events leave promptly.
export function commit<T>(context: ServiceContext, work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
  return transactWithEvents(context.connection, context.outbox, (transaction, emit) =>
    work({ transaction, publish: (event) => emit(makeEvent(event)) }),
  );
}
