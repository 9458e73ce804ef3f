import { knownTimezone, periodsAt } from '../deal-periods';

describe('periodsAt', () => {
  it('gives the calendar month and quarter of the workspace time zone as UTC instants', () => {
    // 23:30 UTC on 31 March is already 1 April in Berlin (summer time, +02:00).
    const periods = periodsAt(new Date('2026-03-31T23:30:00.000Z'), 'Europe/Berlin');
    expect(periods.month).toEqual({ from: '2026-03-31T22:00:00.000Z', to: '2026-04-30T22:00:00.000Z' });
    expect(periods.quarter).toEqual({ from: '2026-03-31T22:00:00.000Z', to: '2026-06-30T22:00:00.000Z' });
  });

  it('keeps the previous month where the local clock has not reached the next one', () => {
    const periods = periodsAt(new Date('2026-04-01T03:00:00.000Z'), 'America/New_York');
    // 23:00 on 31 March in New York (-04:00): still March and the first quarter.
    expect(periods.month).toEqual({ from: '2026-03-01T05:00:00.000Z', to: '2026-04-01T04:00:00.000Z' });
    expect(periods.quarter).toEqual({ from: '2026-01-01T05:00:00.000Z', to: '2026-04-01T04:00:00.000Z' });
  });

  it('rolls the fourth quarter into the next year and follows London across daylight saving', () => {
    const periods = periodsAt(new Date('2026-11-15T12:00:00.000Z'), 'Europe/London');
    expect(periods.month).toEqual({ from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' });
    expect(periods.quarter).toEqual({ from: '2026-09-30T23:00:00.000Z', to: '2027-01-01T00:00:00.000Z' });
  });

  it('answers in UTC for a time zone the platform does not know', () => {
    expect(knownTimezone('Mars/Olympus_Mons')).toBe('UTC');
    expect(knownTimezone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });
});
