import { on, routeEvents, type EventEnvelope, type RoutedHandler } from '@crm/bus';
import { companyMerged, companyPurged, contactMerged, contactPurged } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { rewriteDeals } from './deal-rewrites';

// Deals follow the company and contact they name: a merge moves the sources' deals to the
// survivor, a purge leaves them without that company or contact (a deal outlives both). Each
// rewrite matches only deals still pointing at the old id, so a redelivered event changes nothing.

export const DEAL_REFERENCES_CONSUMER = 'crm-core.deal-references';

export function dealReferences(context: ServiceContext): RoutedHandler {
  // Each rewrite runs in the event's workspace; an event without one names no deal.
  async function rewrite(
    event: EventEnvelope,
    field: 'company_id' | 'contact_id',
    from: string[],
    to: string | null,
  ): Promise<void> {
    const workspaceId = event.workspace_id;
    if (workspaceId)
      await commit(context, (unit) =>
        rewriteDeals(context, unit, event.actor, { workspace_id: workspaceId, [field]: { $in: from } }, () => ({
          [field]: to,
        })),
      );
  }
  return routeEvents(
    on(companyMerged, (event) => rewrite(event, 'company_id', event.data.source_ids, event.data.company_id)),
    on(companyPurged, (event) => rewrite(event, 'company_id', [event.data.company_id], null)),
    on(contactMerged, (event) => rewrite(event, 'contact_id', event.data.source_ids, event.data.contact_id)),
    on(contactPurged, (event) => rewrite(event, 'contact_id', [event.data.contact_id], null)),
  );
}

export async function subscribeDealReferences(context: ServiceContext): Promise<void> {
  const { patterns, handler } = dealReferences(context);
  await context.bus.subscribe(DEAL_REFERENCES_CONSUMER, patterns, handler);
}
