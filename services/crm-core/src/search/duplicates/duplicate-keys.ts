// The keys two records share when they are likely the same: kept on every write of a company or a
// contact (company-rules, contact-view) and indexed, so grouping and import matching read keys,
// never whole collections. Pure functions: the same text always gives the same key.

// Trailing words that say what kind of company it is, not which one: "Acme Ltd" is "Acme Limited".
export const LEGAL_SUFFIXES: ReadonlySet<string> = new Set([
  'ltd',
  'limited',
  'plc',
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'gmbh',
  'ag',
  'kg',
  'co',
  'corp',
  'corporation',
  'company',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'bv',
  'nv',
  'oy',
  'ab',
  'pty',
  'pte',
  'cic',
]);

// Lower case without diacritics, every run of other characters a separator: the words of a text.
export function foldedWords(text: string | null | undefined): string[] {
  if (typeof text !== 'string') return [];
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

// "Acme Ltd", "ACME, Limited", "Acmé Inc." -> "acme". Legal suffixes are dropped from the end
// only (a name that is nothing but them keeps them); words are joined without spaces, so
// "Acme Widgets" and "AcmeWidgets" meet too.
export function companyNameKey(name: string | null | undefined): string | null {
  const words = foldedWords(name);
  let end = words.length;
  while (end > 0 && LEGAL_SUFFIXES.has(words[end - 1])) end -= 1;
  const kept = end === 0 ? words : words.slice(0, end);
  const key = kept.join('');
  return key === '' ? null : key;
}

// "WWW.Acme.com." -> "acme.com": the domain two companies share.
export function domainKey(domain: string | null | undefined): string | null {
  if (typeof domain !== 'string') return null;
  const key = domain
    .trim()
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  return key === '' ? null : key;
}

// First and last name as one key: "Zoë O'Brien" and "zoe obrien" -> "zoeobrien" (case,
// diacritics, punctuation and spacing ignored, as for company names).
export function contactNameKey(first: string | null | undefined, last: string | null | undefined): string | null {
  const words = [...foldedWords(first), ...foldedWords(last)];
  return words.length === 0 ? null : words.join('');
}
