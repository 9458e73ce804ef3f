import type { EventHandler } from '@crm/bus';
import { companyMerged, companyPurged, contactMerged, contactPurged, type CompanyMergedData, type ContactMergedData } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { rewriteDeals } from './deal-rewrites';

// Deals follow the company and contact they name: a merge moves the sources' deals to the
// survivor, a purge leaves them without that company or contact (a deal outlives both). Each
// rewrite matches only deals still pointing at the old id, so a redelivered event changes nothing.

export const DEAL_REFERENCES_CONSUMER = 'crm-core.deal-references';

const REFERENCE_OF: Record<string, 'company_id' | 'contact_id'> = {
  [companyMerged.type]: 'company_id',
  [companyPurged.type]: 'company_id',
  [contactMerged.type]: 'contact_id',
  [contactPurged.type]: 'contact_id',
};

export function dealReferencesHandler(context: ServiceContext): EventHandler {
  return async (event) => {
    const field = REFERENCE_OF[event.type];
    if (!field || !event.workspace_id) return;
    const workspaceId = event.workspace_id;
    const data = event.data as Partial<Pick<CompanyMergedData, 'company_id' | 'source_ids'> & Pick<ContactMergedData, 'contact_id'>>;
    const id = data[field];
    if (!id) return;
    const merged = event.type === companyMerged.type || event.type === contactMerged.type;
    const from = merged ? (data.source_ids ?? []) : [id];
    const to = merged ? id : null;
    await commit(context, (unit) => rewriteDeals(context, unit, event.actor, { workspace_id: workspaceId, [field]: { $in: from } }, () => ({ [field]: to })));
  };
}

export async function subscribeDealReferences(context: ServiceContext): Promise<void> {
  await context.bus.subscribe(DEAL_REFERENCES_CONSUMER, Object.keys(REFERENCE_OF), dealReferencesHandler(context));
}
