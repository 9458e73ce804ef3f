// How one value becomes one CSV cell (docs/export.md). Text is what people typed, so a cell a
// spreadsheet would run as a formula (starting with =, +, -, @, or a tab or carriage return that
// some spreadsheets skip before looking) is prefixed with an apostrophe: the cell shows the text
// and runs nothing (the OWASP "CSV injection" advice). Numbers, booleans and times are written by
// the export itself and never start a formula.

const FORMULA_START = /^[=+\-@\t\r]/;

export function textCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function numberCell(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

export const booleanCell = (value: boolean | null | undefined): string =>
  value === null || value === undefined ? '' : value ? 'true' : 'false';

// Money: the decimal text of the amount with its two decimals (1250.5 -> "1250.50"), never a
// float a spreadsheet could round; amounts are whole hundredths (docs/money.md).
export function moneyCell(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const hundredths = BigInt(Math.round(value * 100));
  const negative = hundredths < 0n;
  const digits = (negative ? -hundredths : hundredths).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

// Lists (sic codes) joined with "; "; objects (custom fields, attendees) as compact JSON, which
// keeps every key and value and starts with { or [, never a formula.
export const listCell = (values: readonly string[] | null | undefined): string => textCell((values ?? []).join('; '));
export const jsonCell = (value: unknown): string =>
  value === null || value === undefined ? '' : JSON.stringify(value);
