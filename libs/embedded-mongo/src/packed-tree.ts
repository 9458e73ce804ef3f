import { AFTER_PREFIX } from './key-encoding';

// The ordered map behind an index: encoded keys (one-byte characters, see key-encoding.ts) to the
// _id keys of their documents, as a B+ tree whose leaves pack their keys into one buffer outside
// the JavaScript heap. A collection of 100,000 documents with twenty indexes holds two million
// keys; as strings they would make most of the process's heap, and V8 visits every page of the old
// generation at each young collection, so each young collection would cost milliseconds. Packed,
// a key costs its bytes off the heap and one slot for its _id key (a string the documents map
// already holds).
//
// A leaf stores the bytes its keys all begin with once (its prefix), then each key's rest: the
// keys of one leaf are neighbours in order, so they share the workspace and often more (an
// index's keys are mostly the workspace, the indexed values and the _id, with the _id once more
// at the end), and the prefix is commonly a third of a key. A leaf takes the longest prefix of its
// keys when it is built, split or merged, and shortens it when a key that does not begin with it
// comes in.
//
// Branches keep the first key of each child (as a string, one per leaf) and how many keys each
// child holds, so a range is counted from two descents. Leaves are linked both ways for scans.
// A visitor of `walk` must not change the tree.

const LEAF_CAPACITY = 128;
const BRANCH_CAPACITY = 64;
// A leaf this empty merges into a neighbour when both fit in three quarters of a leaf.
const LEAF_MERGE_BELOW = LEAF_CAPACITY / 4;
const LEAF_MERGED_AT_MOST = (LEAF_CAPACITY * 3) / 4;
// Loaded leaves and branches leave room for inserts before they split.
const LEAF_LOAD = (LEAF_CAPACITY * 7) / 8;
const BRANCH_LOAD = (BRANCH_CAPACITY * 7) / 8;
const AFTER = AFTER_PREFIX.charCodeAt(0);
// eslint-disable-next-line no-control-regex -- every code point of one byte, controls included
const ONE_BYTE = /^[\x00-\xff]*$/;

// Where the keys of a leaf end: two bytes each while the leaf's bytes fit in 64 KiB (nearly
// always: 128 keys of up to 512 bytes), four otherwise.
type Ends = Uint16Array | Uint32Array;

// A leaf's memory for `byteCapacity` bytes of keys, not zeroed first (every byte is written
// before it is read): one ArrayBuffer of its own for its ends and bytes (never a slice of Node's
// shared pool, which a leaf would pin).
function leafMemory(byteCapacity: number): { ends: Ends; bytes: Buffer } {
  const wide = byteCapacity > 0xffff;
  const endsBytes = (LEAF_CAPACITY + 1) * (wide ? 4 : 2);
  const memory = Buffer.allocUnsafeSlow(endsBytes + byteCapacity).buffer;
  return {
    ends: wide ? new Uint32Array(memory, 0, LEAF_CAPACITY + 1) : new Uint16Array(memory, 0, LEAF_CAPACITY + 1),
    bytes: Buffer.from(memory, endsBytes, byteCapacity),
  };
}

class Leaf {
  readonly leaf = true;
  count = 0;
  // `bytes` begins with the prefix every key of the leaf begins with.
  prefixLength = 0;
  // ends[i] is where the rest of key i (after the prefix) ends in `bytes`; it starts where key
  // i - 1 ends (key 0: where the prefix ends).
  ends: Ends;
  bytes: Buffer;
  ids: string[] = [];
  prev: Leaf | undefined;
  next: Leaf | undefined;
  // The tree's epoch when this leaf's storage was last its own; an older one may be shared with a
  // capture, and is copied before it changes.
  epoch = 0;

  constructor(byteCapacity: number) {
    ({ ends: this.ends, bytes: this.bytes } = leafMemory(byteCapacity));
  }

  get used(): number {
    return this.count === 0 ? this.prefixLength : this.ends[this.count - 1];
  }

  // Where the rest of key `position` starts.
  start(position: number): number {
    return position === 0 ? this.prefixLength : this.ends[position - 1];
  }

  keyLength(position: number): number {
    return this.prefixLength + this.ends[position] - this.start(position);
  }

  keyAt(position: number): string {
    const rest = this.bytes.toString('latin1', this.start(position), this.ends[position]);
    return this.prefixLength === 0 ? rest : this.bytes.toString('latin1', 0, this.prefixLength) + rest;
  }

  // Copies bytes [from, to) of key `position` to `target` at `at`; returns how many.
  copyKey(position: number, from: number, to: number, target: Buffer, at: number): number {
    const prefix = this.prefixLength;
    let written = 0;
    if (from < prefix) {
      written = this.bytes.copy(target, at, from, Math.min(to, prefix));
      from = prefix;
    }
    if (to > from) {
      const shift = this.start(position) - prefix;
      written += this.bytes.copy(target, at + written, shift + from, shift + to);
    }
    return written;
  }

  // New storage with room for `needed` more bytes (a bigger buffer, or a smaller one once most of
  // it is unused); what a capture holds stays as it was.
  resize(needed: number): void {
    const used = this.used;
    // A growing leaf gets half again what it needs: one filled key by key (ascending ids, dates)
    // is copied a dozen times on its way to full, not forty. A copy of its own (after a capture)
    // or a shrink keeps an eighth spare.
    const capacity = used + needed + ((used + needed) >> (needed > 0 ? 1 : 3)) + 64;
    const { ends, bytes } = leafMemory(capacity);
    ends.set(this.ends.subarray(0, this.count));
    this.bytes.copy(bytes, 0, 0, used);
    this.ends = ends;
    this.bytes = bytes;
    this.ids = this.ids.slice(0, this.count);
  }
}

class Branch {
  readonly leaf = false;
  // firsts[i] is at most every key of children[i] and above every key of children[i - 1];
  // firsts[0] is not used.
  constructor(
    readonly children: Node[],
    readonly firsts: string[],
    readonly sizes: number[],
  ) {}
}

type Node = Leaf | Branch;

export interface PackedTreeStats {
  keys: number;
  leaves: number;
  keyBytes: number;
  bufferBytes: number;
}

// The keys of one leaf as of a capture: key i is bytes[0 .. prefixLength) followed by
// bytes[ends[i - 1] (or prefixLength) .. ends[i]).
export interface CapturedLeaf {
  readonly bytes: Buffer;
  readonly prefixLength: number;
  readonly ends: Uint16Array | Uint32Array;
  readonly ids: readonly string[];
  readonly count: number;
}

// A bound of a range: encoded bytes (`body`, one-byte characters), possibly followed by
// AFTER_PREFIX, which places it after every key that starts with those bytes. Keys and bounds are
// compared as they are, character against byte: no buffer is made for each key looked up.
interface Bound {
  readonly text: string;
  readonly body: string;
  readonly after: boolean;
}

function boundOf(text: string): Bound {
  const after = text.length > 0 && text.charCodeAt(text.length - 1) === AFTER;
  const body = after ? text.slice(0, -1) : text;
  if (!ONE_BYTE.test(body)) throw new Error('index bounds are one-byte characters, with AFTER_PREFIX only at the end');
  return { text, body, after };
}

// Buffer's compare of `body`'s bytes with key `position` of the leaf (its first body.length bytes
// when `truncated`), in JavaScript: keys are short, and a call into the runtime per comparison cost
// more than the comparison.
function compareKey(body: string, leaf: Leaf, position: number, truncated: boolean): number {
  const prefix = leaf.prefixLength;
  const stored = leaf.bytes;
  const inPrefix = Math.min(body.length, prefix);
  for (let i = 0; i < inPrefix; i++) {
    const difference = body.charCodeAt(i) - stored[i];
    if (difference !== 0) return difference;
  }
  // Shorter than the prefix and the start of it: before the key, or the key's start itself.
  if (body.length < prefix) return truncated ? 0 : -1;
  return compareRest(body, prefix, leaf, position, truncated);
}

// The same for body[from..] against the rest of key `position` after the leaf's prefix (the
// bytes before `from` being the prefix).
function compareRest(body: string, from: number, leaf: Leaf, position: number, truncated: boolean): number {
  const start = leaf.start(position);
  const restLength = leaf.ends[position] - start;
  const bodyRest = body.length - from;
  const length = truncated ? Math.min(restLength, bodyRest) : restLength;
  const common = Math.min(bodyRest, length);
  const stored = leaf.bytes;
  for (let i = 0; i < common; i++) {
    const difference = body.charCodeAt(from + i) - stored[start + i];
    if (difference !== 0) return difference;
  }
  return bodyRest - length;
}

// Is key `position` of the leaf below the bound?
function below(leaf: Leaf, position: number, bound: Bound): boolean {
  if (bound.after) return compareKey(bound.body, leaf, position, true) >= 0;
  return compareKey(bound.body, leaf, position, false) > 0;
}

// Byte `index` of key `position`.
function keyByte(leaf: Leaf, position: number, index: number): number {
  const prefix = leaf.prefixLength;
  return index < prefix ? leaf.bytes[index] : leaf.bytes[leaf.start(position) - prefix + index];
}

// How many bytes key `first` of `leaf` and key `last` of `other` begin with alike.
function commonLength(leaf: Leaf, first: number, other: Leaf, last: number): number {
  const length = Math.min(leaf.keyLength(first), other.keyLength(last));
  let common = 0;
  while (common < length && keyByte(leaf, first, common) === keyByte(other, last, common)) common++;
  return common;
}

// Gives `target` new storage holding the keys of the runs (leaf, from, to), in order, with the
// longest prefix they share (at most `maxPrefix` bytes). A run may be `target`'s own keys: they
// are read before its storage is replaced. Storage shared with a capture is never written.
function repack(target: Leaf, runs: ReadonlyArray<readonly [Leaf, number, number]>, maxPrefix = Infinity): void {
  let count = 0;
  for (const [, from, to] of runs) count += to - from;
  const nonEmpty = runs.filter(([, from, to]) => to > from);
  let prefix = 0;
  if (count >= 2) {
    const [firstLeaf, first] = nonEmpty[0];
    const [lastLeaf, , end] = nonEmpty[nonEmpty.length - 1];
    prefix = Math.min(maxPrefix, commonLength(firstLeaf, first, lastLeaf, end - 1));
  }
  let total = prefix;
  for (const [leaf, from, to] of runs)
    for (let position = from; position < to; position++) total += leaf.keyLength(position) - prefix;
  const capacity = total + (total >> 3) + 64;
  const { ends, bytes } = leafMemory(capacity);
  const ids: string[] = [];
  let offset = prefix > 0 ? nonEmpty[0][0].copyKey(nonEmpty[0][1], 0, prefix, bytes, 0) : 0;
  let index = 0;
  for (const [leaf, from, to] of runs) {
    for (let position = from; position < to; position++) {
      offset += leaf.copyKey(position, prefix, leaf.keyLength(position), bytes, offset);
      ends[index++] = offset;
      ids.push(leaf.ids[position]);
    }
  }
  target.ends = ends;
  target.bytes = bytes;
  target.ids = ids;
  target.count = count;
  target.prefixLength = prefix;
}

// The first position in [from, to) whose key is not below the bound (its `body` and `after`, as
// Bound has them). `side`: prefixSide(leaf, body, after), when the caller has it.
function lowerBound(
  leaf: Leaf,
  body: string,
  after: boolean,
  from = 0,
  to = leaf.count,
  side = prefixSide(leaf, body, after),
): number {
  if (side !== 0) return side < 0 ? from : to;
  // The bound begins with the prefix: only the keys' rests are compared.
  const prefix = leaf.prefixLength;
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >> 1;
    const difference = compareRest(body, prefix, leaf, middle, after);
    if (after ? difference >= 0 : difference > 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

// Where the bound lies against the leaf's prefix: 0 when it begins with it, -1 when it comes
// before every key of the leaf, 1 when after every key.
function prefixSide(leaf: Leaf, body: string, after: boolean): number {
  const prefix = leaf.prefixLength;
  if (prefix === 0) return 0;
  const stored = leaf.bytes;
  const common = Math.min(body.length, prefix);
  for (let i = 0; i < common; i++) {
    const difference = body.charCodeAt(i) - stored[i];
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  if (body.length >= prefix) return 0;
  // The bound is the start of the prefix: before every key, or after them all past AFTER_PREFIX.
  return after ? 1 : -1;
}

// The child whose range holds `text`: the last one whose first key is at most `text`.
function childFor(branch: Branch, text: string): number {
  let low = 1;
  let high = branch.children.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (branch.firsts[middle] <= text) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

// The branches from the root down to a leaf, with the child taken in each. One per tree, reused by
// every change (a change is synchronous and makes no other), as are the results of `locate`: a key
// written makes no garbage here, and every write changes several keys.
class Path {
  // Entries past `length` are left from deeper paths (an array cut to length 0 gives up its storage,
  // and growing it again allocates).
  readonly branches: Branch[] = [];
  readonly children: number[] = [];
  length = 0;

  clear(): this {
    this.length = 0;
    return this;
  }

  push(branch: Branch, child: number): void {
    this.branches[this.length] = branch;
    this.children[this.length] = child;
    this.length++;
  }

  pop(): void {
    this.length--;
  }

  // What each branch counts below the leaf changes by `change`.
  count(change: number): void {
    for (let level = 0; level < this.length; level++) this.branches[level].sizes[this.children[level]] += change;
  }
}

export class PackedTree {
  private root: Node = new Leaf(0);
  private readonly path = new Path();
  // What the last `locate` found.
  private located = this.root as Leaf;
  private position = 0;
  private found = false;
  private fitsPrefix = false;
  private total = 0;
  private epoch = 0;

  get size(): number {
    return this.total;
  }

  // Sets the _id key of `key`; true when the key is new.
  set(key: string, id: string): boolean {
    const path = this.path.clear();
    this.locate(key, path);
    const { located: leaf, position, found, fitsPrefix } = this;
    this.own(leaf);
    if (found) {
      leaf.ids[position] = id;
      return false;
    }
    insertAt(leaf, position, key, id, fitsPrefix);
    path.count(1);
    this.total++;
    if (leaf.count > LEAF_CAPACITY) this.splitLeaf(leaf, path, position === leaf.count - 1);
    return true;
  }

  // Removes `key`; true when it was there.
  delete(key: string): boolean {
    const path = this.path.clear();
    this.locate(key, path);
    const { located: leaf, position, found } = this;
    if (!found) return false;
    this.own(leaf);
    removeAt(leaf, position);
    path.count(-1);
    this.total--;
    if (leaf.count < LEAF_MERGE_BELOW) this.rebalance(leaf, path);
    return true;
  }

  // Visits the keys in [start, end), ascending or descending, until `visit` returns false.
  // Returns false when stopped early. `key()` decodes the key being visited.
  // `skip` keys of the range are passed over by the counts the branches keep, not visited.
  walk(
    start: string,
    end: string,
    reverse: boolean,
    visit: (id: string, key: () => string) => boolean,
    skip = 0,
  ): boolean {
    if (!(end > start)) return true;
    const low = boundOf(start);
    const high = boundOf(end);
    let leaf: Leaf | undefined;
    let position = 0;
    const key = () => (leaf as Leaf).keyAt(position);
    if (skip > 0) {
      const first = this.rank(low);
      const last = this.rank(high);
      if (first + skip >= last) return true;
      ({ leaf, position } = this.seek(reverse ? last - 1 - skip : first + skip));
    }
    if (!reverse) {
      if (skip === 0) {
        leaf = this.descend(start);
        position = lowerBound(leaf, low.body, low.after);
      }
      for (; leaf; leaf = leaf.next, position = 0) {
        const count = leaf.count;
        const stop =
          count > 0 && !below(leaf, count - 1, high) ? lowerBound(leaf, high.body, high.after, position) : count;
        for (; position < stop; position++) if (!visit(leaf.ids[position], key)) return false;
        if (stop < count) return true;
      }
      return true;
    }
    if (skip === 0) {
      leaf = this.descend(end);
      position = lowerBound(leaf, high.body, high.after) - 1;
    }
    while (leaf) {
      if (position >= 0) {
        const stop = below(leaf, 0, low) ? lowerBound(leaf, low.body, low.after, 0, position + 1) : 0;
        for (; position >= stop; position--) if (!visit(leaf.ids[position], key)) return false;
        if (stop > 0) return true;
      }
      leaf = leaf.prev;
      position = leaf ? leaf.count - 1 : -1;
    }
    return true;
  }

  // How many keys lie in [start, end): two descents, whatever the range holds.
  countRange(start: string, end: string): number {
    return end > start ? Math.max(0, this.rank(boundOf(end)) - this.rank(boundOf(start))) : 0;
  }

  // What the keys occupy: their bytes, and the buffers (outside the heap) that hold them.
  stats(): PackedTreeStats {
    const stats = { keys: this.total, leaves: 0, keyBytes: 0, bufferBytes: 0 };
    for (let leaf: Leaf | undefined = this.firstLeaf(); leaf; leaf = leaf.next) {
      stats.leaves++;
      stats.keyBytes += leaf.used;
      stats.bufferBytes += leaf.ends.byteLength + leaf.bytes.length;
    }
    return stats;
  }

  clear(): void {
    const root = new Leaf(0);
    root.epoch = this.epoch;
    this.root = root;
    this.total = 0;
  }

  // Replaces the content with what the builder was given.
  adopt(builder: PackedTreeBuilder): void {
    const { root, total } = builder.finish();
    this.root = root;
    this.total = total;
    for (let leaf: Leaf | undefined = this.firstLeaf(); leaf; leaf = leaf.next) leaf.epoch = this.epoch;
  }

  // The keys as they are now, without copying them: a leaf changed later first gets storage of its
  // own, so what is captured stays as it was.
  capture(): CapturedLeaf[] {
    const leaves: CapturedLeaf[] = [];
    for (let leaf: Leaf | undefined = this.firstLeaf(); leaf; leaf = leaf.next) {
      if (leaf.count > 0)
        leaves.push({
          bytes: leaf.bytes,
          prefixLength: leaf.prefixLength,
          ends: leaf.ends,
          ids: leaf.ids,
          count: leaf.count,
        });
    }
    this.epoch++;
    return leaves;
  }

  // Before a leaf's storage changes in place.
  private own(leaf: Leaf): void {
    if (leaf.epoch === this.epoch) return;
    leaf.resize(0);
    leaf.epoch = this.epoch;
  }

  // The leaf and position where `key` is or would go (in `located`, `position`, `found` and
  // `fitsPrefix`), with the branches above it in `path`.
  private locate(key: string, path: Path): void {
    const leaf = this.descend(key, path);
    const side = prefixSide(leaf, key, false);
    const position = lowerBound(leaf, key, false, 0, leaf.count, side);
    this.located = leaf;
    this.position = position;
    this.found = position < leaf.count && compareKey(key, leaf, position, false) === 0;
    this.fitsPrefix = side === 0;
  }

  private descend(text: string, path?: Path): Leaf {
    let node = this.root;
    while (!node.leaf) {
      const child = childFor(node, text);
      path?.push(node, child);
      node = node.children[child];
    }
    return node;
  }

  private firstLeaf(): Leaf {
    let node = this.root;
    while (!node.leaf) node = node.children[0];
    return node;
  }

  // The leaf and position of the key with `rank` keys below it (0 <= rank < size).
  private seek(rank: number): { leaf: Leaf; position: number } {
    let node = this.root;
    while (!node.leaf) {
      let child = 0;
      while (child < node.children.length - 1 && rank >= node.sizes[child]) rank -= node.sizes[child++];
      node = node.children[child];
    }
    return { leaf: node, position: rank };
  }

  // How many keys are below the bound.
  private rank(bound: Bound): number {
    let before = 0;
    let node = this.root;
    while (!node.leaf) {
      const child = childFor(node, bound.text);
      for (let position = 0; position < child; position++) before += node.sizes[position];
      node = node.children[child];
    }
    return before + lowerBound(node, bound.body, bound.after);
  }

  // Splits in two halves; a leaf whose new key came last gives up only that key, so keys added in
  // ascending order (creation dates, new ids) leave full leaves behind them. Each half moves to
  // storage of its own with the prefix its keys share (the old storage may be a capture's).
  private splitLeaf(leaf: Leaf, path: Path, addedLast: boolean): void {
    const middle = addedLast ? leaf.count - 1 : leaf.count >> 1;
    const right = new Leaf(0);
    repack(right, [[leaf, middle, leaf.count]]);
    right.epoch = this.epoch;
    repack(leaf, [[leaf, 0, middle]]);
    right.next = leaf.next;
    if (right.next) right.next.prev = right;
    right.prev = leaf;
    leaf.next = right;
    this.insertChild(path, leaf, right, right.keyAt(0), leaf.count, right.count);
  }

  // Puts `right` after `left` in their parent (the last of `path`), splitting upwards as needed.
  private insertChild(path: Path, left: Node, right: Node, first: string, leftSize: number, rightSize: number): void {
    if (path.length === 0) {
      this.root = new Branch([left, right], ['', first], [leftSize, rightSize]);
      return;
    }
    const parent = path.branches[path.length - 1];
    const child = path.children[path.length - 1];
    path.pop();
    parent.children.splice(child + 1, 0, right);
    parent.firsts.splice(child + 1, 0, first);
    parent.sizes.splice(child, 1, leftSize, rightSize);
    if (parent.children.length <= BRANCH_CAPACITY) return;
    const middle = parent.children.length >> 1;
    const sibling = new Branch(
      parent.children.splice(middle),
      parent.firsts.splice(middle),
      parent.sizes.splice(middle),
    );
    this.insertChild(path, parent, sibling, sibling.firsts[0], sum(parent.sizes), sum(sibling.sizes));
  }

  // A leaf that became small merges with a neighbour under the same parent, or leaves the tree
  // when empty; branches left without children go too, and a root with one child gives way.
  private rebalance(leaf: Leaf, path: Path): void {
    if (path.length === 0) return;
    const parent = path.branches[path.length - 1];
    const child = path.children[path.length - 1];
    const right = parent.children[child + 1] as Leaf | undefined;
    const left = child > 0 ? (parent.children[child - 1] as Leaf) : undefined;
    if (right && leaf.count + right.count <= LEAF_MERGED_AT_MOST) {
      this.own(leaf);
      appendLeaf(leaf, right);
      parent.sizes[child] = leaf.count;
      this.removeChild(path, child + 1);
    } else if (left && left.count + leaf.count <= LEAF_MERGED_AT_MOST) {
      this.own(left);
      appendLeaf(left, leaf);
      parent.sizes[child - 1] = left.count;
      this.removeChild(path, child);
    } else if (leaf.count === 0) {
      unlink(leaf);
      this.removeChild(path, child);
    } else if (leaf.bytes.length > 1024 && leaf.used * 4 < leaf.bytes.length) {
      leaf.resize(0);
    }
  }

  private removeChild(path: Path, child: number): void {
    const parent = path.branches[path.length - 1];
    path.pop();
    parent.children.splice(child, 1);
    parent.firsts.splice(child, 1);
    parent.sizes.splice(child, 1);
    if (parent.children.length === 0 && path.length > 0) {
      this.removeChild(path, path.children[path.length - 1]);
      return;
    }
    while (!this.root.leaf && this.root.children.length === 1) this.root = this.root.children[0];
    if (!this.root.leaf && this.root.children.length === 0) this.clear();
  }
}

// `key`: one-byte characters. `fitsPrefix`: the key begins with the leaf's prefix.
function insertAt(leaf: Leaf, position: number, key: string, id: string, fitsPrefix: boolean): void {
  let prefix = leaf.prefixLength;
  if (!fitsPrefix) {
    // The key does not begin with the leaf's prefix: shorten it to what they share.
    let common = 0;
    while (common < prefix && common < key.length && key.charCodeAt(common) === leaf.bytes[common]) common++;
    repack(leaf, [[leaf, 0, leaf.count]], common);
    prefix = leaf.prefixLength;
  }
  const length = key.length - prefix;
  const used = leaf.used;
  if (used + length > leaf.bytes.length) leaf.resize(length);
  const at = leaf.start(position);
  const bytes = leaf.bytes;
  bytes.copyWithin(at + length, at, used);
  for (let i = 0; i < length; i++) bytes[at + i] = key.charCodeAt(prefix + i);
  for (let index = leaf.count; index > position; index--) leaf.ends[index] = leaf.ends[index - 1] + length;
  leaf.ends[position] = at + length;
  leaf.ids.splice(position, 0, id);
  leaf.count++;
}

function removeAt(leaf: Leaf, position: number): void {
  const at = leaf.start(position);
  const end = leaf.ends[position];
  const length = end - at;
  leaf.bytes.copyWithin(at, end, leaf.used);
  for (let index = position; index < leaf.count - 1; index++) leaf.ends[index] = leaf.ends[index + 1] - length;
  leaf.ids.splice(position, 1);
  leaf.count--;
}

// Moves every key of `right` (the next leaf) to the end of `leaf`, and unlinks `right`.
function appendLeaf(leaf: Leaf, right: Leaf): void {
  repack(leaf, [
    [leaf, 0, leaf.count],
    [right, 0, right.count],
  ]);
  unlink(right);
}

function unlink(leaf: Leaf): void {
  if (leaf.prev) leaf.prev.next = leaf.next;
  if (leaf.next) leaf.next.prev = leaf.prev;
  leaf.prev = undefined;
  leaf.next = undefined;
}

// Builds a tree from keys given in ascending order, each once: leaves filled to seven eighths,
// then the branches above them. Keys come as strings or as ranges of a buffer (a snapshot's
// frames), so loading a snapshot makes no string per key.
export class PackedTreeBuilder {
  private readonly level: Leaf[] = [];
  private readonly firsts: string[] = [];
  private readonly pendingSources: Array<Buffer | string> = [];
  private readonly pendingStarts: number[] = [];
  private readonly pendingEnds: number[] = [];
  private pendingIds: string[] = [];
  private pendingBytes = 0;
  private total = 0;

  addKey(key: string, id: string): void {
    this.pendingSources.push(key);
    this.pendingStarts.push(0);
    this.pendingEnds.push(key.length);
    this.pendingIds.push(id);
    this.pendingBytes += key.length;
    if (this.pendingIds.length >= LEAF_LOAD) this.flush();
  }

  // Key bytes source[start, end).
  addBytes(source: Buffer, start: number, end: number, id: string): void {
    this.pendingSources.push(source);
    this.pendingStarts.push(start);
    this.pendingEnds.push(end);
    this.pendingIds.push(id);
    this.pendingBytes += end - start;
    if (this.pendingIds.length >= LEAF_LOAD) this.flush();
  }

  finish(): { root: Node; total: number } {
    this.flush();
    if (this.level.length === 0) return { root: new Leaf(0), total: 0 };
    let level: Node[] = this.level;
    let firsts = this.firsts;
    let sizes = this.level.map((leaf) => leaf.count);
    while (level.length > 1) {
      const parents: Node[] = [];
      const parentFirsts: string[] = [];
      const parentSizes: number[] = [];
      for (let from = 0; from < level.length; from += BRANCH_LOAD) {
        const to = Math.min(level.length, from + BRANCH_LOAD);
        const branch = new Branch(level.slice(from, to), firsts.slice(from, to), sizes.slice(from, to));
        parents.push(branch);
        parentFirsts.push(firsts[from]);
        parentSizes.push(sum(branch.sizes));
      }
      level = parents;
      firsts = parentFirsts;
      sizes = parentSizes;
    }
    return { root: level[0], total: this.total };
  }

  private flush(): void {
    const count = this.pendingIds.length;
    if (count === 0) return;
    const prefix = count >= 2 ? this.pendingCommonLength(0, count - 1) : 0;
    const total = this.pendingBytes - (count - 1) * prefix;
    const leaf = new Leaf(total + (total >> 3) + 64);
    for (let index = 0; index < prefix; index++) leaf.bytes[index] = this.pendingByte(0, index);
    leaf.prefixLength = prefix;
    let offset = prefix;
    for (let position = 0; position < count; position++) {
      const source = this.pendingSources[position];
      const start = this.pendingStarts[position];
      const end = this.pendingEnds[position];
      offset +=
        typeof source === 'string'
          ? leaf.bytes.write(prefix > 0 ? source.substring(prefix) : source, offset, 'latin1')
          : source.copy(leaf.bytes, offset, start + prefix, end);
      leaf.ends[position] = offset;
    }
    leaf.ids = this.pendingIds;
    leaf.count = count;
    const previous = this.level[this.level.length - 1];
    if (previous) {
      previous.next = leaf;
      leaf.prev = previous;
    }
    this.level.push(leaf);
    this.firsts.push(leaf.keyAt(0));
    this.total += count;
    this.pendingSources.length = 0;
    this.pendingStarts.length = 0;
    this.pendingEnds.length = 0;
    this.pendingIds = [];
    this.pendingBytes = 0;
  }

  private pendingByte(position: number, index: number): number {
    const source = this.pendingSources[position];
    const at = this.pendingStarts[position] + index;
    return typeof source === 'string' ? source.charCodeAt(at) : source[at];
  }

  // How many bytes two pending keys begin with alike.
  private pendingCommonLength(first: number, last: number): number {
    const length = Math.min(
      this.pendingEnds[first] - this.pendingStarts[first],
      this.pendingEnds[last] - this.pendingStarts[last],
    );
    let common = 0;
    while (common < length && this.pendingByte(first, common) === this.pendingByte(last, common)) common++;
    return common;
  }
}
