import { slugify } from '../slug';

describe('slugify', () => {
  it.each([
    ['Acme Ltd', 'acme-ltd'],
    ['  Acme   Café & Co. ', 'acme-cafe-co'],
    ['Ünïcödé Wörks', 'unicode-works'],
    ['---', 'workspace'],
    ['日本', 'workspace'],
    ['a'.repeat(100), 'a'.repeat(40)],
    [`${'abc '.repeat(10)}def`, `${'abc-'.repeat(9)}abc`],
  ])('%s -> %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});
