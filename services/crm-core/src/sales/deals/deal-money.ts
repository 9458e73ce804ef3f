import { decimalUnits, joinMinorHalves, majorUnits, minorAmount } from '@crm/kit';

// Deals store a value as integer minor units and its two halves (docs/money.md), under these
// field names; the arithmetic is the kit's.

export interface MinorParts {
  value_minor: number;
  value_high: number;
  value_low: number;
}

export const majorOf = majorUnits;

// A weighted amount: minor units × percent, i.e. 10^-4 major units, exact to four decimals.
export const weightedMajorOf = (minorTimesPercent: bigint): number => decimalUnits(minorTimesPercent, 4);

// A request's value (major units) as stored; more than two decimals is a 400 naming the field.
export function minorParts(value: number, field = 'value'): MinorParts {
  const { minor, high, low } = minorAmount(value, field);
  return { value_minor: minor, value_high: high, value_low: low };
}

// The exact minor units of summed halves.
export const joinHalves = joinMinorHalves;
