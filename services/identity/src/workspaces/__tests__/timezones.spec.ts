import { canonicalTimeZone } from '../timezones';

describe('canonicalTimeZone', () => {
  it.each([
    ['Europe/London', 'Europe/London'],
    ['europe/paris', 'Europe/Paris'],
    ['UTC', 'UTC'],
    ['utc', 'UTC'],
    ['Etc/GMT+1', 'Etc/GMT+1'],
    ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
    ['US/Eastern', 'US/Eastern'],
  ])('accepts %s as %s', (name, canonical) => {
    expect(canonicalTimeZone(name)).toBe(canonical);
  });

  it.each([
    'Mars/Olympus_Mons',
    '+01:00',
    'GMT+1',
    'Europe/',
    '',
    ' Europe/London',
    'Europe/London; drop',
    '../../etc/passwd',
  ])('refuses %j', (name) => {
    expect(canonicalTimeZone(name)).toBeNull();
  });
});
