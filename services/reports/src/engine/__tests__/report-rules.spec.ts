import { linearShares } from '../../fixed/marketing-report';
import { bucketOf, localDay, monthsBefore, monthsBetween } from '../time-zone';

describe('linear attribution shares', () => {
  it('split a value in cents that add up to it exactly, the first touches taking the remainder', () => {
    expect(linearShares(10001, 2)).toEqual([5001, 5000]);
    expect(linearShares(9000, 3)).toEqual([3000, 3000, 3000]);
    expect(linearShares(100, 3)).toEqual([34, 33, 33]);
    expect(linearShares(1, 4)).toEqual([1, 0, 0, 0]);
    for (const [value, parts] of [
      [123457, 7],
      [99, 10],
      [0, 3],
    ] as const) {
      expect(linearShares(value, parts).reduce((sum, share) => sum + share, 0)).toBe(value);
    }
  });
});

describe('dates in the workspace time zone', () => {
  it('takes a timestamp’s day where the workspace is', () => {
    expect(localDay('2026-03-31T23:30:00.000Z', 'UTC')).toBe('2026-03-31');
    expect(localDay('2026-03-31T23:30:00.000Z', 'Europe/London')).toBe('2026-04-01');
    expect(localDay('2026-01-01T03:00:00.000Z', 'America/New_York')).toBe('2025-12-31');
    expect(localDay('2026-07-01T20:00:00.000Z', 'Asia/Kolkata')).toBe('2026-07-02');
    expect(localDay('2026-05-04', 'Asia/Tokyo')).toBe('2026-05-04');
  });

  it('buckets days by week (Monday), month, quarter and year', () => {
    expect(bucketOf('2026-11-26', 'week')).toEqual({ key: '2026-11-23', label: 'Week of 23 Nov 2026' });
    expect(bucketOf('2026-11-23', 'week').key).toBe('2026-11-23');
    expect(bucketOf('2026-11-29', 'week').key).toBe('2026-11-23');
    expect(bucketOf('2026-11-26', 'month')).toEqual({ key: '2026-11', label: 'Nov 2026' });
    expect(bucketOf('2026-11-26', 'quarter')).toEqual({ key: '2026-Q4', label: 'Q4 2026' });
    expect(bucketOf('2026-02-01', 'quarter').key).toBe('2026-Q1');
    expect(bucketOf('2026-11-26', 'year')).toEqual({ key: '2026', label: '2026' });
    expect(bucketOf('2026-11-26', 'day')).toEqual({ key: '2026-11-26', label: '26 Nov 2026' });
  });

  it('counts months back and lists the months of a period', () => {
    expect(monthsBefore('2026-11-24', 12)).toBe('2025-11-24');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2026-11-01', 11)).toBe('2025-12-01');
    expect(monthsBetween('2025-12-01', '2026-11-24')).toHaveLength(12);
    expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});
