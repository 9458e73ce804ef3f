import { AFTER_PREFIX } from '../key-encoding';
import { PackedTree, PackedTreeBuilder, type CapturedLeaf } from '../packed-tree';

// The tree against a sorted array of the same keys: every answer must be the array's.

// A repeatable pseudo-random sequence, so a failure can be replayed.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// Keys like an index's: a workspace (mostly one, sometimes one of two others that share its first
// bytes, so leaves' prefixes get shorter when such a key arrives), a value of varying length with
// bytes up to 0xFF, an id.
const WORKSPACES = ['workspace', 'workspace', 'workspace', 'workspace', 'work', 'workspaceB'];
function keyOf(next: () => number, id: number): string {
  const workspace = WORKSPACES[Math.floor(next() * WORKSPACES.length)];
  const length = Math.floor(next() * 12);
  let value = '';
  for (let i = 0; i < length; i++)
    value += String.fromCharCode(
      Math.floor(next() * 4) === 0 ? 0xff - Math.floor(next() * 3) : 0x41 + Math.floor(next() * 6),
    );
  return `\u0020${workspace}\u0000\u0001\u0020${value}\u0000\u0001${String(id).padStart(6, '0')}`;
}

class Model {
  readonly entries = new Map<string, string>();
  sorted(): string[] {
    return [...this.entries.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
}

function walked(
  tree: PackedTree,
  start: string,
  end: string,
  reverse: boolean,
  limit = Infinity,
  skip = 0,
): Array<[string, string]> {
  const seen: Array<[string, string]> = [];
  tree.walk(
    start,
    end,
    reverse,
    (id, key) => {
      seen.push([key(), id]);
      return seen.length < limit;
    },
    skip,
  );
  return seen;
}

// The first position of `sorted` whose key is not below `bound`.
function firstFrom(sorted: readonly string[], bound: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] < bound) low = middle + 1;
    else high = middle;
  }
  return low;
}

function expected(
  model: Model,
  start: string,
  end: string,
  reverse: boolean,
  limit = Infinity,
  sorted = model.sorted(),
  skip = 0,
): Array<[string, string]> {
  const keys = end > start ? sorted.slice(firstFrom(sorted, start), firstFrom(sorted, end)) : [];
  if (reverse) keys.reverse();
  return keys.slice(skip, skip + limit).map((key) => [key, model.entries.get(key) as string]);
}

function capturedKeys(leaves: readonly CapturedLeaf[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const leaf of leaves) {
    const prefix = leaf.bytes.toString('latin1', 0, leaf.prefixLength);
    for (let position = 0; position < leaf.count; position++) {
      const start = position === 0 ? leaf.prefixLength : leaf.ends[position - 1];
      out.push([prefix + leaf.bytes.toString('latin1', start, leaf.ends[position]), leaf.ids[position]]);
    }
  }
  return out;
}

function checkRanges(tree: PackedTree, model: Model, next: () => number): void {
  const keys = model.sorted();
  const pick = () => (keys.length === 0 ? '' : keys[Math.floor(next() * keys.length)]);
  const bounds = [
    '',
    AFTER_PREFIX,
    '\u0020workspace\u0000\u0001\u0020',
    '\u0020workspace\u0000\u0001\u0020' + AFTER_PREFIX,
    '\u0020workspace\u0000\u0001\u0020A' + AFTER_PREFIX,
    '\u0020workspace\u0000\u0001\u0020\u00ff',
  ];
  for (let round = 0; round < 40; round++) {
    const a = next() < 0.3 ? bounds[Math.floor(next() * bounds.length)] : pick();
    const b = next() < 0.3 ? bounds[Math.floor(next() * bounds.length)] : pick();
    // A key's value part followed by AFTER_PREFIX: every key with that prefix.
    const prefix = pick().slice(0, 16 + Math.floor(next() * 8));
    for (const [start, end] of [
      [a, b],
      [b, a],
      [a, a.endsWith(AFTER_PREFIX) ? a : a + AFTER_PREFIX],
      [prefix, prefix + AFTER_PREFIX],
    ] as Array<[string, string]>) {
      const limit = next() < 0.5 ? Infinity : 1 + Math.floor(next() * 300);
      // Passed over by rank: none, a few, across leaves and branches, or past the range's end.
      const skip = [0, 1 + Math.floor(next() * 5), Math.floor(next() * 3_000), Math.floor(next() * 30_000)][
        Math.floor(next() * 4)
      ];
      // As JSON: a deep comparison of long arrays would take most of the test's time.
      expect(JSON.stringify(walked(tree, start, end, false, limit, skip))).toBe(
        JSON.stringify(expected(model, start, end, false, limit, keys, skip)),
      );
      expect(JSON.stringify(walked(tree, start, end, true, limit, skip))).toBe(
        JSON.stringify(expected(model, start, end, true, limit, keys, skip)),
      );
      expect(tree.countRange(start, end)).toBe(
        end > start ? Math.max(0, firstFrom(keys, end) - firstFrom(keys, start)) : 0,
      );
    }
  }
}

describe('packed index tree', () => {
  it('answers walks, counts and sizes as a sorted array does through inserts, overwrites and deletes', () => {
    const next = random(7);
    const tree = new PackedTree();
    const model = new Model();
    let id = 0;
    // Grow past several levels of branches, then shrink to nothing, then grow again.
    for (const [inserts, deletes] of [
      [20_000, 2_000],
      [5_000, 20_000],
      [3_000, 0],
    ] as const) {
      for (let i = 0; i < inserts; i++) {
        const key = keyOf(next, id++);
        const value = `id${id}`;
        expect(tree.set(key, value)).toBe(!model.entries.has(key));
        model.entries.set(key, value);
        if (next() < 0.05) {
          // Setting a present key again changes its _id key, not the size.
          expect(tree.set(key, `${value}-again`)).toBe(false);
          model.entries.set(key, `${value}-again`);
        }
      }
      const present = model.sorted();
      for (let i = 0; i < deletes && present.length > 0; i++) {
        // Runs of neighbours, as a bulk delete leaves them, and scattered ones.
        const at = Math.floor(next() * present.length);
        const run = next() < 0.5 ? 1 : 1 + Math.floor(next() * 200);
        for (const key of present.splice(at, run)) {
          expect(tree.delete(key)).toBe(true);
          model.entries.delete(key);
          i++;
        }
      }
      expect(tree.delete('\u0020absent')).toBe(false);
      expect(tree.size).toBe(model.entries.size);
      expect(walked(tree, '', AFTER_PREFIX, false)).toEqual(expected(model, '', AFTER_PREFIX, false));
      checkRanges(tree, model, next);
    }
  });

  it('loads sorted keys from strings or buffers, and then takes changes like any other tree', () => {
    const next = random(11);
    const model = new Model();
    for (let id = 0; id < 30_000; id++) model.entries.set(keyOf(next, id), `id${id}`);
    const keys = model.sorted();
    const frame = Buffer.from(keys.join(''), 'latin1');
    const builder = new PackedTreeBuilder();
    let offset = 0;
    for (const key of keys) {
      builder.addBytes(frame, offset, offset + key.length, model.entries.get(key) as string);
      offset += key.length;
    }
    const fromBytes = new PackedTree();
    fromBytes.adopt(builder);
    const fromStrings = new PackedTree();
    const stringBuilder = new PackedTreeBuilder();
    for (const key of keys) stringBuilder.addKey(key, model.entries.get(key) as string);
    fromStrings.adopt(stringBuilder);
    for (const tree of [fromBytes, fromStrings]) {
      expect(tree.size).toBe(keys.length);
      checkRanges(tree, model, next);
    }
    for (let id = 30_000; id < 32_000; id++) {
      const key = keyOf(next, id);
      fromBytes.set(key, `id${id}`);
      model.entries.set(key, `id${id}`);
    }
    for (const key of keys.slice(1000, 9000)) {
      fromBytes.delete(key);
      model.entries.delete(key);
    }
    checkRanges(fromBytes, model, next);
    fromBytes.clear();
    expect(fromBytes.size).toBe(0);
    expect(walked(fromBytes, '', AFTER_PREFIX, false)).toEqual([]);
  });

  it('keeps what a capture holds while the tree changes after it', () => {
    const next = random(3);
    const tree = new PackedTree();
    const model = new Model();
    for (let id = 0; id < 5_000; id++) {
      const key = keyOf(next, id);
      tree.set(key, `id${id}`);
      model.entries.set(key, `id${id}`);
    }
    const before = expected(model, '', AFTER_PREFIX, false);
    const captured = tree.capture();
    const keys = model.sorted();
    // Inserts into and deletes from every leaf, overwrites, merges and splits.
    for (const key of keys.filter((_, position) => position % 3 === 0)) tree.delete(key);
    for (const key of keys.filter((_, position) => position % 7 === 1)) tree.set(key, 'changed');
    for (let id = 5_000; id < 9_000; id++) tree.set(keyOf(next, id), `id${id}`);
    expect(capturedKeys(captured)).toEqual(before);
    // A second capture sees the changes, and the first still does not.
    const after = walked(tree, '', AFTER_PREFIX, false);
    expect(capturedKeys(tree.capture())).toEqual(after);
    expect(capturedKeys(captured)).toEqual(before);
  });

  it('stores what the keys of a leaf begin with once, whether inserted in order, at random or loaded', () => {
    const workspace = '\u0020' + 'w'.repeat(30) + '\u0000\u0001';
    const keyOf = (id: number) => `${workspace}\u0020N${String(id).padStart(6, '0')}\u0000`;
    const keyBytes = 10_000 * keyOf(0).length;
    const ascending = new PackedTree();
    for (let id = 0; id < 10_000; id++) ascending.set(keyOf(id), `id${id}`);
    const next = random(5);
    const shuffled = Array.from({ length: 10_000 }, (_, id) => id).sort(() => next() - 0.5);
    const atRandom = new PackedTree();
    for (const id of shuffled) atRandom.set(keyOf(id), `id${id}`);
    const builder = new PackedTreeBuilder();
    for (let id = 0; id < 10_000; id++) builder.addKey(keyOf(id), `id${id}`);
    const loaded = new PackedTree();
    loaded.adopt(builder);
    for (const tree of [ascending, atRandom, loaded]) {
      // The workspace and most of the name once a leaf: a key's rest is a few bytes.
      expect(tree.stats().keyBytes).toBeLessThan(keyBytes / 4);
      expect(walked(tree, '', AFTER_PREFIX, false, 3, 4_998)).toEqual([
        [keyOf(4_998), 'id4998'],
        [keyOf(4_999), 'id4999'],
        [keyOf(5_000), 'id5000'],
      ]);
    }
    // A key of another workspace shortens the prefix of the leaf it lands in, and reads back whole.
    ascending.set('\u0020v\u0000', 'other');
    expect(walked(ascending, '', AFTER_PREFIX, false, 2)).toEqual([
      ['\u0020v\u0000', 'other'],
      [keyOf(0), 'id0'],
    ]);
  });

  it('keeps leaves of long keys, past 64 KiB a leaf, as it keeps short ones', () => {
    const next = random(13);
    const tree = new PackedTree();
    const model = new Model();
    // 700-byte keys whose rest differs early: a full leaf holds about 90 KiB.
    const keyOf = (id: number) => `\u0020${String((id * 7919) % 4000).padStart(5, '0')}${'x'.repeat(700)}${id}`;
    for (let id = 0; id < 3_000; id++) {
      tree.set(keyOf(id), `id${id}`);
      model.entries.set(keyOf(id), `id${id}`);
    }
    for (const key of model.sorted().filter(() => next() < 0.3)) {
      tree.delete(key);
      model.entries.delete(key);
    }
    expect(tree.stats().bufferBytes).toBeGreaterThan(model.entries.size * 700);
    expect(walked(tree, '', AFTER_PREFIX, false)).toEqual(expected(model, '', AFTER_PREFIX, false));
    expect(capturedKeys(tree.capture())).toEqual(expected(model, '', AFTER_PREFIX, false));
  });

  it('refuses a bound with AFTER_PREFIX anywhere but at its end', () => {
    const tree = new PackedTree();
    tree.set('\u0020a', 'a');
    expect(() => tree.walk('\u0020' + AFTER_PREFIX + 'a', '\u0021', false, () => true)).toThrow(/one-byte characters/);
  });
});
