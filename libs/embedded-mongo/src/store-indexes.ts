import { deserializeDocument, isPlainObject, serializeDocument, type Document } from './bson-values';
import { parseCollation } from './collation';
import type { CollectionStore } from './collection-store';
import { duplicateKeyError, ErrorCodes, serverError } from './errors';
import { defaultIndexName, encodeId, keyValueOf, OrderedIndex } from './ordered-index';

// What createIndex checks before an index is made, as the server checks it: the name and key
// against the existing indexes, the options it can honour, and the documents against a unique
// index.

// The index a createIndex asks for: its name, and the complete spec to create, or none when an
// index with that name, key and options exists already (or it is the _id index).
export function requestedIndex(collection: CollectionStore, spec: Document): { name: string; create?: Document } {
  const key = spec.key as Document;
  const indexName = String(spec.name ?? defaultIndexName(key));
  if (indexName === '_id_' || (Object.keys(key).length === 1 && key._id !== undefined)) return { name: '_id_' };
  const complete: Document = { v: 2, ...spec, key, name: indexName };
  const existing = collection.indexes.get(indexName);
  if (existing) {
    if (serializeDocument(existing.keyPattern).equals(serializeDocument(key))) {
      if (sameIndexOptions(existing.spec, complete)) return { name: indexName };
      throw serverError(
        ErrorCodes.IndexOptionsConflict,
        'IndexOptionsConflict',
        `An existing index has the same name as the requested index but different options. Requested index: ${JSON.stringify(complete)}, existing index: ${JSON.stringify(existing.spec)}`,
      );
    }
    throw serverError(
      ErrorCodes.IndexKeySpecsConflict,
      'IndexKeySpecsConflict',
      `An existing index has the same name as the requested index but a different key. Requested index: ${JSON.stringify(complete)}`,
    );
  }
  for (const other of collection.indexes.values()) {
    if (serializeDocument(other.keyPattern).equals(serializeDocument(key)) && sameIndexOptions(other.spec, complete)) {
      throw serverError(
        ErrorCodes.IndexOptionsConflict,
        'IndexOptionsConflict',
        `Index already exists with a different name: ${other.name}`,
      );
    }
  }
  if (complete.collation !== undefined) {
    // Refuses collations it cannot honour; stores the normalised form it enforces.
    const collation = parseCollation(complete.collation);
    if (collation) complete.collation = collation.spec;
    else delete complete.collation;
  }
  if (complete.expireAfterSeconds !== undefined) validateTtl(complete);
  const candidate = new OrderedIndex(complete);
  if (candidate.unique) assertNoDuplicates(collection, candidate);
  return { name: indexName, create: complete };
}

function assertNoDuplicates(collection: CollectionStore, index: OrderedIndex): void {
  for (const [idKey, bytes] of collection.liveDocuments()) {
    const document = deserializeDocument(bytes);
    for (const entry of index.entriesFor(document)) {
      if (index.holders(entry.key).length > 0) {
        throw duplicateKeyError(collection.namespace, index.name, index.keyPattern, keyValueOf(index, entry));
      }
    }
    index.add(idKey, encodeId(document._id), document);
  }
}

// TTL indexes as MongoDB accepts them: one field, a whole number of seconds.
function validateTtl(spec: Document): void {
  const seconds: unknown = spec.expireAfterSeconds;
  if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > 2147483647) {
    throw serverError(
      67,
      'CannotCreateIndex',
      "TTL index 'expireAfterSeconds' option must be within an acceptable range, try a lower number",
    );
  }
  if (Object.keys(spec.key as Document).length !== 1) {
    throw serverError(
      67,
      'CannotCreateIndex',
      'TTL indexes are single-field indexes, compound indexes do not support TTL',
    );
  }
}

function sameIndexOptions(a: Document, b: Document): boolean {
  const significant = ['unique', 'sparse', 'partialFilterExpression', 'expireAfterSeconds', 'collation', 'weights'];
  return significant.every((option) => {
    const left: unknown = a[option];
    const right: unknown = b[option];
    if (option === 'unique' || option === 'sparse') return Boolean(left) === Boolean(right);
    if (left === undefined || right === undefined) return left === right;
    if (isPlainObject(left) && isPlainObject(right)) return serializeDocument(left).equals(serializeDocument(right));
    return left === right;
  });
}
