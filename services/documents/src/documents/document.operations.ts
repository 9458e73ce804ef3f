import {
  declareOperation,
  ListOf,
  Named,
  SingleLine,
  Strict,
  StringEnum,
  Type,
  Uri,
  Uuid,
  type Static,
} from '@crm/kit';
import { contactsAside, needs, remove } from '@crm/protos';
import { DOCUMENT_STATUSES, TARGET_TYPES } from './document.model';

// A media type as HTTP writes it: type/subtype with optional parameters (`text/plain; charset=utf-8`).
export const MEDIA_TYPE_PATTERN =
  '^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(\\s*;\\s*[A-Za-z0-9!#$&^_.+-]+=("[^"\\\\]*"|[A-Za-z0-9!#$&^_.+-]+))*$';

export const Document = Named(
  'Document',
  Strict({
    id: Uuid(),
    target_type: StringEnum(TARGET_TYPES),
    target_id: Uuid(),
    name: Type.String(),
    content_type: Type.String(),
    size_bytes: Type.Integer({ minimum: 0 }),
    status: StringEnum(DOCUMENT_STATUSES, {
      description:
        'pending: created, bytes not yet completed; ready: completed, shown on the record (docs/documents.md)',
    }),
    uploaded_by: Uuid(),
    uploaded_by_name: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
  }),
);
export type DocumentView = Static<typeof Document>;

export const listDocuments = declareOperation({
  method: 'GET',
  path: '/documents',
  access: contactsAside(needs('companies:read'), "refused for a contact's documents"),
  summary: 'List the files of a company or contact',
  description:
    'Ready files (completed uploads) of the record, newest first. A record that does not exist in the workspace has none.',
  query: Strict({ target_type: StringEnum(TARGET_TYPES), target_id: Uuid() }),
  status: 200,
  response: Named('DocumentList', ListOf(Document)),
});

export const createDocument = declareOperation({
  method: 'POST',
  path: '/documents',
  access: needs('companies:write'),
  summary: 'Start uploading a file',
  description:
    'Creates a pending document and answers a signed upload URL valid 15 minutes: PUT exactly size_bytes bytes to it with Content-Type set to content_type, then POST /documents/{id}/complete. The size is reserved against the workspace quota now. 413 file_too_large over the per-file limit of the plan, 409 storage_quota_exceeded over the quota (docs/documents.md).',
  body: Named(
    'DocumentCreate',
    Strict({
      target_type: StringEnum(TARGET_TYPES),
      target_id: Uuid({ description: 'A company or contact of the workspace, not in the recycle bin.' }),
      name: SingleLine({ minLength: 1, maxLength: 255 }),
      content_type: Type.String({
        minLength: 3,
        maxLength: 150,
        pattern: MEDIA_TYPE_PATTERN,
        description: 'A media type, e.g. application/pdf.',
      }),
      size_bytes: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    }),
  ),
  trim: ['name', 'content_type'],
  status: 201,
  response: Named('DocumentUpload', Strict({ document: Document, upload_url: Uri() })),
  errors: [409, 413],
});

export const completeDocument = declareOperation({
  method: 'POST',
  path: '/documents/{id}/complete',
  access: needs('companies:write'),
  summary: 'Complete an upload',
  description:
    'Checks that the bytes arrived and marks the document ready: it then appears on its record. Completing a ready document answers it unchanged. 409 upload_incomplete when the bytes have not arrived.',
  params: Strict({ id: Uuid() }),
  status: 200,
  response: Document,
  errors: [409],
});

export const documentUsage = declareOperation({
  method: 'GET',
  path: '/documents/usage',
  access: needs('companies:read'),
  summary: 'Storage used and the quota',
  description:
    'Bytes held by the workspace (ready files and uploads in progress, which are reserved) and the quota of its plan.',
  status: 200,
  response: Named('DocumentUsage', Strict({ used: Type.Number(), quota: Type.Number() })),
});

export const downloadDocument = declareOperation({
  method: 'GET',
  path: '/documents/{id}/download',
  access: contactsAside(needs('companies:read'), "refused for a contact's document"),
  summary: 'A download link',
  description:
    'A signed link valid 5 minutes that serves the bytes. 409 document_not_ready for a document not completed yet.',
  params: Strict({ id: Uuid() }),
  status: 200,
  response: Named('DocumentDownload', Strict({ url: Uri() })),
  errors: [409],
});

export const deleteDocument = declareOperation({
  method: 'DELETE',
  path: '/documents/{id}',
  access: remove('companies:write'),
  summary: 'Delete a file',
  description: 'Removes the document and its bytes from storage at once (its links stop working) and frees its quota.',
  params: Strict({ id: Uuid() }),
  status: 204,
  response: null,
});

// What a signed URL carries besides its path; any of them wrong answers 403 alike.
const SignedQuery = Strict({
  workspace_id: Type.Optional(Type.String({ maxLength: 100 })),
  size: Type.Optional(Type.String({ maxLength: 20 })),
  expires: Type.Optional(Type.String({ maxLength: 20 })),
  signature: Type.Optional(Type.String({ maxLength: 100 })),
});

export const uploadFileBytes = declareOperation({
  method: 'PUT',
  path: '/public/files/{id}',
  summary: "Upload a file's bytes (signed URL)",
  description:
    'The upload_url of POST /documents: exactly size_bytes bytes, with the Content-Type and Content-Length the document declared; no bearer token (the URL is the capability). A URL that is altered, expired, already used for a completed document, or not for this document answers 403 without saying which.',
  tag: 'documents',
  access: 'public',
  rawBody: true,
  // Exactly size_bytes, which the plan's per-file size bounds (configured per installation).
  rawBodyMaxBytes: Number.MAX_SAFE_INTEGER,
  params: Strict({ id: Type.String({ maxLength: 100 }) }),
  query: SignedQuery,
  status: 204,
  response: null,
  errors: [403],
});

export const downloadFileBytes = declareOperation({
  method: 'GET',
  path: '/public/files/{id}',
  summary: "Download a file's bytes (signed URL)",
  description:
    'The url of GET /documents/{id}/download: the bytes with their content type, as an attachment (Content-Disposition with an RFC 6266 filename*). No bearer token; a URL that is altered, expired or not for this document, or whose document was deleted, answers 403.',
  tag: 'documents',
  access: 'public',
  params: Strict({ id: Type.String({ maxLength: 100 }) }),
  query: SignedQuery,
  status: 200,
  // The bytes, written by the handler with the document's own content_type: any media type.
  response: Type.Unsafe<unknown>({
    type: 'string',
    format: 'binary',
    description: "The file's bytes, with the content_type the document was created with as Content-Type.",
  }),
  responseMediaType: '*/*',
  errors: [403],
});
