import { wholeWordsPattern } from '@crm/kit';
import { namesAnyTerm } from '../redaction';

describe('finding an erased person in a feed entry by value', () => {
  const ted = wholeWordsPattern(['Ted Lee', 'ted.lee@example.org', 'Ted', 'Lee'])!;

  it('finds a term as a whole word of any text value, at any depth, in any case', () => {
    expect(namesAnyTerm({ subject: 'Lunch', body: 'TED liked the demo' }, ted)).toBe(true);
    expect(namesAnyTerm({ attendees: [{ note: 'mail ted.lee@example.org' }] }, ted)).toBe(true);
    // The same pattern answers alike on every call (no state kept between texts).
    expect([namesAnyTerm({ a: 'Ted' }, ted), namesAnyTerm({ a: 'Ted' }, ted)]).toEqual([true, true]);
  });

  it('never reads field names, nor finds a term inside a longer word', () => {
    expect(namesAnyTerm({ created_at: '2026-01-01T00:00:00.000Z', contact_id: 'c1', version: 3 }, ted)).toBe(false);
    expect(namesAnyTerm({ name: 'Tedious Widgets', body: 'Leeds office', note: 'created' }, ted)).toBe(false);
    expect(namesAnyTerm({ count: 12, flag: true, nothing: null }, ted)).toBe(false);
  });

  it('has nothing to look for without a term', () => {
    expect(wholeWordsPattern([])).toBeNull();
  });
});
