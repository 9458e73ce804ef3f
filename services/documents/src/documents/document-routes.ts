import { forbidden, implement, workspaceOf, type Implementation, type InternalClaims } from '@crm/kit';
import type { DocumentsRuntime } from '../documents-runtime';
import { receiveUpload, sendDownload } from '../files/file-transfer';
import {
  completeDocument,
  createDocument,
  deleteDocument,
  documentUsage,
  downloadDocument,
  downloadFileBytes,
  listDocuments,
  uploadFileBytes,
} from './document.operations';
import {
  completeDocumentRecord,
  createDocumentRecord,
  deleteDocumentRecord,
  downloadLink,
  listReadyDocuments,
  storageUsage,
} from './document-writes';

// A contact's files are the contact's: listing or downloading them needs contacts:read too.
function checkContactFiles(auth: InternalClaims, targetType: string): void {
  if (targetType === 'contact' && !auth.permissions.includes('contacts:read'))
    throw forbidden("a contact's documents need the contacts:read permission");
}

// The six document operations of the contract (access from the permission matrix) and the two
// byte endpoints their signed URLs point at (public: the URL is the capability).
export function documentOperations(runtime: DocumentsRuntime): Implementation[] {
  return [
    implement(listDocuments, async ({ req, auth, query }) => {
      checkContactFiles(auth, query.target_type);
      return { data: await listReadyDocuments(runtime, workspaceOf(req), query.target_type, query.target_id) };
    }),
    implement(createDocument, async ({ req, auth, body }) =>
      createDocumentRecord(runtime, auth, workspaceOf(req), body),
    ),
    implement(completeDocument, async ({ req, auth, params }) =>
      completeDocumentRecord(runtime, auth, workspaceOf(req), params.id),
    ),
    implement(documentUsage, async ({ req, auth }) => storageUsage(runtime, auth, workspaceOf(req))),
    implement(downloadDocument, async ({ req, auth, params }) =>
      downloadLink(runtime, workspaceOf(req), params.id, (targetType) => checkContactFiles(auth, targetType)),
    ),
    implement(deleteDocument, async ({ req, auth, params }) =>
      deleteDocumentRecord(runtime, auth, workspaceOf(req), params.id),
    ),
    implement(uploadFileBytes, async ({ req, params, query }) => receiveUpload(runtime, params.id, query, req)),
    implement(downloadFileBytes, async ({ res, params, query }) => {
      try {
        await sendDownload(runtime, params.id, query, res);
      } catch (error) {
        // Once bytes are flowing there is no error body to send: cut the response short.
        if (!res.headersSent) throw error;
        runtime.context.logger.warn({ err: error }, 'download interrupted');
        res.destroy();
      }
    }),
  ];
}
