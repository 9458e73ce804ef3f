import { canonicalKey, isPlainObject, valuesAtPath, type Document } from './bson-values';
import { compileFilter, type Matcher } from './query-engine';

// One secondary index: nested hash maps, one level per indexed field. A leaf holds the _id key of
// the one document with that key (the usual case, and the only one for unique indexes) or a set
// of them. Equality and $in lookups on a prefix of the fields walk the maps instead of the
// collection.

type Leaf = string | Set<string>;
type IndexNode = Map<string, IndexNode | Leaf>;

export interface IndexEntry {
  readonly keys: string[];
  readonly values: unknown[];
}

// Caps the keys one document contributes when several indexed fields hold arrays.
const MAX_KEYS_PER_DOCUMENT = 10_000;

export function defaultIndexName(key: Document): string {
  return Object.entries(key)
    .map(([field, direction]) => `${field}_${String(direction)}`)
    .join('_');
}

export function isHashableIndexKey(key: Document): boolean {
  return Object.values(key).every((direction) => direction === 1 || direction === -1);
}

export class SecondaryIndex {
  readonly name: string;
  readonly fields: string[];
  readonly unique: boolean;
  readonly sparse: boolean;
  readonly partial: boolean;
  // Text, geo and hashed indexes are kept as definitions only: nothing is looked up through them.
  readonly lookupCapable: boolean;
  private readonly partialFilter: Matcher | undefined;
  private readonly root: IndexNode = new Map();

  constructor(readonly spec: Document) {
    const key = spec.key as Document;
    this.name = String(spec.name);
    this.fields = Object.keys(key);
    this.lookupCapable = isHashableIndexKey(key);
    this.unique = spec.unique === true && this.lookupCapable;
    this.sparse = spec.sparse === true;
    this.partial = isPlainObject(spec.partialFilterExpression);
    this.partialFilter = this.partial ? compileFilter(spec.partialFilterExpression as Document) : undefined;
  }

  get keyPattern(): Document {
    return this.spec.key as Document;
  }

  // The index entries of a document, or none when sparse/partial rules leave it out.
  entriesFor(document: Document): IndexEntry[] {
    if (!this.lookupCapable) return [];
    if (this.partialFilter && !this.partialFilter.test(document)) return [];
    const perField: Array<Array<{ key: string; value: unknown }>> = [];
    let anyPresent = false;
    for (const field of this.fields) {
      const seen = new Map<string, unknown>();
      for (const value of valuesAtPath(document, field)) {
        if (value !== undefined) anyPresent = true;
        const key = canonicalKey(value);
        if (!seen.has(key)) seen.set(key, value === undefined ? null : value);
      }
      perField.push([...seen].map(([key, value]) => ({ key, value })));
    }
    if (this.sparse && !anyPresent) return [];
    let entries: IndexEntry[] = [{ keys: [], values: [] }];
    for (const options of perField) {
      const next: IndexEntry[] = [];
      for (const entry of entries) {
        for (const option of options) {
          next.push({ keys: [...entry.keys, option.key], values: [...entry.values, option.value] });
          if (next.length > MAX_KEYS_PER_DOCUMENT) break;
        }
      }
      entries = next;
    }
    return entries;
  }

  add(idKey: string, document: Document): void {
    for (const entry of this.entriesFor(document)) {
      let node = this.root;
      for (let level = 0; level < entry.keys.length - 1; level++) {
        const key = entry.keys[level] as string;
        let child = node.get(key) as IndexNode | undefined;
        if (!child) {
          child = new Map();
          node.set(key, child);
        }
        node = child;
      }
      const leafKey = entry.keys[entry.keys.length - 1] as string;
      const leaf = node.get(leafKey) as Leaf | undefined;
      if (leaf === undefined || leaf === idKey) node.set(leafKey, idKey);
      else if (typeof leaf === 'string') node.set(leafKey, new Set([leaf, idKey]));
      else leaf.add(idKey);
    }
  }

  remove(idKey: string, document: Document): void {
    for (const entry of this.entriesFor(document)) this.removeEntry(this.root, entry.keys, 0, idKey);
  }

  private removeEntry(node: IndexNode, keys: string[], level: number, idKey: string): void {
    const key = keys[level] as string;
    const child = node.get(key);
    if (child === undefined) return;
    if (typeof child === 'string') {
      if (child === idKey) node.delete(key);
      return;
    }
    if (child instanceof Set) {
      child.delete(idKey);
      if (child.size === 1) node.set(key, child.values().next().value as string);
      return;
    }
    this.removeEntry(child, keys, level + 1, idKey);
    if (child.size === 0) node.delete(key);
  }

  // _id keys stored under a full key or a key prefix.
  lookup(prefix: string[], into: Set<string>): void {
    let node: IndexNode | Leaf | undefined = this.root;
    for (const key of prefix) {
      if (node === undefined || !(node instanceof Map)) return;
      node = node.get(key);
    }
    if (node !== undefined) collectIds(node, into);
  }

  clear(): void {
    this.root.clear();
  }
}

function collectIds(node: IndexNode | Leaf, into: Set<string>): void {
  if (typeof node === 'string') {
    into.add(node);
    return;
  }
  if (node instanceof Set) {
    for (const id of node) into.add(id);
    return;
  }
  for (const child of node.values()) collectIds(child, into);
}

export function entryLockKey(index: SecondaryIndex, entry: IndexEntry): string {
  return index.name + '\u0000' + entry.keys.join('\u0001');
}

export function keyValueOf(index: SecondaryIndex, entry: IndexEntry): Document {
  const keyValue: Document = {};
  index.fields.forEach((field, position) => {
    keyValue[field] = entry.values[position];
  });
  return keyValue;
}
