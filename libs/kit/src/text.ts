// Surrounding whitespace and case are not part of an email: " Ann@Example.com " is
// ann@example.com wherever it is stored or looked up.
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// One case-insensitive pattern finding any of the terms in a text, each as a whole word where it
// starts or ends with a word character (so "Ted" is found in "Call Ted" but not in "created"),
// longest first. Null when there is no term.
export function wholeWordsPattern(terms: readonly string[]): RegExp | null {
  const unique = [...new Set(terms.filter((term) => term.length > 0))].sort((a, b) => b.length - a.length);
  if (unique.length === 0) return null;
  const alternatives = unique.map(
    (term) => `${/^\w/.test(term) ? '(?<!\\w)' : ''}${escapeRegExp(term)}${/\w$/.test(term) ? '(?!\\w)' : ''}`,
  );
  return new RegExp(alternatives.join('|'), 'gi');
}
