import { unary, validationFailed, type GrpcRegistration } from '@crm/kit';
import { documentsV1 } from '@crm/protos';
import type { DocumentsRuntime } from '../documents-runtime';
import { TARGET_TYPES, type TargetType } from '../documents/document.model';
import { deleteFilesOf } from '../documents/document-writes';
import { listFilesOf } from '../privacy/contact-erasure';

// DeleteFilesOf: every file of one record and its bytes, for a contact's erasure; answers the
// count. Runs in the caller's context (its workspace and actor).
export function documentsGrpc(runtime: DocumentsRuntime): GrpcRegistration {
  const implementation: documentsV1.DocumentsServiceServer = {
    deleteFilesOf: unary<documentsV1.DeleteFilesOfRequest, documentsV1.DeleteFilesOfResponse>(
      runtime.context.logger,
      async (request, _metadata, caller) => {
        if (!request.workspace_id) throw validationFailed('workspace_id is required');
        if (!(TARGET_TYPES as readonly string[]).includes(request.target_type))
          throw validationFailed('target_type must be company or contact');
        if (!request.target_id) throw validationFailed('target_id is required');
        const actor = caller?.context.actor ?? null;
        const deleted = await deleteFilesOf(
          runtime,
          request.workspace_id,
          request.target_type as TargetType,
          request.target_id.toLowerCase(),
          'record_erased',
          actor,
        );
        return { files_deleted: deleted };
      },
    ),
    // A contact's files (metadata only) for GET /contacts/{id}/personal-data.
    listFilesOf: unary<documentsV1.ListFilesOfRequest, documentsV1.ListFilesOfResponse>(
      runtime.context.logger,
      (request) => listFilesOf(runtime, request),
    ),
  };
  return { definition: documentsV1.DocumentsServiceService, implementation };
}
