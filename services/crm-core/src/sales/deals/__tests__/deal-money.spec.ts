import { joinHalves, majorOf, minorParts, weightedMajorOf } from '../deal-money';
import { closedBucket } from '../deal-totals-upkeep';

describe('deal money', () => {
  it('stores major units as integer hundredths in two halves and reads them back exactly', () => {
    expect(minorParts(0.3)).toEqual({ value_minor: 30, value_high: 0, value_low: 30 });
    expect(minorParts(1_000_000_000_000)).toEqual({
      value_minor: 100_000_000_000_000,
      value_high: 10_000_000,
      value_low: 0,
    });
    expect(minorParts(999_999_999_999.99)).toEqual({
      value_minor: 99_999_999_999_999,
      value_high: 9_999_999,
      value_low: 9_999_999,
    });
    expect(() => minorParts(0.001)).toThrow('value must have at most two decimal places');
    expect(() => minorParts(10.005)).toThrow('two decimal places');
  });

  it('adds without drift and writes amounts as their exact decimal', () => {
    expect(majorOf(joinHalves(0, 10) + joinHalves(0, 20))).toBe(0.3);
    // A million deals of 10^12: beyond 2^53 hundredths, still exact as BigInt.
    expect(joinHalves(10_000_000 * 1_000_000, 0)).toBe(100_000_000_000_000_000_000n);
    expect(weightedMajorOf(3333n * 33n)).toBe(10.9989);
    expect(majorOf(0)).toBe(0);
  });

  it('puts a closing time in its quarter hour', () => {
    expect(closedBucket('2026-11-23T10:37:12.345Z')).toBe('2026-11-23T10:30:00.000Z');
    expect(closedBucket('2026-11-23T10:00:00.000Z')).toBe('2026-11-23T10:00:00.000Z');
    expect(closedBucket('2026-11-23T23:59:59.999Z')).toBe('2026-11-23T23:45:00.000Z');
  });
});
