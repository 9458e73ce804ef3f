// documents' own error codes and the status of each (docs/errors.md says when each is answered).
export const DOCUMENTS_ERRORS = {
  file_too_large: 413,
  storage_quota_exceeded: 409,
  upload_incomplete: 409,
  document_not_ready: 409,
} as const;
