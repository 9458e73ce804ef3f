import { on, redactKeptEvents, routeEvents, type EventRoute } from '@crm/bus';
import { validationFailed } from '@crm/kit';
import { contactErased, contactErasureOf, type documentsV1 } from '@crm/protos';
import { forgetAnswersNaming, requestStorageCompaction } from '@crm/service-host';
import type { DocumentsRuntime } from '../documents-runtime';
import { documentModel, TARGET_TYPES, type DocumentRecord } from '../documents/document.model';

// documents' part in a contact's subject access request (ListFilesOf) and erasure. The files and
// their bytes go synchronously with DeleteFilesOf while crm-core erases; when crm.contact.erased
// arrives, the workspace's kept copies of the files' events lose the files' names (which may name
// the person), and the store's compaction is asked for so the deleted rows leave the disk.

export const CONTACT_ERASURE_CONSUMER = 'documents.contact-erasure';
const LIST_LIMIT = 1000;

export async function listFilesOf(
  runtime: DocumentsRuntime,
  request: documentsV1.ListFilesOfRequest,
): Promise<documentsV1.ListFilesOfResponse> {
  if (!request.workspace_id) throw validationFailed('workspace_id is required');
  if (!(TARGET_TYPES as readonly string[]).includes(request.target_type))
    throw validationFailed('target_type must be company or contact');
  if (!request.target_id) throw validationFailed('target_id is required');
  const files = await documentModel(runtime.context.connection)
    .find({
      workspace_id: request.workspace_id,
      target_type: request.target_type,
      target_id: request.target_id.toLowerCase(),
    })
    .sort({ created_at: -1, _id: -1 })
    .limit(LIST_LIMIT)
    .lean<DocumentRecord[]>()
    .exec();
  return {
    files: files.map((file) => ({
      id: file._id,
      name: file.name,
      content_type: file.content_type,
      size_bytes: file.size_bytes,
      status: file.status,
      created_at: file.created_at,
      uploaded_by_name: file.uploaded_by_name ?? undefined,
    })),
  };
}

export function contactErasureHandler(runtime: DocumentsRuntime): EventRoute {
  return on(contactErased, async (event) => {
    const contactId = event.data.contact_id;
    if (!event.workspace_id) return;
    await redactKeptEvents(runtime.context.connection, event.workspace_id, contactErasureOf(contactId));
    // Answers kept for Idempotency-Key retries naming the contact (a file on it, with its name).
    await forgetAnswersNaming(runtime.context.connection, event.workspace_id, [contactId]);
    await requestStorageCompaction(runtime.context, ['documents', 'outbox', 'dead_letters', 'idempotency_keys']);
  });
}

export async function subscribeContactErasure(runtime: DocumentsRuntime): Promise<void> {
  const { patterns, handler } = routeEvents(contactErasureHandler(runtime));
  await runtime.context.bus.subscribe(CONTACT_ERASURE_CONSUMER, patterns, handler);
}
