import { OrdinalSet } from './ordinal-set';
import { TermDictionary } from './term-dictionary';
import type { SearchIndex } from './search-index';
import {
  searchTerms,
  SEARCH_TYPES,
  SEARCHABLE_FIELDS,
  typosAllowed,
  type IndexMatch,
  type SearchableField,
  type SearchDocument,
  type SearchType,
} from './search-text';

// The embedded default: an inverted index in memory, one per workspace, so a query never even
// reads another workspace's terms. It holds what the search projection holds; it is filled from
// it when the service starts (search-projection).
//
// It ranks as Meilisearch does, in buckets rather than by a score summed over every hit: first
// the records where every query word is a whole word (tier 0), then those where the last one is
// at least the start of one (1), then those where some word matched only with a typo (2); inside
// a bucket the record whose words sit in weightier fields (a name counts most) comes first, then
// the one indexed first. Each bucket is an intersection of bit sets, and a bucket is read in
// order only until nothing later can rank higher: a word in 100,000 records costs about what a
// word in 20 does, and a rare word next to common ones ("Zephyr100000x Trading Ltd") costs no more.
// The terms themselves are kept in a sorted dictionary (term-dictionary.ts), which finds those with
// a prefix and those within a typo budget without reading the others, in the terms' order.
const FIELD_WEIGHT: Record<SearchableField, number> = {
  name: 3,
  email: 2,
  domain: 2,
  account_number: 1,
  postcode: 1,
  phone: 1,
};
const WEIGHTS = SEARCHABLE_FIELDS.map((field) => FIELD_WEIGHT[field]);
// A workspace's positions are renumbered once more of them are free than taken.
const COMPACT_AFTER = 1000;
// How many terms one query word may stand for, as Meilisearch bounds them: words that start with
// it (the last word), and words one or two typos away, the first in the terms' order. "z" asks for
// a thousand words beginning with z, not for all of them.
const PREFIX_TERMS_MAX = 1000;
const TYPO_TERMS_MAX = [0, 150, 50];

const EXACT = 0;
const PREFIX = 1;
const TYPO = 2;
const TIERS = [EXACT, PREFIX, TYPO] as const;

interface Posting {
  term: string;
  // Positions of the records holding the term, ascending.
  ordinals: number[];
  // A bit per field the term has been seen in (a removal does not clear it: it only bounds).
  fields: number;
}

// A record as the index keeps it: its terms are the postings themselves, so each term's text is
// held once per workspace, with a bit per field the record has it in: one character per posting
// (a string of six-bit codes is a tenth of the memory of an array of numbers, and a workspace
// holds one entry per record).
interface Entry {
  id: string;
  type: SearchType;
  postings: Posting[];
  fields: string;
}

// The type as one of the index's own strings, not the copy each stored document decodes to.
const typeOf = (type: SearchType): SearchType => SEARCH_TYPES.find((known) => known === type) ?? type;

// What one query word matches: each matching term with its kind, and by tier the records holding
// a term of that kind or better, and the weightiest field such a term can be in.
interface WordMatch {
  kinds: Map<Posting, number>;
  records: [OrdinalSet, OrdinalSet, OrdinalSet];
  ceiling: [number, number, number];
}

// The weight of the weightiest field of each combination of fields.
const HEAVIEST = Array.from({ length: 1 << WEIGHTS.length }, (_, fields) =>
  WEIGHTS.reduce((weight, fieldWeight, field) => (fields & (1 << field) ? Math.max(weight, fieldWeight) : weight), 0),
);

// Each term of a record with the fields (bits) it is in.
function termFields(document: SearchDocument): Map<string, number> {
  const terms = new Map<string, number>();
  SEARCHABLE_FIELDS.forEach((field, position) => {
    for (const term of searchTerms(document[field])) terms.set(term, (terms.get(term) ?? 0) | (1 << position));
  });
  return terms;
}

// Where `ordinal` belongs in an ascending list.
function positionOf(list: readonly number[], ordinal: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle] < ordinal) low = middle + 1;
    else high = middle;
  }
  return low;
}

// Puts `ordinal` in its place in an ascending list; a new record's (the highest) goes at the end.
function insertOrdinal(list: number[], ordinal: number): void {
  if (list.length === 0 || list[list.length - 1] < ordinal) list.push(ordinal);
  else list.splice(positionOf(list, ordinal), 0, ordinal);
}

const NOTHING_KEPT: ReadonlySet<Posting> = new Set();

interface Ranked {
  ordinal: number;
  score: number;
}

class WorkspaceIndex {
  private entries: Array<Entry | undefined> = [];
  private readonly ordinals = new Map<string, number>();
  private terms = new TermDictionary<Posting>();
  private free = 0;

  get size(): number {
    return this.ordinals.size;
  }

  upsert(document: SearchDocument): void {
    const terms = termFields(document);
    const ordinal = this.ordinals.get(document.id);
    if (ordinal === undefined) {
      this.add(document.id, document.type, terms);
      return;
    }
    const before = this.entries[ordinal]!;
    const kept = new Set<Posting>();
    for (const posting of before.postings) {
      if (terms.has(posting.term)) kept.add(posting);
      else this.unpost(posting, new Set([ordinal]));
    }
    this.entries[ordinal] = this.entryOf(document.id, document.type, terms, ordinal, kept);
  }

  // A new record takes the next position, the highest: it goes at the end of every list.
  private add(id: string, type: SearchType, terms: ReadonlyMap<string, number>): void {
    const fresh = this.entries.length;
    this.entries.push(this.entryOf(id, type, terms, fresh));
    this.ordinals.set(id, fresh);
  }

  // The entry of the record at `ordinal` with these terms: each term's posting learns the fields
  // and gets the position in its ascending list (unless `kept` says it has it already); a new
  // term's posting starts with it. Arrays are made at their size: one grown by a push from empty
  // keeps room for 17 elements, and most terms (a name, a domain, a phone) belong to one record.
  private entryOf(
    id: string,
    type: SearchType,
    terms: ReadonlyMap<string, number>,
    ordinal: number,
    kept: ReadonlySet<Posting> = NOTHING_KEPT,
  ): Entry {
    const postings = new Array<Posting>(terms.size);
    const masks = new Array<number>(terms.size);
    let at = 0;
    for (const [term, fields] of terms) {
      let posting = this.terms.get(term);
      if (posting) {
        if (!kept.has(posting)) insertOrdinal(posting.ordinals, ordinal);
      } else {
        posting = { term, ordinals: [ordinal], fields: 0 };
        this.terms.set(posting);
      }
      posting.fields |= fields;
      postings[at] = posting;
      masks[at] = fields;
      at += 1;
    }
    return { id, type: typeOf(type), postings, fields: String.fromCharCode(...masks) };
  }

  remove(ids: readonly string[]): void {
    const gone = new Map<Posting, Set<number>>();
    for (const id of ids) {
      const ordinal = this.ordinals.get(id);
      if (ordinal === undefined) continue;
      for (const posting of this.entries[ordinal]!.postings) {
        const ordinals = gone.get(posting) ?? new Set<number>();
        ordinals.add(ordinal);
        gone.set(posting, ordinals);
      }
      this.entries[ordinal] = undefined;
      this.ordinals.delete(id);
      this.free += 1;
    }
    for (const [posting, ordinals] of gone) this.unpost(posting, ordinals);
    if (this.free > COMPACT_AFTER && this.free > this.ordinals.size) this.compact();
  }

  private unpost(posting: Posting, ordinals: ReadonlySet<number>): void {
    if (ordinals.size === 1) {
      const [ordinal] = ordinals;
      const at = positionOf(posting.ordinals, ordinal);
      if (posting.ordinals[at] === ordinal) posting.ordinals.splice(at, 1);
    } else posting.ordinals = posting.ordinals.filter((ordinal) => !ordinals.has(ordinal));
    if (posting.ordinals.length === 0) this.terms.delete(posting.term);
  }

  // Renumbers the records in their order, leaving no free positions.
  private compact(): void {
    const live = this.entries.filter((entry): entry is Entry => entry !== undefined);
    this.entries = [];
    this.ordinals.clear();
    this.terms = new TermDictionary<Posting>();
    this.free = 0;
    for (const entry of live)
      this.add(
        entry.id,
        entry.type,
        new Map(entry.postings.map((posting, at) => [posting.term, entry.fields.charCodeAt(at)])),
      );
  }

  // As Meilisearch reads a query: the last word may be the start of a word, the others are whole;
  // any word may carry the typos its length allows.
  private match(word: string, last: boolean, capacity: number): WordMatch {
    const kinds = new Map<Posting, number>();
    const byKind: Array<Posting[]> = [[], [], []];
    const note = (posting: Posting, kind: number) => {
      if (kinds.has(posting)) return;
      kinds.set(posting, kind);
      byKind[kind].push(posting);
    };
    const exact = this.terms.get(word);
    if (exact) note(exact, EXACT);
    if (last) {
      let taken = 0;
      for (const posting of this.terms.withPrefix(word)) {
        if (taken === PREFIX_TERMS_MAX) break;
        note(posting, PREFIX);
        taken += 1;
      }
    }
    const typos = typosAllowed(word);
    if (typos > 0) {
      const taken = [0, 0, 0];
      for (const [posting, distance] of this.terms.within(word, typos)) {
        if (kinds.has(posting) || taken[distance] >= TYPO_TERMS_MAX[distance]) continue;
        taken[distance] += 1;
        note(posting, TYPO);
      }
    }
    const records = [] as unknown as WordMatch['records'];
    const ceiling: WordMatch['ceiling'] = [0, 0, 0];
    let set = new OrdinalSet(capacity);
    let weight = 0;
    for (const tier of TIERS) {
      if (tier > EXACT) set = set.copy();
      for (const posting of byKind[tier]) {
        set.addAll(posting.ordinals);
        weight = Math.max(weight, HEAVIEST[posting.fields]);
      }
      records[tier] = set;
      ceiling[tier] = weight;
    }
    return { kinds, records, ceiling };
  }

  // For each word, the weightiest field of the record holding a term that matches it at `tier`
  // or better.
  private scoreOf(entry: Entry, words: readonly WordMatch[], tier: number): number {
    let score = 0;
    for (const word of words) {
      let best = 0;
      entry.postings.forEach((posting, at) => {
        const kind = word.kinds.get(posting);
        if (kind !== undefined && kind <= tier) best = Math.max(best, HEAVIEST[entry.fields.charCodeAt(at)]);
      });
      score += best;
    }
    return score;
  }

  // The `wanted` best of one bucket: read in ascending position, and no further once as many
  // records as wanted have the highest score the bucket allows.
  private best(bucket: OrdinalSet, words: readonly WordMatch[], tier: number, wanted: number): Ranked[] {
    const ceiling = words.reduce((sum, word) => sum + word.ceiling[tier], 0);
    const chosen: Ranked[] = [];
    for (const ordinal of bucket) {
      const score = this.scoreOf(this.entries[ordinal]!, words, tier);
      if (chosen.length === wanted && score <= chosen[wanted - 1].score) continue;
      let at = chosen.length;
      while (at > 0 && chosen[at - 1].score < score) at -= 1;
      chosen.splice(at, 0, { ordinal, score });
      if (chosen.length > wanted) chosen.pop();
      if (chosen.length === wanted && chosen[wanted - 1].score >= ceiling) break;
    }
    return chosen;
  }

  search(words: readonly string[], limit: number): IndexMatch[] {
    const capacity = this.entries.length;
    const matches = words.map((word, position) => this.match(word, position === words.length - 1, capacity));
    const found: IndexMatch[] = [];
    let better: OrdinalSet | null = null;
    for (const tier of TIERS) {
      if (found.length >= limit) break;
      const within = matches.reduce((set, word) => set.and(word.records[tier]), matches[0].records[tier].copy());
      const bucket = better === null ? within : within.copy().andNot(better);
      for (const { ordinal, score } of this.best(bucket, matches, tier, limit - found.length)) {
        const entry = this.entries[ordinal]!;
        found.push({ type: entry.type, id: entry.id, score });
      }
      better = within;
    }
    return found;
  }
}

export class EmbeddedSearchIndex implements SearchIndex {
  readonly kind = 'embedded' as const;
  private readonly workspaces = new Map<string, WorkspaceIndex>();

  async prepare(): Promise<void> {}

  private indexOf(workspaceId: string): WorkspaceIndex {
    let workspace = this.workspaces.get(workspaceId);
    if (!workspace) {
      workspace = new WorkspaceIndex();
      this.workspaces.set(workspaceId, workspace);
    }
    return workspace;
  }

  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    this.addAll(documents);
  }

  // Loading at start: many documents at once, without waiting between them.
  addAll(documents: readonly SearchDocument[]): void {
    for (const document of documents) this.indexOf(document.workspace_id).upsert(document);
  }

  async remove(workspaceId: string, ids: readonly string[]): Promise<void> {
    this.workspaces.get(workspaceId)?.remove(ids);
  }

  async search(workspaceId: string, query: string, limit: number): Promise<IndexMatch[]> {
    const workspace = this.workspaces.get(workspaceId);
    const words = searchTerms(query);
    if (!workspace || words.length === 0 || limit <= 0) return [];
    return workspace.search(words, limit);
  }

  async clear(workspaceId?: string): Promise<void> {
    if (workspaceId === undefined) this.workspaces.clear();
    else this.workspaces.delete(workspaceId);
  }

  // How many records the index holds (start-up figures).
  size(): number {
    let total = 0;
    for (const workspace of this.workspaces.values()) total += workspace.size;
    return total;
  }

  async close(): Promise<void> {
    this.workspaces.clear();
  }
}
