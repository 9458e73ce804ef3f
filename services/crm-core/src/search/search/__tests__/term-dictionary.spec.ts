import { TermDictionary } from '../term-dictionary';

interface Entry {
  term: string;
  n: number;
}

// Levenshtein distance, the slow way: what `within` must agree with.
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, column) => column);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1), row[j] + 1, next[j - 1] + 1);
    row = next;
  }
  return row[b.length];
}

// Words over a small alphabet, so that many share prefixes and many are a typo or two apart.
function words(count: number, seed = 7): string[] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const found = new Set<string>();
  while (found.size < count) {
    const length = 1 + Math.floor(random() * 7);
    found.add(Array.from({ length }, () => 'abcde'[Math.floor(random() * 5)]).join(''));
  }
  return [...found];
}

function filled(terms: string[]): TermDictionary<Entry> {
  const dictionary = new TermDictionary<Entry>();
  terms.forEach((term, n) => dictionary.set({ term, n }));
  return dictionary;
}

describe('the term dictionary', () => {
  // Over a thousand terms: several chunks, split as they fill.
  const terms = words(1500);

  it('finds each term, replaces one set again, and forgets a deleted one', () => {
    const dictionary = filled(terms);
    expect(dictionary.size).toBe(terms.length);
    expect(terms.every((term, n) => dictionary.get(term)?.n === n)).toBe(true);
    expect(dictionary.get('zzz')).toBeUndefined();
    dictionary.set({ term: terms[10], n: -1 });
    expect(dictionary.get(terms[10])?.n).toBe(-1);
    expect(dictionary.size).toBe(terms.length);
    for (const term of terms.slice(0, 1000)) dictionary.delete(term);
    dictionary.delete('not there');
    expect(dictionary.size).toBe(500);
    expect(dictionary.get(terms[0])).toBeUndefined();
    expect(terms.slice(1000).every((term, n) => dictionary.get(term)?.n === n + 1000)).toBe(true);
  });

  it('lists the terms with a prefix, in order', () => {
    const dictionary = filled(terms);
    for (const prefix of ['', 'a', 'cd', 'eee', 'abcde', 'x']) {
      expect([...dictionary.withPrefix(prefix)].map((entry) => entry.term)).toEqual(
        terms.filter((term) => term.startsWith(prefix)).sort(),
      );
    }
  });

  it('lists the terms within a number of typos, in order, each with its distance', () => {
    const dictionary = filled(terms);
    for (const word of ['a', 'abc', 'bdca', 'eeeee', 'abcdeab', 'x', 'cadbe']) {
      for (const typos of [0, 1, 2]) {
        const expected = terms
          .map((term): [string, number] => [term, distance(term, word)])
          .filter(([, found]) => found <= typos)
          .sort(([a], [b]) => (a < b ? -1 : 1));
        expect([...dictionary.within(word, typos)].map(([entry, found]) => [entry.term, found])).toEqual(expected);
      }
    }
  });

  it('answers nothing when empty', () => {
    const dictionary = new TermDictionary<Entry>();
    expect(dictionary.get('a')).toBeUndefined();
    expect([...dictionary.withPrefix('')]).toEqual([]);
    expect([...dictionary.within('a', 2)]).toEqual([]);
    dictionary.delete('a');
    expect(dictionary.size).toBe(0);
  });
});
