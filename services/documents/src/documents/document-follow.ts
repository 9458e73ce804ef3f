import { on, routeEvents, type EventEnvelope, type RoutedHandler } from '@crm/bus';
import { companyMerged, companyPurged, contactMerged, contactPurged } from '@crm/protos';
import type { DocumentsRuntime } from '../documents-runtime';
import type { TargetType } from './document.model';
import { deleteFilesOf, moveFilesTo } from './document-writes';

// Files follow the record they are on: a merge moves the sources' files to the survivor, a
// purge deletes them with their bytes. A redelivered event finds nothing left to do.
export const DOCUMENT_RECORDS_CONSUMER = 'documents.record-changes';

export function documentFollow(runtime: DocumentsRuntime): RoutedHandler {
  // In the event's workspace; an event without one names no file.
  async function move(event: EventEnvelope, type: TargetType, sourceIds: string[], survivorId: string): Promise<void> {
    if (event.workspace_id) await moveFilesTo(runtime, event.workspace_id, type, sourceIds, survivorId, event.actor);
  }
  async function remove(event: EventEnvelope, type: TargetType, id: string): Promise<void> {
    if (event.workspace_id) await deleteFilesOf(runtime, event.workspace_id, type, id, 'record_purged', event.actor);
  }
  return routeEvents(
    on(companyMerged, (event) => move(event, 'company', event.data.source_ids, event.data.company_id)),
    on(contactMerged, (event) => move(event, 'contact', event.data.source_ids, event.data.contact_id)),
    on(companyPurged, (event) => remove(event, 'company', event.data.company_id)),
    on(contactPurged, (event) => remove(event, 'contact', event.data.contact_id)),
  );
}

export async function subscribeDocumentFollow(runtime: DocumentsRuntime): Promise<void> {
  const { patterns, handler } = documentFollow(runtime);
  await runtime.context.bus.subscribe(DOCUMENT_RECORDS_CONSUMER, patterns, handler);
}
