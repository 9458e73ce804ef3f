import { duplicateKeyPath } from '../json-keys';

describe('duplicateKeyPath', () => {
  it.each([
    ['{"confirm":1,"confirm":"ERASE"}', 'confirm'],
    ['{"a":{"b":1,"c":2,"b":3}}', 'a.b'],
    ['{"rows":[{"name":"x"},{"name":"y","name":"z"}]}', 'rows.1.name'],
    ['[{"a":1},[{"x":1}],{"b":1,"b":2}]', '2.b'],
    // Equal once JSON.parse has decoded the escapes.
    ['{"confirm":1,"con\\u0066irm":"ERASE"}', 'confirm'],
    ['{ "a" : 1 ,\n "a" : 2 }', 'a'],
  ])('finds the key given twice in %s', (text, path) => {
    expect(duplicateKeyPath(text)).toBe(path);
  });

  it.each([
    '{"a":1,"b":{"a":1},"c":[{"a":1},{"a":2}]}',
    // Keys inside strings, escaped quotes and backslashes are text, not keys.
    '{"a":"{\\"a\\":1,\\"a\\":2}","b":"\\\\","c":"x\\\\\\"y"}',
    '{"a":"Bidi \u202e text","A":1}',
    '[]',
    '"just a string"',
    '42',
    '{}',
  ])('answers null when every object names each key once: %s', (text) => {
    expect(duplicateKeyPath(text)).toBeNull();
  });

  it('is linear on a large body', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      name: `Company ${i}`,
      domain: `c${i}.example`,
      custom: { tier: i % 3 },
    }));
    expect(duplicateKeyPath(JSON.stringify({ rows }))).toBeNull();
  });
});
