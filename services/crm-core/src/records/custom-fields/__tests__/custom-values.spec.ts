import { CUSTOM_MAX_BYTES, validateCustomValues, type CustomFieldDefinition } from '../custom-values';

const fields: CustomFieldDefinition[] = [
  { key: 'revenue', type: 'number', options: [] },
  { key: 'renewal', type: 'date', options: [] },
  { key: 'tier', type: 'select', options: ['Gold', 'Silver'] },
  { key: 'vip', type: 'checkbox', options: [] },
  { key: 'site', type: 'url', options: [] },
  { key: 'note', type: 'text', options: [] },
];

const messageOf = (input: unknown): string => {
  try {
    validateCustomValues(input, fields);
  } catch (error) {
    return `${(error as { status: number }).status} ${(error as Error).message}`;
  }
  return 'accepted';
};

describe('validateCustomValues', () => {
  it('accepts typed values of defined fields, free keys and nulls', () => {
    const input = {
      revenue: 1200.5,
      renewal: '2027-02-28',
      tier: 'Gold',
      vip: true,
      site: 'https://example.com/a',
      note: 'line one\nline two',
      anything: 'free',
      count: 3,
      flag: false,
      tier_cleared: null,
    };
    expect(validateCustomValues(input, fields)).toEqual(input);
    expect(validateCustomValues({ revenue: null, tier: null }, fields)).toEqual({ revenue: null, tier: null });
    expect(validateCustomValues({}, fields)).toEqual({});
  });

  it.each([
    [{ revenue: '12' }, 'custom.revenue must be a number'],
    [{ renewal: '2027-02-30' }, 'custom.renewal must be a date (YYYY-MM-DD)'],
    [{ renewal: '27-02-01' }, 'custom.renewal must be a date (YYYY-MM-DD)'],
    [{ tier: 'Bronze' }, 'custom.tier must be one of Gold, Silver'],
    [{ vip: 'yes' }, 'custom.vip must be true or false'],
    [{ site: 'ftp://example.com' }, 'custom.site must be an http or https URL'],
    [{ site: 'not a url' }, 'custom.site must be an http or https URL'],
    [{ note: 5 }, 'custom.note must be text'],
    [{ note: 'x'.repeat(2001) }, 'custom.note must NOT have more than 2000 characters'],
    [{ free: 'x'.repeat(2001) }, 'custom.free must NOT have more than 2000 characters'],
    [{ free: { nested: 1 } }, 'custom.free must be a string, a number, a boolean or null'],
    [{ free: [1] }, 'custom.free must be a string, a number, a boolean or null'],
    [{ 'a.b': 1 }, "custom key 'a.b' must be 1 to 100 characters without '.' or a leading '$'"],
    [{ $where: 1 }, "custom key '$where' must be 1 to 100 characters without '.' or a leading '$'"],
    [[], 'custom must be an object'],
    ['text', 'custom must be an object'],
    [null, 'custom must be an object'],
  ])('refuses %j with 400: %s', (input, message) => {
    expect(messageOf(input)).toBe(`400 ${message}`);
  });

  it('limits the object to 50 keys and 16 KiB', () => {
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`k${index}`, index]));
    expect(messageOf(fifty)).toBe('accepted');
    expect(messageOf({ ...fifty, k50: 1 })).toBe('400 custom must NOT have more than 50 keys');
    const big = Object.fromEntries(Array.from({ length: 9 }, (_, index) => [`k${index}`, 'x'.repeat(1900)]));
    expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(CUSTOM_MAX_BYTES);
    expect(messageOf(big)).toBe('400 custom must NOT be larger than 16384 bytes');
  });

  it('does not check archived or unknown fields (they are not passed) by type', () => {
    expect(validateCustomValues({ revenue: 'a lot' }, [])).toEqual({ revenue: 'a lot' });
  });
});
