import { Type } from '@sinclair/typebox';
import { defineEvent, type ErasureRule, type PayloadOf } from './event-contract';
import { ERASED_TEXT, namesContact } from './erasure';

// documents' facts about a file on a company or contact. Each payload is the document's full
// public state (Document in the contract) and its version. Never a signed URL: an upload or
// download link is a capability and stays with the caller it was made for.

const nullableString = () => Type.Union([Type.String(), Type.Null()]);

const documentState = {
  document_id: Type.String(),
  target_type: Type.String({ description: 'company or contact' }),
  target_id: Type.String(),
  name: Type.String(),
  content_type: Type.String(),
  size_bytes: Type.Integer({ minimum: 0 }),
  status: Type.String({ description: 'pending (created, bytes not confirmed) or ready (completed: on the record)' }),
  uploaded_by: Type.String({ description: 'The member (or API key) that created the document.' }),
  uploaded_by_name: Type.Optional(nullableString()),
  checksum_sha256: Type.Union([Type.String(), Type.Null()], {
    description: 'Hex SHA-256 of the bytes, once they arrived.',
  }),
  created_at: Type.String(),
  completed_at: nullableString(),
};

const document = { entity: 'document', idField: 'document_id' };

// A file on the erased contact is deleted with its bytes; its name may name the person.
const erasesFileName: ErasureRule = (data, contactId) =>
  data.target_type === 'contact' && namesContact(data.target_id, contactId) ? { ...data, name: ERASED_TEXT } : null;

export const documentCreated = defineEvent({
  type: 'documents.document.created',
  description: 'A document was created (status pending) and its upload URL handed out; the bytes are not there yet.',
  record: document,
  erasure: erasesFileName,
  payload: documentState,
});

export const documentCompleted = defineEvent({
  type: 'documents.document.completed',
  description:
    'The bytes of a document arrived and it was completed (status ready): the file now appears on its record.',
  record: document,
  erasure: erasesFileName,
  payload: documentState,
});

export const documentMoved = defineEvent({
  type: 'documents.document.moved',
  description:
    'A document followed its record into the survivor of a merge (target_id changed from previous_target_id).',
  record: document,
  erasure: erasesFileName,
  payload: { ...documentState, previous_target_id: Type.String() },
});

export const documentDeleted = defineEvent({
  type: 'documents.document.deleted',
  description:
    'A document was deleted and its bytes removed from storage: by DELETE, because its record was purged or erased, or because its upload was never completed (reason). The payload is its last state with the next version.',
  record: { ...document, deletes: true },
  erasure: erasesFileName,
  payload: {
    ...documentState,
    reason: Type.String({ description: 'deleted, record_purged, record_erased or upload_expired' }),
  },
});

export const DOCUMENTS_EVENT_CONTRACTS = [documentCreated, documentCompleted, documentMoved, documentDeleted] as const;

export type DocumentCreatedData = PayloadOf<typeof documentCreated>;
export type DocumentCompletedData = PayloadOf<typeof documentCompleted>;
export type DocumentMovedData = PayloadOf<typeof documentMoved>;
export type DocumentDeletedData = PayloadOf<typeof documentDeleted>;

export const DOCUMENTS_EVENTS_TYPES = {
  documentCreated: documentCreated.type,
  documentCompleted: documentCompleted.type,
  documentMoved: documentMoved.type,
  documentDeleted: documentDeleted.type,
} as const;
