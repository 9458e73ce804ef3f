import { wholeWordsPattern } from '@crm/kit';
import { randomUUID } from 'node:crypto';
import { namesAnyTerm, possibleContactIds } from '../redaction';

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

describe('the ids an erasure looks a feed entry up by', () => {
  const id = () => randomUUID();

  it("leaves out the ids of fields that never name a person: a company event's own, its owner's, its stage's", () => {
    const company = { company_id: id(), owner_id: id(), stage_id: id(), pipeline_id: id(), campaign_id: id() };
    expect([...possibleContactIds({ ...company, primary_contact_id: null, name: 'Acme' })]).toEqual([]);
    const contact = id();
    expect([...possibleContactIds({ ...company, primary_contact_id: contact })]).toEqual([contact]);
  });

  it("keeps a contact's id wherever it is: its own field, a target, a meeting's attendees, a merge's sources", () => {
    const [contact, manager, target, attendee, member, merged] = [id(), id(), id(), id(), id(), id()];
    const found = possibleContactIds({ contact_id: contact, reports_to_id: manager, company_id: id(), owner_id: id() });
    expect([...found].sort()).toEqual([contact, manager].sort());
    expect([...possibleContactIds({ activity_id: id(), target_type: 'contact', target_id: target })]).toEqual([target]);
    const meeting = {
      meeting_id: id(),
      organiser_id: id(),
      attendees: [
        { type: 'contact', id: attendee },
        { type: 'member', id: member },
      ],
    };
    // An attendee's id field says nothing of whose it is: both are kept.
    expect([...possibleContactIds(meeting)].sort()).toEqual([attendee, member].sort());
    expect([...possibleContactIds({ source_ids: [merged], merged_into_id: contact })].sort()).toEqual(
      [merged, contact].sort(),
    );
  });

  it('keeps ids of fields it does not know, at any depth, and reads no text as an id', () => {
    const [inCustom, deep] = [id(), id()];
    const found = possibleContactIds({
      custom: { referee: inCustom },
      extra: { nested: [{ person: deep }] },
      note: 'x',
    });
    expect([...found].sort()).toEqual([inCustom, deep].sort());
  });
});
