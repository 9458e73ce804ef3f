import { companyNameKey, contactNameKey, domainKey } from '../duplicate-keys';

describe('duplicate keys', () => {
  it('reads company names alike whatever their case, punctuation, accents and legal suffixes', () => {
    for (const name of [
      'Acme',
      'ACME Ltd',
      'Acme Limited',
      'acme, plc',
      'Acmé Inc.',
      'Acme LLC',
      'Acme GmbH',
      'A.C.M.E.',
      ' Acme  Co. Ltd ',
    ]) {
      expect({ name, key: companyNameKey(name) }).toEqual({ name, key: 'acme' });
    }
    expect(companyNameKey('Acme Widgets Ltd')).toBe(companyNameKey('AcmeWidgets'));
    expect(companyNameKey('Smith & Sons')).toBe(companyNameKey('Smith and Sons Ltd'));
    // Suffixes only at the end, and a name of nothing else keeps them.
    expect(companyNameKey('Ltd Brothers')).toBe('ltdbrothers');
    expect(companyNameKey('Ltd')).toBe('ltd');
    expect(companyNameKey('  ')).toBeNull();
    expect(companyNameKey(null)).toBeNull();
    expect(companyNameKey('Acme')).not.toBe(companyNameKey('Acne'));
  });

  it('compares domains without case, www. or a final dot', () => {
    expect(domainKey('WWW.Acme.co.uk.')).toBe('acme.co.uk');
    expect(domainKey('shop.acme.co.uk')).toBe('shop.acme.co.uk');
    expect(domainKey('')).toBeNull();
    expect(domainKey(null)).toBeNull();
  });

  it('reads contact names as one key', () => {
    expect(contactNameKey('Zoë', "O'Brien")).toBe('zoeobrien');
    expect(contactNameKey('zoe', 'obrien')).toBe('zoeobrien');
    expect(contactNameKey(null, 'Lee')).toBe('lee');
    expect(contactNameKey(null, null)).toBeNull();
  });
});

describe('duplicate keys of an event state', () => {
  // Imported here so the pure key tests above need nothing else.
  const { duplicateKeysOf } = jest.requireActual<typeof import('../duplicate-counts')>('../duplicate-counts');

  it('gives a live record its keys and one in the recycle bin none', () => {
    expect(duplicateKeysOf('company', { name: 'Acme Ltd', domain: 'WWW.acme.example', deleted_at: null })).toEqual([
      'same_domain:acme.example',
      'same_name:acme',
    ]);
    expect(
      duplicateKeysOf('company', { name: 'Acme Ltd', domain: null, deleted_at: '2026-01-01T00:00:00.000Z' }),
    ).toEqual([]);
    expect(
      duplicateKeysOf('contact', {
        first_name: 'Zoë',
        last_name: 'Lee',
        email: ' Z@X.example',
        company_id: 'c1',
        deleted_at: null,
      }),
    ).toEqual(['same_email:z@x.example', 'same_name_at_company:c1/zoelee']);
    // Without a company a name is no key: the same name at no company is not a duplicate.
    expect(
      duplicateKeysOf('contact', {
        first_name: 'Zoë',
        last_name: 'Lee',
        email: null,
        company_id: null,
        deleted_at: null,
      }),
    ).toEqual([]);
    expect(duplicateKeysOf('contact', null)).toEqual([]);
  });
});
