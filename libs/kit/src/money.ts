import { validationFailed } from './errors';

// Money is stored as integers of minor units (hundredths of the major unit) and summed with
// BigInt, so no sum drifts (0.1 + 0.2 is 0.3); see docs/money.md. Shared by every service that
// stores or adds amounts.

const MINOR_PER_MAJOR = 100;
// minor = high × MONEY_SPLIT + low: each half stays small enough for the store to add a million
// of them exactly as doubles.
export const MONEY_SPLIT = 10_000_000;

export interface MinorAmount {
  minor: number;
  high: number;
  low: number;
}

// "12345" with scale 2 -> "123.45"; trailing zeros go, as a JSON number would write it.
function decimalText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

// An integer count of 10^-scale units as the nearest double to its exact decimal.
export const decimalUnits = (units: bigint | number, scale: number): number =>
  Number(decimalText(BigInt(units), scale));

// Major units as the API shows them: the nearest double to the exact decimal, so 0.3 reads 0.3.
export const majorUnits = (minor: bigint | number): number => decimalUnits(minor, 2);

// A request's amount (major units) as stored; more than two decimals is a 400 naming the field.
export function minorAmount(value: number, field: string): MinorAmount {
  const minor = Math.round(value * MINOR_PER_MAJOR);
  if (majorUnits(minor) !== value) throw validationFailed(`${field} must have at most two decimal places`);
  const high = Math.floor(minor / MONEY_SPLIT);
  return { minor, high, low: minor - high * MONEY_SPLIT };
}

// The exact minor units of summed halves.
export const joinMinorHalves = (high: number, low: number): bigint => BigInt(high) * BigInt(MONEY_SPLIT) + BigInt(low);
