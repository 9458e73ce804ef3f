import { on, redactKeptEvents, routeEvents, type EventRoute } from '@crm/bus';
import { contactErased, contactErasureOf, EVENT_CONTRACTS, recordStateOf } from '@crm/protos';
import { forgetAnswersNaming, requestStorageCompaction, type ServiceContext } from '@crm/service-host';
import { applyToReadModel, recordChange } from '../read-model/read-model-consumers';
import { storedState } from '../read-model/record-states';

// A contact's erasure in the read model: the contact becomes a tombstone (its name gone), as the
// read model's own consumer would make it, but here before the store is compacted, so the name
// leaves the disk whichever consumer the erasure reaches first; the workspace's dead letters
// naming the contact lose the person's values (by the events' contracts). Idempotent by version.
export const CONTACT_ERASURE_CONSUMER = 'reports.contact-erasure';

export function contactErasureHandler(context: ServiceContext): EventRoute {
  return on(contactErased, async (event) => {
    const record = recordStateOf(EVENT_CONTRACTS, event);
    if (!record || !event.workspace_id) return;
    const tombstone = storedState('contact', { ...record, workspace_id: event.workspace_id, state: null });
    await recordChange(context.connection, event.workspace_id, (seq) =>
      applyToReadModel(context.connection, 'contact', [tombstone], seq),
    );
    await redactKeptEvents(context.connection, event.workspace_id, contactErasureOf(record.id));
    // Answers kept for Idempotency-Key retries naming the contact (a report's rows).
    await forgetAnswersNaming(context.connection, event.workspace_id, [record.id]);
    await requestStorageCompaction(context, ['rm_contacts', 'dead_letters', 'idempotency_keys']);
  });
}

export async function subscribeContactErasure(context: ServiceContext): Promise<void> {
  const { patterns, handler } = routeEvents(contactErasureHandler(context));
  await context.bus.subscribe(CONTACT_ERASURE_CONSUMER, patterns, handler);
}
