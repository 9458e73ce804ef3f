import { sortDocuments, type SortSpec } from './bson-order';
import { cloneValue, decodeFields, FieldSelection, type Document } from './bson-values';
import type { CollectionStore, StoredDocument } from './collection-store';
import type { DecodedDocuments } from './decoded-documents';
import { ErrorCodes, serverError } from './errors';
import type { OrderedIndex } from './ordered-index';
import { compileFilter, filterFields } from './query-engine';
import { planQuery, type QueryPlan } from './query-planner';
import type { StagedWrite, TransactionState } from './transaction';

// Reads of one collection as a transaction (or, without one, everybody) sees it: the plan's
// documents or index keys, the transaction's staged writes, only the fields decoded that the
// filter and the caller read, then sorting and paging.

export interface FindRequest {
  readonly filter: Document;
  readonly sort?: SortSpec;
  readonly skip?: number;
  readonly limit?: number;
  // _id keys to leave out (documents an updateMany has already handled).
  readonly exclude?: ReadonlySet<string>;
  // Top-level fields the caller reads from the results (with _id); all when absent.
  readonly fields?: ReadonlySet<string>;
  // The index the plan must use (name or key pattern), as the server's `hint`.
  readonly hint?: Document | string;
}

export interface FindOutcome {
  // Private copies, decoded for this call.
  readonly documents: Document[];
  readonly plan: QueryPlan;
  readonly docsExamined: number;
  readonly keysExamined: number;
  // The documents were sorted in memory (no index gave the order).
  readonly sortedInMemory: boolean;
}

const NO_PLAN: QueryPlan = { stage: 'COLLSCAN', providesSort: true, exact: false };

// Matching documents as `transaction` sees them: its snapshot plus its own staged writes.
// `decoded` keeps whole documents decoded for reads of the same records again.
export function findDocuments(
  transaction: TransactionState | undefined,
  collection: CollectionStore | undefined,
  request: FindRequest,
  decoded: DecodedDocuments,
): FindOutcome {
  if (!collection) return { documents: [], plan: NO_PLAN, docsExamined: 0, keysExamined: 0, sortedInMemory: false };
  const sort = request.sort ?? [];
  const plan = planQuery(hintedIndexes(collection, request.hint), request.filter, sort);
  // Documents fetched by the keys of an exact _id condition meet it already: testing a long
  // `$in` list against every one of them cost more than the whole query.
  const residual = plan.stage === 'IDHACK' && plan.idExact ? withoutId(request.filter) : request.filter;
  const matcher = plan.exact ? undefined : compileFilter(residual);
  const snapshot = transaction?.snapshotSequence;
  const staged = transaction?.stagedFor(collection);
  const hasStaged = staged !== undefined && staged.size > 0;
  const sortedInMemory = sort.length > 0 && (!plan.providesSort || hasStaged);
  // When every key of the index range is a result (the bounds are the whole filter, in the
  // order asked for, with nothing staged, no older versions and no key twice), the keys a skip
  // passes over are counted off by rank instead of read one by one: a page at offset 100,000.
  const skipByRank =
    plan.stage === 'IXSCAN' &&
    indexKeysAreMatches(plan, staged, collection) &&
    !sortedInMemory &&
    !plan.index?.multikey &&
    !request.exclude?.size
      ? (request.skip ?? 0)
      : 0;
  const skip = (request.skip ?? 0) - skipByRank;
  const wanted = !sortedInMemory && request.limit ? skip + request.limit : Number.POSITIVE_INFINITY;
  const results: Document[] = [];
  let docsExamined = 0;
  let keysExamined = 0;
  // Decode what the filter reads to test it, then what the caller reads of a match.
  const wantedFields = request.fields
    ? new Set([...request.fields, ...sort.map(([path]) => path.split('.')[0])])
    : undefined;
  const testedFields = matcher ? filterFields(request.filter) : undefined;
  // _id only when asked for: a $group or a count does not need it decoded.
  const resultSelection = wantedFields
    ? new FieldSelection(testedFields ? [...wantedFields, ...testedFields] : wantedFields, false)
    : undefined;
  // Whole documents sorted in memory for a page (limit): only what the filter and the sort
  // read is decoded to choose the page, and only the page's documents are then decoded whole.
  const lateSelection =
    !resultSelection && sortedInMemory && request.limit && (!matcher || testedFields)
      ? new FieldSelection([...(testedFields ?? []), ...sort.map(([path]) => path.split('.')[0])], true)
      : undefined;
  const storedOf = lateSelection ? new Map<Document, StoredDocument>() : undefined;
  const filterSelection =
    !resultSelection && !lateSelection && testedFields ? new FieldSelection(testedFields, false) : undefined;
  const consider = (idKey: string, stored: StoredDocument): boolean => {
    if (request.exclude?.has(idKey)) return true;
    const bytes = stored.bytes as Buffer;
    docsExamined++;
    if (lateSelection) {
      const partial = decodeFields(bytes, lateSelection);
      if (!matcher || matcher.test(partial)) {
        results.push(partial);
        storedOf!.set(partial, stored);
      }
    } else if (!matcher) {
      results.push(resultSelection ? decodeFields(bytes, resultSelection) : decoded.copyOf(stored));
    } else if (resultSelection && testedFields) {
      // The selection holds the filter's fields too.
      const document = decodeFields(bytes, resultSelection);
      if (matcher.test(document)) results.push(document);
    } else if (filterSelection) {
      if (matcher.test(decodeFields(bytes, filterSelection))) results.push(decoded.copyOf(stored));
    } else {
      // The filter may read anything ($expr, $where): test the whole document.
      const document = decoded.copyOf(stored);
      if (matcher.test(document)) results.push(document);
    }
    return results.length < wanted;
  };
  if (plan.stage === 'IDHACK') {
    for (const idKey of plan.idKeys ?? []) {
      keysExamined++;
      if (staged?.has(idKey)) continue;
      const stored = collection.version(idKey, snapshot);
      if (stored && !consider(idKey, stored)) break;
    }
  } else if (plan.stage === 'IXSCAN' && plan.index && plan.intervals) {
    const index = plan.index;
    const seen = index.multikey ? new Set<string>() : undefined;
    const checkKeys = collection.retained.size > 0;
    const intervals = plan.reverse ? [...plan.intervals].reverse() : plan.intervals;
    let passOver = skipByRank;
    for (const interval of intervals) {
      const inInterval = passOver > 0 ? index.countRange(interval.start, interval.end) : 0;
      if (passOver > 0 && passOver >= inInterval) {
        passOver -= inInterval;
        continue;
      }
      const skipped = passOver;
      passOver = 0;
      const finished = index.walk(
        interval.start,
        interval.end,
        plan.reverse === true,
        (idKey, key) => {
          keysExamined++;
          if (staged?.has(idKey)) return true;
          const stored = collection.version(idKey, snapshot);
          if (!stored) return true;
          if (checkKeys && !collection.keyBelongsTo(index, key(), idKey, stored)) return true;
          if (seen) {
            if (seen.has(idKey)) return true;
            seen.add(idKey);
          }
          return consider(idKey, stored);
        },
        skipped,
      );
      if (!finished) break;
    }
  } else {
    for (const [idKey, stored] of collection.documents) {
      if (staged?.has(idKey)) continue;
      const version = snapshot === undefined ? stored : collection.version(idKey, snapshot);
      if (version && !version.isTombstone && !consider(idKey, version)) break;
    }
  }
  if (staged && staged.size > 0 && results.length < wanted) {
    // Staged documents are not in the indexes: always check them against the whole filter.
    // A lookup by _id looks only at those ids, and those found meet an exact _id condition
    // already, as stored ones do: testing every staged document (or a long `$in` against each)
    // made a transaction's reads of its own writes quadratic.
    const byId = plan.stage === 'IDHACK';
    const stagedMatcher =
      byId && plan.idExact ? matcher : matcher && residual === request.filter ? matcher : compileFilter(request.filter);
    const candidates: Iterable<[string, StagedWrite | undefined]> = byId
      ? (plan.idKeys ?? []).map((idKey) => [idKey, staged.get(idKey)])
      : staged;
    for (const [idKey, write] of candidates) {
      if (!write?.doc || request.exclude?.has(idKey)) continue;
      docsExamined++;
      if (!stagedMatcher || stagedMatcher.test(write.doc)) results.push(cloneValue(write.doc));
      if (results.length >= wanted) break;
    }
  }
  collection.counters.docsExamined += docsExamined;
  collection.counters.keysExamined += keysExamined;
  if (plan.stage === 'COLLSCAN') collection.counters.collectionScans++;
  else collection.counters.indexLookups++;
  let documents = sortedInMemory ? sortDocuments(results, sort) : results;
  if (skip > 0 || request.limit) {
    documents = documents.slice(skip, request.limit ? skip + request.limit : undefined);
  }
  if (storedOf) {
    // Staged documents were copied whole; the others are decoded whole now.
    documents = documents.map((document) => {
      const stored = storedOf.get(document);
      return stored ? decoded.copyOf(stored) : document;
    });
  }
  return { documents, plan, docsExamined, keysExamined, sortedInMemory };
}

// Counts matching documents; when the index bounds say exactly what the filter says, by
// counting keys without reading documents.
export function countDocuments(
  transaction: TransactionState | undefined,
  collection: CollectionStore | undefined,
  request: FindRequest,
  decoded: DecodedDocuments,
): number {
  if (!collection) return 0;
  const plan = planQuery(collection.allIndexes(), request.filter, []);
  const staged = transaction?.stagedFor(collection);
  const covered = indexKeysAreMatches(plan, staged, collection) && plan.index && plan.intervals;
  if (!covered || !plan.index || !plan.intervals) {
    return findDocuments(transaction, collection, { ...request, fields: new Set() }, decoded).documents.length;
  }
  const skip = request.skip ?? 0;
  const limit = request.limit ? request.limit : Number.POSITIVE_INFINITY;
  let keys = 0;
  if (skip === 0 && limit === Number.POSITIVE_INFINITY) {
    const index = plan.index;
    keys = plan.intervals.reduce((sum, interval) => sum + index.countRange(interval.start, interval.end), 0);
    collection.counters.keysExamined += keys;
    collection.counters.indexLookups++;
    return keys;
  }
  for (const interval of plan.intervals) {
    const finished = plan.index.walk(interval.start, interval.end, false, () => {
      keys++;
      return keys < skip + limit;
    });
    if (!finished) break;
  }
  collection.counters.keysExamined += keys;
  collection.counters.indexLookups++;
  return Math.max(0, Math.min(keys, skip + limit) - skip);
}

// Every key the plan's index bounds hold is a matching document, as this transaction sees it:
// the bounds say the whole filter, nothing is staged, and no older version is kept.
function indexKeysAreMatches(
  plan: QueryPlan,
  staged: Map<string, StagedWrite> | undefined,
  collection: CollectionStore,
): boolean {
  return plan.exact && !(staged && staged.size > 0) && collection.retained.size === 0;
}

// A filter without its top-level _id condition.
function withoutId(filter: Document): Document {
  const { _id: _ignored, ...rest } = filter;
  return rest;
}

// The indexes a plan may use: the hinted one alone when there is a hint (an unknown hint is the
// server's BadValue error).
function hintedIndexes(collection: CollectionStore, hint: Document | string | undefined): OrderedIndex[] {
  const indexes = collection.allIndexes();
  if (hint === undefined) return indexes;
  const wanted =
    typeof hint === 'string'
      ? indexes.find((index) => index.name === hint)
      : indexes.find((index) => sameKeyPattern(index.keyPattern, hint));
  if (!wanted)
    throw serverError(ErrorCodes.BadValue, 'BadValue', 'hint provided does not correspond to an existing index');
  return [wanted];
}

function sameKeyPattern(a: Document, b: Document): boolean {
  const left = Object.entries(a);
  const right = Object.entries(b);
  return (
    left.length === right.length &&
    left.every(([field, direction], position) => right[position][0] === field && right[position][1] === direction)
  );
}
