// How identity finds a person named inside its own text (audit entries, notifications) during an
// erasure: the terms crm-core sends (full name, names, email, phone), whole words where a term
// starts or ends with one, any case. What replaces a mention keeps the sentence readable.

export const ERASED_MENTION = '[erased]';
const MIN_TERM_LENGTH = 3;

export interface Mentions {
  pattern: RegExp;
  // The same alternatives for a store query ($regex).
  query: { $regex: string; $options: string };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function mentionsOf(terms: readonly string[]): Mentions | null {
  const usable = [...new Set(terms.map((term) => term.trim()).filter((term) => term.length >= MIN_TERM_LENGTH))].sort(
    (a, b) => b.length - a.length,
  );
  if (usable.length === 0) return null;
  const alternatives = usable.map(
    (term) => `${/^\w/.test(term) ? '(?<!\\w)' : ''}${escapeRegExp(term)}${/\w$/.test(term) ? '(?!\\w)' : ''}`,
  );
  const pattern = new RegExp(alternatives.join('|'), 'gi');
  return { pattern, query: { $regex: pattern.source, $options: 'i' } };
}
