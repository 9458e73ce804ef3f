import { canonicalKey, isPlainObject, type Document } from './bson-values';
import { SecondaryIndex } from './index-set';
import { isOperatorObject } from './query-engine';

// Committed state of one collection: documents by _id key plus secondary indexes.
// Stored documents are never mutated in place; an update stores a new object, so snapshots and
// readers can hold references safely.

export class StoredDocument {
  constructor(
    readonly doc: Document,
    readonly version: number,
  ) {}
}

export interface ExecutionCounters {
  docsExamined: number;
  keysExamined: number;
  indexLookups: number;
  collectionScans: number;
}

export type PlanStage = 'IDHACK' | 'IXSCAN' | 'COLLSCAN';

export interface QueryPlan {
  readonly stage: PlanStage;
  readonly indexName?: string;
  // _id keys to examine; absent for a collection scan.
  readonly candidates?: Set<string>;
}

export const ID_INDEX_SPEC: Document = { v: 2, key: { _id: 1 }, name: '_id_' };

// Above this many key combinations an $in lookup is not worth it.
const MAX_LOOKUP_COMBINATIONS = 1000;

export class CollectionStore {
  readonly documents = new Map<string, StoredDocument>();
  readonly indexes = new Map<string, SecondaryIndex>();
  readonly counters: ExecutionCounters = { docsExamined: 0, keysExamined: 0, indexLookups: 0, collectionScans: 0 };

  constructor(
    readonly dbName: string,
    readonly name: string,
    public options: Document = {},
  ) {}

  get namespace(): string {
    return `${this.dbName}.${this.name}`;
  }

  get size(): number {
    return this.documents.size;
  }

  get(idKey: string): StoredDocument | undefined {
    return this.documents.get(idKey);
  }

  put(document: Document, version: number): void {
    const idKey = canonicalKey(document._id);
    const previous = this.documents.get(idKey);
    if (previous) for (const index of this.indexes.values()) index.remove(idKey, previous.doc);
    this.documents.set(idKey, new StoredDocument(document, version));
    for (const index of this.indexes.values()) index.add(idKey, document);
  }

  delete(idKey: string): void {
    const previous = this.documents.get(idKey);
    if (!previous) return;
    for (const index of this.indexes.values()) index.remove(idKey, previous.doc);
    this.documents.delete(idKey);
  }

  addIndex(spec: Document): SecondaryIndex {
    const index = new SecondaryIndex(spec);
    for (const [idKey, stored] of this.documents) index.add(idKey, stored.doc);
    this.indexes.set(index.name, index);
    return index;
  }

  dropIndex(name: string): boolean {
    return this.indexes.delete(name);
  }

  indexSpecs(): Document[] {
    return [ID_INDEX_SPEC, ...[...this.indexes.values()].map((index) => index.spec)];
  }

  clear(): void {
    this.documents.clear();
    for (const index of this.indexes.values()) index.clear();
  }

  // Picks _id or the secondary index with the longest prefix of equality conditions.
  plan(filter: Document | undefined): QueryPlan {
    const constraints = filter ? equalityConstraints(filter) : new Map<string, string[]>();
    const idKeys = constraints.get('_id');
    if (idKeys) {
      this.counters.indexLookups++;
      this.counters.keysExamined += idKeys.length;
      return { stage: 'IDHACK', indexName: '_id_', candidates: new Set(idKeys.filter((key) => this.documents.has(key))) };
    }
    let best: { index: SecondaryIndex; prefix: string[][] } | undefined;
    for (const index of this.indexes.values()) {
      if (!index.lookupCapable || index.partial) continue;
      const prefix: string[][] = [];
      for (const field of index.fields) {
        const keys = constraints.get(field);
        if (!keys) break;
        // A sparse index has no entry for a missing field, so it cannot answer `field: null`.
        if (index.sparse && keys.includes('z')) break;
        prefix.push(keys);
      }
      if (prefix.length === 0) continue;
      const better =
        !best ||
        prefix.length > best.prefix.length ||
        (prefix.length === best.prefix.length && index.unique && !best.index.unique);
      if (better) best = { index, prefix };
    }
    if (best) {
      const combinations = cartesian(best.prefix);
      if (combinations) {
        const candidates = new Set<string>();
        for (const combination of combinations) best.index.lookup(combination, candidates);
        this.counters.indexLookups++;
        this.counters.keysExamined += candidates.size;
        return { stage: 'IXSCAN', indexName: best.index.name, candidates };
      }
    }
    this.counters.collectionScans++;
    return { stage: 'COLLSCAN' };
  }
}

function cartesian(lists: string[][]): string[][] | undefined {
  let combinations: string[][] = [[]];
  for (const list of lists) {
    const next: string[][] = [];
    for (const combination of combinations) for (const key of list) next.push([...combination, key]);
    if (next.length > MAX_LOOKUP_COMBINATIONS) return undefined;
    combinations = next;
  }
  return combinations;
}

function lookupKey(value: unknown): string | undefined {
  // Arrays match by element or as a whole and regular expressions by pattern: neither is a
  // single index key.
  if (Array.isArray(value) || value instanceof RegExp) return undefined;
  if (isPlainObject(value) && Object.keys(value).some((key) => key.startsWith('$'))) return undefined;
  return canonicalKey(value);
}

// Field -> index keys any matching document must have, from top-level equality, $eq and $in
// conditions (also inside $and). Everything else is left to the full filter.
export function equalityConstraints(filter: Document): Map<string, string[]> {
  const constraints = new Map<string, string[]>();
  const add = (field: string, keys: string[]): void => {
    const existing = constraints.get(field);
    constraints.set(field, existing ? existing.filter((key) => keys.includes(key)) : keys);
  };
  const visit = (clause: Document): void => {
    for (const [field, condition] of Object.entries(clause)) {
      if (field === '$and' && Array.isArray(condition)) {
        for (const part of condition) if (isPlainObject(part)) visit(part);
        continue;
      }
      if (field.startsWith('$')) continue;
      if (isOperatorObject(condition)) {
        if ('$eq' in condition) {
          const key = lookupKey(condition.$eq);
          if (key !== undefined) add(field, [key]);
        }
        if (Array.isArray(condition.$in)) {
          const keys = condition.$in.map(lookupKey);
          if (keys.every((key): key is string => key !== undefined)) add(field, [...new Set(keys)]);
        }
        continue;
      }
      const key = lookupKey(condition);
      if (key !== undefined) add(field, [key]);
    }
  };
  visit(filter);
  return constraints;
}
