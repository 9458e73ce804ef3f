import { isPlainObject, type Document } from './bson-values';
import { ErrorCodes, serverError } from './errors';

// The collations a CRM needs on indexes: the binary order ('simple') and English case-insensitive
// comparison (strength 1: base letters only; strength 2: accents count, case does not). Strings
// are folded before they are compared or indexed; the order among folded strings is by code
// point, not ICU's full ordering (punctuation and digits order differently from MongoDB).
export interface Collation {
  readonly spec: Document;
  fold(text: string): string;
}

const COMBINING_MARKS = /\p{M}/gu;

const SUPPORTED_OPTIONS = new Set([
  'locale',
  'strength',
  'caseLevel',
  'caseFirst',
  'numericOrdering',
  'alternate',
  'maxVariable',
  'normalization',
  'backwards',
]);

// Returns undefined for the simple (binary) collation; refuses anything it cannot honour.
export function parseCollation(spec: unknown): Collation | undefined {
  if (spec === undefined || spec === null) return undefined;
  if (!isPlainObject(spec)) throw serverError(ErrorCodes.BadValue, 'BadValue', 'collation must be an object');
  for (const key of Object.keys(spec)) {
    if (!SUPPORTED_OPTIONS.has(key))
      throw serverError(ErrorCodes.BadValue, 'BadValue', `unknown collation option: ${key}`);
  }
  const locale: unknown = spec.locale;
  if (locale === 'simple') return undefined;
  const refuse = (reason: string): never => {
    throw serverError(
      ErrorCodes.CommandNotSupported,
      'CommandNotSupported',
      `The embedded MongoDB does not support the collation ${JSON.stringify(spec)}: ${reason}. Supported: {locale: 'simple'} and {locale: 'en', strength: 1 | 2}.`,
    );
  };
  if (typeof locale !== 'string' || !/^en(_|$)/.test(locale)) return refuse('only English (en) is supported');
  const strength: unknown = spec.strength ?? 3;
  if (strength !== 1 && strength !== 2) return refuse('only strength 1 and 2 (case-insensitive) are supported');
  if (
    spec.caseLevel === true ||
    spec.numericOrdering === true ||
    (spec.alternate !== undefined && spec.alternate !== 'non-ignorable')
  ) {
    return refuse('caseLevel, numericOrdering and alternate are not supported');
  }
  const fold =
    strength === 1
      ? (text: string): string => text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase()
      : (text: string): string => text.normalize('NFC').toLowerCase();
  return { spec: { locale, strength }, fold };
}

// A query may only ask for the simple collation: matching, sorting and ranges under a
// case-insensitive collation are refused for queries rather than answered differently.
export function refuseQueryCollation(spec: unknown): void {
  if (spec === undefined || spec === null) return;
  if (isPlainObject(spec) && spec.locale === 'simple') return;
  throw serverError(
    ErrorCodes.CommandNotSupported,
    'CommandNotSupported',
    `The embedded MongoDB does not support queries with a collation (${JSON.stringify(spec)}); ` +
      'use a unique index with a collation for case-insensitive uniqueness, and store a folded copy of the field to query it.',
  );
}
