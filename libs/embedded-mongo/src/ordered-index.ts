import { isPlainObject, valuesAtPath, type Document } from './bson-values';
import { parseCollation, type Collation } from './collation';
import { AFTER_PREFIX, EMPTY_ARRAY_KEY, complement, encodeForDirection, encodeValue, keyParts } from './key-encoding';
import { PackedTree, PackedTreeBuilder } from './packed-tree';
import { compileFilter, type Matcher } from './query-engine';

// One index as an ordered set of keys (a B+ tree of encoded keys, see key-encoding.ts and
// packed-tree.ts): every key is the encoded values of the indexed fields followed by the encoded
// _id, so equal values are ordered by _id and one document per key. An index whose fields hold
// the _id (the _id index, and lists ordered by a field then _id) has it in its values already: its
// keys are the values alone, a third to a half shorter. The tree maps a key to the document's _id
// key.

export interface IndexEntry {
  // Encoded values of the indexed fields, without the _id.
  readonly key: string;
  readonly values: unknown[];
}

// Caps the keys one document contributes when several indexed fields hold arrays.
const MAX_KEYS_PER_DOCUMENT = 10_000;

const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function defaultIndexName(key: Document): string {
  return Object.entries(key)
    .map(([field, direction]) => `${field}_${String(direction)}`)
    .join('_');
}

export function isOrderedIndexKey(key: Document): boolean {
  return Object.values(key).every((direction) => typeof direction === 'number' && direction !== 0);
}

export class OrderedIndex {
  readonly name: string;
  readonly fields: string[];
  readonly directions: Array<1 | -1>;
  readonly unique: boolean;
  readonly sparse: boolean;
  readonly partial: boolean;
  readonly collation: Collation | undefined;
  readonly expireAfterSeconds: number | undefined;
  // Text, geo and hashed indexes are kept as definitions only: nothing is looked up through them.
  readonly lookupCapable: boolean;
  // Set once a document contributed an array value: keys then repeat documents, and the index
  // cannot give a sort order or intersect range bounds, as in MongoDB.
  multikey = false;
  private readonly partialFilter: Matcher | undefined;
  readonly tree = new PackedTree();
  private readonly simpleFields: boolean;
  // The values identify the document: no _id follows them (see treeKey).
  private readonly valuesHoldId: boolean;

  constructor(readonly spec: Document) {
    const key = spec.key as Document;
    this.name = String(spec.name);
    this.fields = Object.keys(key);
    this.directions = Object.values(key).map((direction) => (typeof direction === 'number' && direction < 0 ? -1 : 1));
    this.lookupCapable = isOrderedIndexKey(key);
    this.unique = spec.unique === true && this.lookupCapable;
    this.sparse = spec.sparse === true;
    this.partial = isPlainObject(spec.partialFilterExpression);
    this.partialFilter = this.partial ? compileFilter(spec.partialFilterExpression as Document) : undefined;
    this.collation = parseCollation(spec.collation);
    this.expireAfterSeconds = typeof spec.expireAfterSeconds === 'number' ? spec.expireAfterSeconds : undefined;
    this.simpleFields = this.fields.every((field) => !field.includes('.'));
    // Under a collation two _ids can encode alike.
    this.valuesHoldId = this.fields.includes('_id') && this.collation === undefined;
  }

  // The tree's key for an entry of the document whose encoded _id is `idEncoded`.
  treeKey(entryKey: string, idEncoded: string): string {
    return this.valuesHoldId ? entryKey : entryKey + idEncoded;
  }

  get keyPattern(): Document {
    return this.spec.key as Document;
  }

  get size(): number {
    return this.tree.size;
  }

  // The index entries of a document, or none when sparse/partial rules leave it out.
  entriesFor(document: Document): IndexEntry[] {
    if (!this.lookupCapable) return [];
    if (this.partialFilter && !this.partialFilter.test(document)) return [];
    if (this.simpleFields) {
      // Fast path: top-level fields without arrays give one key.
      let key = '';
      const values: unknown[] = [];
      let anyPresent = false;
      let plain = true;
      for (let position = 0; position < this.fields.length; position++) {
        const value: unknown = document[this.fields[position]];
        if (Array.isArray(value)) {
          plain = false;
          break;
        }
        if (value !== undefined) anyPresent = true;
        key += encodeForDirection(value ?? null, this.directions[position], this.collation);
        values.push(value ?? null);
      }
      if (plain) return this.sparse && !anyPresent ? [] : [{ key, values }];
    }
    let entries: IndexEntry[] | undefined;
    let anyPresent = false;
    let multikey = false;
    for (let position = 0; position < this.fields.length; position++) {
      const direction = this.directions[position];
      const found = valuesAtPath(document, this.fields[position]);
      const options: Array<{ key: string; value: unknown }> = [];
      const seen = new Set<string>();
      if (found.length > 1) multikey = true;
      for (const value of found) {
        if (value !== undefined) anyPresent = true;
        let key: string;
        if (Array.isArray(value)) {
          multikey = true;
          key =
            value.length === 0
              ? direction === 1
                ? EMPTY_ARRAY_KEY
                : complement(EMPTY_ARRAY_KEY)
              : encodeForDirection(value, direction, this.collation);
        } else {
          key = encodeForDirection(value ?? null, direction, this.collation);
        }
        if (seen.has(key)) continue;
        seen.add(key);
        options.push({ key, value: value === undefined ? null : value });
      }
      if (!entries) {
        entries = options.map((option) => ({ key: option.key, values: [option.value] }));
        continue;
      }
      const next: IndexEntry[] = [];
      for (const entry of entries) {
        for (const option of options) {
          next.push({ key: entry.key + option.key, values: [...entry.values, option.value] });
          if (next.length > MAX_KEYS_PER_DOCUMENT) break;
        }
      }
      entries = next;
    }
    if (this.sparse && !anyPresent) return [];
    if (multikey) this.multikey = true;
    return entries ?? [];
  }

  // The tree key of a document whose indexed fields are top-level and hold no array (most
  // documents of most indexes), written as one string, without the entries entriesFor makes;
  // undefined for any other case (arrays, dotted fields, sparse and partial indexes), which
  // entriesFor decides. Every write changes every index of its documents: this is its path.
  private singleTreeKey(document: Document, idEncoded: string): string | undefined {
    if (!this.simpleFields || this.sparse || this.partialFilter || !this.lookupCapable) return undefined;
    for (const field of this.fields) if (Array.isArray(document[field])) return undefined;
    const start = keyParts.begin();
    try {
      for (let position = 0; position < this.fields.length; position++)
        keyParts.value(document[this.fields[position]] ?? null, this.directions[position], this.collation);
      if (!this.valuesHoldId) keyParts.encoded(idEncoded);
      return keyParts.text(start);
    } finally {
      keyParts.release(start);
    }
  }

  // Removes the keys of `dropped` versions of one document that none of its `kept` versions has.
  removeVersions(idEncoded: string, kept: readonly Document[], dropped: readonly Document[]): void {
    if (kept.length <= 1 && dropped.length === 1) {
      const droppedKey = this.singleTreeKey(dropped[0], idEncoded);
      const keptKey = kept.length === 0 ? null : this.singleTreeKey(kept[0], idEncoded);
      if (droppedKey !== undefined && keptKey !== undefined) {
        if (droppedKey !== keptKey) this.tree.delete(droppedKey);
        return;
      }
    }
    const keep = new Set<string>();
    for (const document of kept)
      for (const entry of this.entriesFor(document)) keep.add(this.treeKey(entry.key, idEncoded));
    for (const document of dropped) {
      for (const entry of this.entriesFor(document)) {
        const key = this.treeKey(entry.key, idEncoded);
        if (!keep.has(key)) this.tree.delete(key);
      }
    }
  }

  add(idKey: string, idEncoded: string, document: Document): void {
    const key = this.singleTreeKey(document, idEncoded);
    if (key !== undefined) this.tree.set(key, idKey);
    else for (const entry of this.entriesFor(document)) this.tree.set(this.treeKey(entry.key, idEncoded), idKey);
  }

  remove(idEncoded: string, document: Document): void {
    const key = this.singleTreeKey(document, idEncoded);
    if (key !== undefined) this.tree.delete(key);
    else for (const entry of this.entriesFor(document)) this.tree.delete(this.treeKey(entry.key, idEncoded));
  }

  // A new version of a document: only the keys that differ from the version before change (an
  // update that leaves this index's fields alone costs it two encodings, no tree operation). The
  // keys of `before` stay when a reader may still see it (`keepBefore`); they go otherwise.
  replace(idKey: string, idEncoded: string, before: Document, after: Document, keepBefore: boolean): void {
    const oldKey = this.singleTreeKey(before, idEncoded);
    const nextKey = oldKey === undefined ? undefined : this.singleTreeKey(after, idEncoded);
    if (oldKey !== undefined && nextKey !== undefined) {
      if (oldKey === nextKey) return;
      if (!keepBefore) this.tree.delete(oldKey);
      this.tree.set(nextKey, idKey);
      return;
    }
    const old = this.entriesFor(before);
    const next = this.entriesFor(after);
    if (old.length === 1 && next.length === 1) {
      if (old[0].key === next[0].key) return;
      if (!keepBefore) this.tree.delete(this.treeKey(old[0].key, idEncoded));
      this.tree.set(this.treeKey(next[0].key, idEncoded), idKey);
      return;
    }
    const oldKeys = new Set(old.map((entry) => entry.key));
    const nextKeys = new Set(next.map((entry) => entry.key));
    if (!keepBefore) for (const key of oldKeys) if (!nextKeys.has(key)) this.tree.delete(this.treeKey(key, idEncoded));
    for (const key of nextKeys) if (!oldKeys.has(key)) this.tree.set(this.treeKey(key, idEncoded), idKey);
  }

  // _id keys of the documents indexed under exactly these values.
  holders(entryKey: string): string[] {
    const found: string[] = [];
    this.tree.walk(entryKey, entryKey + AFTER_PREFIX, false, (idKey) => {
      found.push(idKey);
      return true;
    });
    return found;
  }

  // Visits keys in [start, end), ascending or descending, until `visit` returns false; `key()`
  // gives the key visited. Returns false when stopped early.
  // `skip` keys are passed over without a visit.
  walk(
    start: string,
    end: string,
    reverse: boolean,
    visit: (idKey: string, key: () => string) => boolean,
    skip = 0,
  ): boolean {
    return this.tree.walk(start, end, reverse, visit, skip);
  }

  // How many keys lie in [start, end), from the counts the tree keeps: no key is visited.
  countRange(start: string, end: string): number {
    return this.tree.countRange(start, end);
  }

  // Replaces the content with what a builder was given (a snapshot's keys, in order).
  loadBuilt(builder: PackedTreeBuilder): void {
    this.tree.adopt(builder);
  }

  // Replaces the content with these keys (any order), faster than adding them one by one.
  load(keys: string[], ids: string[]): void {
    const order = keys.map((_, position) => position);
    order.sort((a, b) => compareKeys(keys[a], keys[b]));
    const builder = new PackedTreeBuilder();
    for (const position of order) builder.addKey(keys[position], ids[position]);
    this.tree.adopt(builder);
  }

  clear(): void {
    this.tree.clear();
    this.multikey = false;
  }
}

export function entryLockKey(index: OrderedIndex, entry: IndexEntry): string {
  return index.name + '\u0000' + entry.key;
}

export function keyValueOf(index: OrderedIndex, entry: IndexEntry): Document {
  const keyValue: Document = {};
  index.fields.forEach((field, position) => {
    keyValue[field] = entry.values[position];
  });
  return keyValue;
}

// The encoded _id that ends the keys of a document (see treeKey).
export function encodeId(id: unknown): string {
  return encodeValue(id);
}
