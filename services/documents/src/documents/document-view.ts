import type { DocumentCreatedData } from '@crm/protos';
import { pickFields } from '@crm/kit';
import type { DocumentRecord } from './document.model';
import type { DocumentView } from './document.operations';

// What the contract's Document and the events both show, in their order.
const DOCUMENT_FIELDS = [
  'target_type',
  'target_id',
  'name',
  'content_type',
  'size_bytes',
  'status',
  'uploaded_by',
  'uploaded_by_name',
] as const;

// Document as the contract shows it.
export function documentView(record: DocumentRecord): DocumentView {
  return { id: record._id, ...pickFields(record, DOCUMENT_FIELDS), created_at: record.created_at };
}

// The document's public state in its events (never a URL, never the storage key).
export function documentState(record: DocumentRecord): DocumentCreatedData {
  return {
    document_id: record._id,
    ...pickFields(record, DOCUMENT_FIELDS),
    checksum_sha256: record.status === 'ready' ? record.checksum_sha256 : null,
    created_at: record.created_at,
    completed_at: record.completed_at,
    version: record.version,
  };
}
