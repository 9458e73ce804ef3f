import { ERASED_MENTION, mentionPattern, personTerms, withoutMentions } from '../erasure-text';

const ann = { first_name: 'Ann', last_name: 'Lee-Smith', email: 'ann.lee@example.com', phone: '+44 20 7946 0001', mobile: null };

describe('erasure text', () => {
  it('looks for the full name both ways, the email, the phones and each name long enough, longest first', () => {
    expect(personTerms(ann)).toEqual(['ann.lee@example.com', '+44 20 7946 0001', 'Lee-Smith, Ann', 'Ann Lee-Smith', 'Lee-Smith Ann', 'Lee-Smith', 'Ann']);
  });

  it('skips names too short to mean the person and empty fields', () => {
    expect(personTerms({ first_name: 'Al', last_name: null, email: null, phone: '  ', mobile: null })).toEqual([]);
  });

  it('replaces every mention whatever its case, whole words only', () => {
    const pattern = mentionPattern(personTerms(ann));
    expect(withoutMentions('Called ANN LEE-SMITH (ann.lee@example.com, +44 20 7946 0001) about the Annual review; Ann agreed', pattern)).toBe(
      `Called ${ERASED_MENTION} (${ERASED_MENTION}, ${ERASED_MENTION}) about the Annual review; ${ERASED_MENTION} agreed`,
    );
    expect(withoutMentions(null, pattern)).toBeNull();
    expect(withoutMentions('nothing here', mentionPattern([]))).toBe('nothing here');
  });

  it('treats characters of a term literally', () => {
    const pattern = mentionPattern(['a.b+c@example.com']);
    expect(withoutMentions('mail a.b+c@example.com not aXb+c@example.com', pattern)).toBe(`mail ${ERASED_MENTION} not aXb+c@example.com`);
  });
});
