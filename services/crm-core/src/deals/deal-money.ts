import { validationFailed } from '@crm/kit';

// Money is stored as integers of minor units (hundredths of the major unit) and summed with
// BigInt, so no sum drifts (0.1 + 0.2 is 0.3); see docs/money.md.

const MINOR_PER_MAJOR = 100;
// value_minor = high × SPLIT + low.
const SPLIT = 10_000_000;

export interface MinorParts {
  value_minor: number;
  value_high: number;
  value_low: number;
}

// "12345" with scale 2 -> "123.45"; trailing zeros go, as a JSON number would write it.
function decimalText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

// Major units as the API shows them: the nearest double to the exact decimal, so 0.3 reads 0.3.
export const majorOf = (minor: bigint | number): number => Number(decimalText(BigInt(minor), 2));

// A weighted amount: minor units × percent, i.e. 10^-4 major units, exact to four decimals.
export const weightedMajorOf = (minorTimesPercent: bigint): number => Number(decimalText(minorTimesPercent, 4));

// A request's value (major units) as stored; more than two decimals is a 400 naming the field.
export function minorParts(value: number, field = 'value'): MinorParts {
  const minor = Math.round(value * MINOR_PER_MAJOR);
  if (majorOf(minor) !== value) throw validationFailed(`${field} must have at most two decimal places`);
  const high = Math.floor(minor / SPLIT);
  return { value_minor: minor, value_high: high, value_low: minor - high * SPLIT };
}

// The exact minor units of summed halves.
export const joinHalves = (high: number, low: number): bigint => BigInt(high) * BigInt(SPLIT) + BigInt(low);
