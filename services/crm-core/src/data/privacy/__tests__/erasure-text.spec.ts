import { ERASED_MENTION, eventWithoutMentions, mentionPattern, personTerms, withoutMentions } from '../erasure-text';

const ann = {
  first_name: 'Ann',
  last_name: 'Lee-Smith',
  email: 'ann.lee@example.com',
  phone: '+44 20 7946 0001',
  mobile: null,
};

describe('erasure text', () => {
  it('looks for the full name both ways, the email, the phones and each name long enough, longest first', () => {
    expect(personTerms(ann)).toEqual([
      'ann.lee@example.com',
      '+44 20 7946 0001',
      'Lee-Smith, Ann',
      'Ann Lee-Smith',
      'Lee-Smith Ann',
      'Lee-Smith',
      'Ann',
    ]);
  });

  it('skips names too short to mean the person and empty fields', () => {
    expect(personTerms({ first_name: 'Al', last_name: null, email: null, phone: '  ', mobile: null })).toEqual([]);
  });

  it('replaces every mention whatever its case, whole words only', () => {
    const pattern = mentionPattern(personTerms(ann));
    expect(
      withoutMentions(
        'Called ANN LEE-SMITH (ann.lee@example.com, +44 20 7946 0001) about the Annual review; Ann agreed',
        pattern,
      ),
    ).toBe(
      `Called ${ERASED_MENTION} (${ERASED_MENTION}, ${ERASED_MENTION}) about the Annual review; ${ERASED_MENTION} agreed`,
    );
    expect(withoutMentions(null, pattern)).toBeNull();
    expect(withoutMentions('nothing here', mentionPattern([]))).toBe('nothing here');
  });

  it('treats characters of a term literally', () => {
    const pattern = mentionPattern(['a.b+c@example.com']);
    expect(withoutMentions('mail a.b+c@example.com not aXb+c@example.com', pattern)).toBe(
      `mail ${ERASED_MENTION} not aXb+c@example.com`,
    );
  });

  it("rewrites a kept event's text fields only, leaving other fields, keys and other events alone", () => {
    const pattern = mentionPattern(
      personTerms({ first_name: 'Ted', last_name: 'Lee', email: null, phone: null, mobile: null }),
    )!;
    const note = {
      activity_id: 'a1',
      type: 'note',
      subject: 'Call Ted',
      body: 'Ted Lee liked the Tedious demo',
      outcome: null,
      target_type: 'company',
      created_at: '2026-01-01',
      version: 1,
    };
    expect(eventWithoutMentions({ type: 'crm.activity.created', data: note }, pattern)).toEqual({
      ...note,
      subject: `Call ${ERASED_MENTION}`,
      body: `${ERASED_MENTION} liked the Tedious demo`,
    });
    expect(
      eventWithoutMentions(
        { type: 'crm.task.updated', data: { task_id: 't1', title: 'Send Ted the quote', notes: null } },
        pattern,
      ),
    ).toEqual({ task_id: 't1', title: `Send ${ERASED_MENTION} the quote`, notes: null });
    // Nothing named: left as it is (`created_at` holds "ted", but keys and dates are not text fields).
    expect(
      eventWithoutMentions(
        { type: 'crm.activity.created', data: { ...note, subject: 'Lunch', body: 'Tedious demo' } },
        pattern,
      ),
    ).toBeNull();
    // Another contact called Ted, a company named after them: not crm-core's text to rewrite here.
    expect(
      eventWithoutMentions({ type: 'crm.contact.created', data: { contact_id: 'c2', first_name: 'Ted' } }, pattern),
    ).toBeNull();
    expect(
      eventWithoutMentions({ type: 'crm.company.created', data: { company_id: 'c3', name: 'Ted Lee Ltd' } }, pattern),
    ).toBeNull();
  });
});
