import { mongo } from 'mongoose';
import { deserializeDocument, normalizeDocument, normalizeValue, serializeDocument } from '../bson-values';

// What the server would store and send back: the round trip through BSON that normalizing stands
// for when a value is plain.
const roundTrip = (value: Record<string, unknown>) => deserializeDocument(serializeDocument(value));

// A deterministic mix of what filters, updates and documents hold.
function randomValue(next: () => number, depth = 0): unknown {
  const pick = Math.floor(next() * (depth > 2 ? 6 : 8));
  switch (pick) {
    case 0:
      return `text ${Math.floor(next() * 1000)} é ✓ 😀`;
    case 1:
      return Math.floor(next() * 2 ** 40) - 2 ** 39;
    case 2:
      return next() * 1e6 - 5e5;
    case 3:
      return next() < 0.5;
    case 4:
      return null;
    case 5:
      return new Date(Math.floor(next() * 4e12));
    case 6:
      return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(next() * 4) }, (_, index) => [
          next() < 0.2 ? String(index) : `field_${index}`,
          randomValue(next, depth + 1),
        ]),
      );
  }
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('normalizing values without the BSON round trip', () => {
  test('plain values answer exactly what the round trip answers', () => {
    const next = seeded(7);
    for (let run = 0; run < 500; run++) {
      const value = { v: randomValue(next), $in: [randomValue(next), randomValue(next)] };
      expect(normalizeValue(value)).toEqual(roundTrip(value));
      const { doc, bytes } = normalizeDocument({ _id: `id-${run}`, ...value });
      expect(doc).toEqual(deserializeDocument(bytes));
    }
  });

  test.each([
    ['negative zero', -0],
    ['NaN', Number.NaN],
    ['a lone surrogate', 'broken \ud800 text'],
    ['undefined', undefined],
    ['an invalid date', new Date(Number.NaN)],
    ['an array with a hole', Object.assign(new Array<number>(3), { 0: 1, 2: 3 })],
    ['an ObjectId', new mongo.ObjectId()],
    ['a Decimal128', mongo.Decimal128.fromString('1.10')],
    ['a regular expression', /^acme/gi],
    ['a Buffer', Buffer.from('bytes')],
    ['an object with toBSON', { toBSON: () => ({ replaced: true }) }],
    ['a field named __proto__', JSON.parse('{"__proto__": {"polluted": true}, "kept": 1}') as unknown],
    ['a Map', new Map([['a', 1]])],
  ])('%s normalizes as the round trip does', (_, value) => {
    const input = { v: value, nested: [{ v: value }] };
    const normalized = normalizeValue(input);
    expect(normalized).toEqual(roundTrip(input));
    expect(Object.getPrototypeOf(normalized.nested[0])).toBe(Object.prototype);
  });

  test('a normalized value shares nothing a caller could change with what was passed', () => {
    const input = { filter: { tags: ['a'], at: new Date(0) } };
    const normalized = normalizeValue(input);
    normalized.filter.tags.push('b');
    normalized.filter.at.setTime(1);
    expect(input).toEqual({ filter: { tags: ['a'], at: new Date(0) } });
  });
});
