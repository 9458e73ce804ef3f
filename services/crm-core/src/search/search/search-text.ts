import { foldedWords } from '../duplicates/duplicate-keys';

// What both index adapters agree on: the document a record becomes, how text splits into
// terms, how many typos a term may carry, and the order of hits (exact and prefix matches
// before typo matches, whatever engine found them).

export const SEARCH_TYPES = ['company', 'contact'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

// The searchable attributes, in the order of their weight (a name match counts most).
export const SEARCHABLE_FIELDS = ['name', 'email', 'domain', 'account_number', 'postcode', 'phone'] as const;
export type SearchableField = (typeof SEARCHABLE_FIELDS)[number];

export interface SearchDocument {
  id: string;
  workspace_id: string;
  type: SearchType;
  name: string | null;
  email: string | null;
  domain: string | null;
  account_number: string | null;
  postcode: string | null;
  phone: string | null;
}

// One hit as an index answers it: the record and the engine's own relevance (higher is better;
// only comparable within one engine's answer).
export interface IndexMatch {
  type: SearchType;
  id: string;
  score: number;
}

// Terms of a text: lower case, no diacritics, split at anything that is not a letter or a digit.
export const searchTerms = (text: string | null | undefined): string[] => foldedWords(text);

// Phone numbers are written many ways: each group of digits is a term, and so are all the digits
// together, so "+44 20 7946 0958" is found by "7946" and by "442079460958".
export function phoneText(...numbers: Array<string | null | undefined>): string | null {
  const parts: string[] = [];
  for (const number of numbers) {
    if (typeof number !== 'string' || number.trim() === '') continue;
    const groups = number.match(/\d+/g) ?? [];
    parts.push(...groups);
    if (groups.length > 1) parts.push(groups.join(''));
  }
  return parts.length === 0 ? null : [...new Set(parts)].join(' ');
}

// Meilisearch's default typo budget, used by the embedded index as well: none below 5
// characters, one from 5, two from 9; digits (phones, account numbers, postcodes) never.
export function typosAllowed(term: string): number {
  if (/^\d+$/.test(term)) return 0;
  if (term.length >= 9) return 2;
  return term.length >= 5 ? 1 : 0;
}

// 0: every query term is a whole term of the record; 1: every query term is at least the start
// of one; 2: some term matched only with a typo.
export function matchTier(query: string, document: Pick<SearchDocument, SearchableField>): 0 | 1 | 2 {
  const wanted = searchTerms(query);
  const have = new Set(SEARCHABLE_FIELDS.flatMap((field) => searchTerms(document[field])));
  if (wanted.every((term) => have.has(term))) return 0;
  const terms = [...have];
  if (wanted.every((term) => terms.some((candidate) => candidate.startsWith(term)))) return 1;
  return 2;
}

export interface RankedCandidate {
  document: Pick<SearchDocument, 'id' | 'type' | SearchableField>;
  score: number;
}

// Tier first, then the engine's score, then the id so equal hits keep a stable order.
export function rankCandidates(query: string, candidates: readonly RankedCandidate[], limit: number): IndexMatch[] {
  return candidates
    .map((candidate) => ({ candidate, tier: matchTier(query, candidate.document) }))
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        b.candidate.score - a.candidate.score ||
        a.candidate.document.id.localeCompare(b.candidate.document.id),
    )
    .slice(0, limit)
    .map(({ candidate }) => ({ type: candidate.document.type, id: candidate.document.id, score: candidate.score }));
}
