import { declareOperation, Strict, Type } from '@crm/kit';

const ExportLinkQuery = Strict({
  workspace_id: Type.Optional(Type.String({ maxLength: 100 })),
  expires: Type.Optional(Type.String({ maxLength: 20 })),
  signature: Type.Optional(Type.String({ maxLength: 100 })),
});

export const downloadExportBytes = declareOperation({
  method: 'GET',
  path: '/public/files/exports/{id}',
  summary: 'Download a workspace export (signed URL)',
  description:
    'The url of POST /export: the ZIP, as an attachment named by file_name, for 10 minutes. No bearer token (the URL is the capability); a URL that is altered, expired or whose export was removed answers 403.',
  tag: 'documents',
  access: 'public',
  params: Strict({ id: Type.String({ maxLength: 100 }) }),
  query: ExportLinkQuery,
  status: 200,
  // The bytes, written by the handler.
  response: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }),
  responseMediaType: 'application/zip',
  errors: [403],
});
