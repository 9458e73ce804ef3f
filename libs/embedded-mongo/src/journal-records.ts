import { deserializeDocument, serializeDocument, type Document } from './bson-values';

// The operations a journal record (or snapshot frame) carries. Writes are logged as their result
// (the document after the change, or a delete), so replay is deterministic and idempotent.
export type JournalOperation =
  // A stored document as an object, its BSON bytes, or both (the same document).
  | {
      readonly kind: 'put';
      readonly db: string;
      readonly collection: string;
      readonly doc?: Document;
      readonly bytes?: Buffer;
    }
  | { readonly kind: 'delete'; readonly db: string; readonly collection: string; readonly id: unknown }
  | { readonly kind: 'createCollection'; readonly db: string; readonly collection: string; readonly options: Document }
  | { readonly kind: 'dropCollection'; readonly db: string; readonly collection: string }
  | { readonly kind: 'createIndex'; readonly db: string; readonly collection: string; readonly spec: Document }
  | { readonly kind: 'dropIndex'; readonly db: string; readonly collection: string; readonly name: string }
  | { readonly kind: 'dropDatabase'; readonly db: string }
  | {
      readonly kind: 'renameCollection';
      readonly db: string;
      readonly collection: string;
      readonly toDb: string;
      readonly toCollection: string;
    }
  | { readonly kind: 'snapshotHeader'; readonly format: number; readonly generation: number }
  | { readonly kind: 'snapshotEnd'; readonly documents: number }
  // Snapshot only: a run of an index's keys in order, so opening loads the index instead of
  // decoding every document to rebuild it. `entries` holds [u32 length][key, latin1]
  // [u32 length][_id key, UTF-8] per entry.
  | {
      readonly kind: 'indexKeys';
      readonly db: string;
      readonly collection: string;
      readonly name: string;
      readonly multikey: boolean;
      readonly entries: Buffer | { readonly buffer: Uint8Array };
    };

// A record is a sequence of BSON documents: one header per operation, followed by the stored
// document for a put (so an insert's bytes are reused as they are).
export function encodeRecord(operations: readonly JournalOperation[]): Buffer {
  return Buffer.concat(encodeRecordParts(operations));
}

// The record as its BSON documents, each stored document's bytes as they are.
export function encodeRecordParts(operations: readonly JournalOperation[]): Buffer[] {
  const parts: Buffer[] = [];
  for (const operation of operations) {
    if (operation.kind === 'put') {
      parts.push(serializeDocument({ kind: 'put', db: operation.db, collection: operation.collection }));
      parts.push(operation.bytes ?? serializeDocument(operation.doc as Document));
    } else {
      parts.push(serializeDocument(operation));
    }
  }
  return parts;
}

// `raw`: stored documents stay BSON bytes (views into `payload`), as the store keeps them.
export function decodeRecord(payload: Buffer, raw = false): JournalOperation[] {
  const operations: JournalOperation[] = [];
  let offset = 0;
  const nextBytes = (): Buffer => {
    if (payload.length - offset < 5) throw new Error('truncated journal record');
    const length = payload.readInt32LE(offset);
    if (length < 5 || offset + length > payload.length) throw new Error('truncated journal record');
    const bytes = payload.subarray(offset, offset + length);
    offset += length;
    return bytes;
  };
  const next = (): Document => deserializeDocument(nextBytes());
  // Consecutive puts into one collection repeat the same header: decode it once.
  let lastHeaderBytes: Buffer | undefined;
  let lastHeader: Document | undefined;
  while (offset < payload.length) {
    const headerBytes = nextBytes();
    let header: Document;
    if (lastHeader && lastHeaderBytes && lastHeaderBytes.equals(headerBytes)) header = lastHeader;
    else {
      header = deserializeDocument(headerBytes);
      lastHeader = header;
      lastHeaderBytes = headerBytes;
    }
    if (header.kind === 'put') {
      const db = String(header.db);
      const collection = String(header.collection);
      operations.push(
        raw ? { kind: 'put', db, collection, bytes: nextBytes() } : { kind: 'put', db, collection, doc: next() },
      );
    } else {
      operations.push(header as JournalOperation);
    }
  }
  return operations;
}
