import { isInPlace, planFor } from '../plan-rules';

const now = new Date('2026-11-24T12:00:00.000Z');
const later = '2026-12-24T12:00:00.000Z';
const earlier = '2026-11-01T12:00:00.000Z';

describe('which plan a workspace is on', () => {
  it.each(['trialing', 'active', 'past_due'] as const)(
    'is Standard while a subscription is %s, complimentary period or not',
    (status) => {
      expect(isInPlace(status)).toBe(true);
      expect(planFor(status, null, now)).toBe('standard');
      expect(planFor(status, earlier, now)).toBe('standard');
    },
  );

  it.each(['complimentary', 'none', 'incomplete', 'incomplete_expired', 'canceled', 'unpaid', 'paused'] as const)(
    'without a subscription in place (%s) is Standard only until complimentary_until',
    (status) => {
      expect(isInPlace(status)).toBe(false);
      expect(planFor(status, later, now)).toBe('standard');
      expect(planFor(status, earlier, now)).toBe('free');
      expect(planFor(status, now.toISOString(), now)).toBe('free');
      expect(planFor(status, null, now)).toBe('free');
    },
  );
});
