import { mongo } from 'mongoose';
import { normalizeSort, valuesEqual, type SortSpec } from './bson-order';
import {
  canonicalKey,
  cloneValue,
  deserializeDocument,
  MAX_BSON_SIZE,
  normalizeDocument,
  serializeDocument,
  type Document,
  type NormalizedDocument,
} from './bson-values';
import type { CollectionStore } from './collection-store';
import { ErrorCodes, serverError } from './errors';
import { applyUpdate, upsertSeed } from './query-engine';
import type { Writer } from './store';

// Single-statement write semantics shared by the collection methods and bulkWrite. Each function
// runs synchronously inside Store.runWrite; `progress` survives a restart after a lock wait, so a
// multi-document statement never applies twice to the same document.

export interface UpdateStatement {
  readonly filter: Document;
  // Operators, a pipeline, or (for replace) a whole document.
  readonly update: Document | Document[];
  readonly replacement: boolean;
  readonly multi: boolean;
  readonly upsert: boolean;
  readonly arrayFilters?: Document[];
  readonly sort?: SortSpec;
}

export interface UpdateProgress {
  matched: number;
  modified: number;
  upsertedId?: unknown;
  readonly processed: Set<string>;
}

export function newUpdateProgress(): UpdateProgress {
  return { matched: 0, modified: 0, processed: new Set() };
}

export interface UpdateOutcome {
  readonly before: Document | undefined;
  readonly after: Document | undefined;
}

function immutableIdError(): mongo.MongoServerError {
  return serverError(
    ErrorCodes.ImmutableField,
    'ImmutableField',
    "Performing an update on the path '_id' would modify the immutable field '_id'",
  );
}

// The stored form of an updated document: what the journal holds and a replay reproduces.
function storedForm(document: Document): NormalizedDocument {
  const bytes = serializeDocument(document);
  if (bytes.length > MAX_BSON_SIZE) {
    throw serverError(10334, 'BSONObjectTooLarge', `Resulting document after update is larger than ${MAX_BSON_SIZE}`);
  }
  return { doc: deserializeDocument(bytes), bytes };
}

// The document a statement turns `before` into.
export function updatedDocument(before: Document, statement: UpdateStatement): Document {
  if (statement.replacement) {
    const replacement = statement.update as Document;
    if (replacement._id !== undefined && !valuesEqual(replacement._id, before._id)) throw immutableIdError();
    const { _id: _ignored, ...fields } = replacement;
    return { _id: before._id as unknown, ...cloneValue(fields) };
  }
  const after = applyUpdate(before, statement.update, {
    filter: statement.filter,
    arrayFilters: statement.arrayFilters,
    isInsert: false,
  });
  if (!valuesEqual(after._id, before._id)) throw immutableIdError();
  return after;
}

// The document an upsert inserts: equality fields of the filter, then the update.
export function upsertDocument(statement: UpdateStatement): Document {
  const seed = upsertSeed(statement.filter);
  let document: Document;
  if (statement.replacement) {
    const replacement = cloneValue(statement.update as Document);
    document =
      seed._id !== undefined && replacement._id === undefined
        ? { _id: seed._id as unknown, ...replacement }
        : replacement;
  } else {
    document = applyUpdate(seed, statement.update, {
      filter: statement.filter,
      arrayFilters: statement.arrayFilters,
      isInsert: true,
    });
  }
  // MongoDB stores _id first, generated when neither the filter nor the update gives one.
  if (document._id === undefined) return { _id: new mongo.ObjectId(), ...document };
  return Object.keys(document)[0] === '_id' ? document : { _id: document._id as unknown, ...document };
}

export function runUpdate(
  writer: Writer,
  collection: CollectionStore,
  statement: UpdateStatement,
  progress: UpdateProgress,
): UpdateOutcome {
  const { documents } = writer.find(collection, {
    filter: statement.filter,
    sort: statement.sort,
    limit: statement.multi ? 0 : 1,
    exclude: progress.processed,
  });
  if (!statement.multi && progress.processed.size > 0) return { before: undefined, after: undefined };
  let first: UpdateOutcome = { before: undefined, after: undefined };
  for (const before of documents) {
    const updated = updatedDocument(before, statement);
    const changed = !valuesEqual(before, updated);
    const after = changed ? storedForm(updated) : undefined;
    if (after) writer.replace(collection, before, after.doc, after.bytes);
    progress.processed.add(canonicalKey(before._id));
    progress.matched++;
    if (changed) progress.modified++;
    if (first.before === undefined) first = { before, after: after ? after.doc : before };
  }
  if (progress.matched === 0 && statement.upsert && progress.upsertedId === undefined) {
    const inserted = normalizeDocument(upsertDocument(statement));
    writer.insert(collection, inserted);
    progress.upsertedId = inserted.doc._id;
    return { before: undefined, after: inserted.doc };
  }
  return first;
}

export interface DeleteProgress {
  deleted: number;
}

export function runDelete(
  writer: Writer,
  collection: CollectionStore | undefined,
  filter: Document,
  multi: boolean,
  progress: DeleteProgress,
  sort?: unknown,
): Document | undefined {
  if (!collection) return undefined;
  if (!multi && progress.deleted > 0) return undefined;
  const { documents } = writer.find(collection, { filter, sort: normalizeSort(sort), limit: multi ? 0 : 1 });
  let first: Document | undefined;
  for (const before of documents) {
    writer.remove(collection, before);
    progress.deleted++;
    first ??= before;
  }
  return first;
}
