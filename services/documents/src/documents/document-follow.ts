import type { EventHandler } from '@crm/bus';
import { companyMerged, companyPurged, contactMerged, contactPurged, type CompanyMergedData, type ContactMergedData } from '@crm/protos';
import type { DocumentsRuntime } from '../documents-runtime';
import type { TargetType } from './document.model';
import { deleteFilesOf, moveFilesTo } from './document-writes';

// Files follow the record they are on: a merge moves the sources' files to the survivor, a
// purge deletes them with their bytes. A redelivered event finds nothing left to do.
export const DOCUMENT_RECORDS_CONSUMER = 'documents.record-changes';

const TARGET_OF: Record<string, { type: TargetType; field: 'company_id' | 'contact_id'; merged: boolean }> = {
  [companyMerged.type]: { type: 'company', field: 'company_id', merged: true },
  [companyPurged.type]: { type: 'company', field: 'company_id', merged: false },
  [contactMerged.type]: { type: 'contact', field: 'contact_id', merged: true },
  [contactPurged.type]: { type: 'contact', field: 'contact_id', merged: false },
};

export function documentFollowHandler(runtime: DocumentsRuntime): EventHandler {
  return async (event) => {
    const target = TARGET_OF[event.type];
    if (!target || !event.workspace_id) return;
    const data = event.data as Partial<Pick<CompanyMergedData, 'company_id' | 'source_ids'> & Pick<ContactMergedData, 'contact_id'>>;
    const id = data[target.field];
    if (!id) return;
    if (target.merged) await moveFilesTo(runtime, event.workspace_id, target.type, data.source_ids ?? [], id, event.actor);
    else await deleteFilesOf(runtime, event.workspace_id, target.type, id, 'record_purged', event.actor);
  };
}

export async function subscribeDocumentFollow(runtime: DocumentsRuntime): Promise<void> {
  await runtime.context.bus.subscribe(DOCUMENT_RECORDS_CONSUMER, Object.keys(TARGET_OF), documentFollowHandler(runtime));
}
