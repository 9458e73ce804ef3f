// An entry's `at` is its event's occurred_at with six fractional digits, so that the list,
// sorted and paged as text, orders entries as instants. Events have carried microseconds since
// they keep to the clock through bursts (libs/bus, event-envelope.ts); those of earlier publishers,
// and entries stored before, have milliseconds and gain three zeros.
export const MILLISECONDS_TIME = /\.\d{3}Z$/;

export function auditTime(occurredAt: string): string {
  return MILLISECONDS_TIME.test(occurredAt) ? `${occurredAt.slice(0, -1)}000Z` : occurredAt;
}
