import { isEventData } from '@crm/protos';
import type { ContactRecord } from '../../records/contacts/contact.model';

// What replaces the person's name, email or phone inside text that is not theirs (a note on a
// company, a task's title, a meeting's notes): the entry keeps its meaning, not the person.
export const ERASED_MENTION = '[erased]';

// Terms shorter than this are not looked for inside other text (a two-letter first name would
// rewrite every word that contains it).
const MIN_TERM_LENGTH = 3;

// How the person may be written inside other text: full name both ways round, each name on its
// own when it is long enough to mean them, the email and the phone numbers as written.
export function personTerms(
  contact: Pick<ContactRecord, 'first_name' | 'last_name' | 'email' | 'phone' | 'mobile'>,
): string[] {
  const first = contact.first_name?.trim() || null;
  const last = contact.last_name?.trim() || null;
  const terms = [
    first && last ? `${first} ${last}` : null,
    first && last ? `${last}, ${first}` : null,
    first && last ? `${last} ${first}` : null,
    contact.email?.trim() || null,
    contact.phone?.trim() || null,
    contact.mobile?.trim() || null,
    last,
    first,
  ];
  const unique: string[] = [];
  for (const term of terms) {
    if (term === null || term.length < MIN_TERM_LENGTH) continue;
    if (!unique.some((kept) => kept.toLowerCase() === term.toLowerCase())) unique.push(term);
  }
  // Longest first, so "Ann Lee" is replaced whole before "Ann" alone.
  return unique.sort((a, b) => b.length - a.length);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// One case-insensitive pattern for every term; a name matches only as a whole word, so erasing
// "Ann" leaves "Annual" alone. Null when there is nothing to look for.
export function mentionPattern(terms: readonly string[]): RegExp | null {
  if (terms.length === 0) return null;
  const alternatives = terms.map((term) => {
    const escaped = escapeRegExp(term);
    // Word boundaries only where the term starts or ends with a word character.
    const start = /^\w/.test(term) ? '(?<![\\w])' : '';
    const end = /\w$/.test(term) ? '(?![\\w])' : '';
    return `${start}${escaped}${end}`;
  });
  return new RegExp(alternatives.join('|'), 'gi');
}

// The text with every mention replaced, or the same string when it mentions none.
export function withoutMentions(text: string | null, pattern: RegExp | null): string | null {
  if (text === null || pattern === null) return text;
  return text.replace(pattern, ERASED_MENTION);
}

// Whether any of the record's text fields names the person.
export function namesPerson<R extends object>(
  record: R,
  fields: ReadonlyArray<keyof R & string>,
  pattern: RegExp,
): boolean {
  return fields.some((field) => {
    const text = (record[field] as string | null | undefined) ?? null;
    return withoutMentions(text, pattern) !== text;
  });
}

// A pattern for the store's $regex (same alternatives, flags apart).
export function mentionQuery(pattern: RegExp | null): { $regex: string; $options: string } | null {
  return pattern === null ? null : { $regex: pattern.source, $options: 'i' };
}

// crm-core's records whose free text may name anyone, and the fields holding it: what the erasure
// rewrites in the records and in the events about them (`crm.activity.*`, ...).
export const MENTIONING_FIELDS = {
  activity: ['subject', 'body', 'outcome'],
  task: ['title', 'notes'],
  meeting: ['title', 'notes', 'location', 'outcome'],
} as const;

const TEXT_FIELDS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(MENTIONING_FIELDS).map(([record, fields]) => [`crm.${record}`, fields]),
);

// A kept event's payload with the person's mentions replaced in those fields (whole words, as in
// the records), or null when it names them in none: ids, dates and other fields are not read.
export function eventWithoutMentions(
  event: { type: string; data: unknown },
  pattern: RegExp,
): Record<string, unknown> | null {
  const fields = TEXT_FIELDS[event.type.split('.').slice(0, 2).join('.')];
  if (!fields || !isEventData(event.data)) return null;
  const data = event.data;
  const next = { ...data };
  let changed = false;
  for (const field of fields) {
    const value = data[field];
    if (typeof value !== 'string') continue;
    const scrubbed = withoutMentions(value, pattern);
    if (scrubbed !== value) {
      next[field] = scrubbed;
      changed = true;
    }
  }
  return changed ? next : null;
}
