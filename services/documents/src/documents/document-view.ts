import type { DocumentCreatedData } from '@crm/protos';
import type { DocumentRecord } from './document.model';
import type { DocumentView } from './document.operations';

// Document as the contract shows it.
export function documentView(record: DocumentRecord): DocumentView {
  return {
    id: record._id,
    target_type: record.target_type,
    target_id: record.target_id,
    name: record.name,
    content_type: record.content_type,
    size_bytes: record.size_bytes,
    status: record.status,
    uploaded_by: record.uploaded_by,
    uploaded_by_name: record.uploaded_by_name,
    created_at: record.created_at,
  };
}

// The document's public state in its events (never a URL, never the storage key).
export function documentState(record: DocumentRecord): DocumentCreatedData {
  return {
    document_id: record._id,
    target_type: record.target_type,
    target_id: record.target_id,
    name: record.name,
    content_type: record.content_type,
    size_bytes: record.size_bytes,
    status: record.status,
    uploaded_by: record.uploaded_by,
    uploaded_by_name: record.uploaded_by_name,
    checksum_sha256: record.status === 'ready' ? record.checksum_sha256 : null,
    created_at: record.created_at,
    completed_at: record.completed_at,
    version: record.version,
  };
}
