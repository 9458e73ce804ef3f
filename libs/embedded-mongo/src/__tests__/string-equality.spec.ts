import { compileFilter } from '../query-engine';

// Filters of top-level string equalities are matched without mingo: the answers must be those of
// the same filter written with $eq (matched by mingo as the store configures it, as MongoDB does),
// for every kind of value a document may hold there.
describe('string equality filters', () => {
  const documents = [
    { _id: 'a', workspace_id: 'w-1', name: 'Acme' },
    { _id: 'b', workspace_id: 'w-2', name: 'Acme' },
    { _id: 'c', workspace_id: 'w-1', name: ['Acme', 'Globex'] },
    { _id: 'e', workspace_id: 'w-1', name: null },
    { _id: 'f', workspace_id: 'w-1' },
    { _id: 'g', workspace_id: 'w-1', name: 'acme' },
    { _id: 'h', workspace_id: 'w-1', name: { first: 'Acme' } },
    { _id: 'i', workspace_id: 'w-1', name: 7 },
    { _id: 'j', workspace_id: ['w-1', 'w-2'], name: 'Acme' },
    { _id: 'k', workspace_id: 'w-1', name: '' },
  ];
  const filters = [
    { workspace_id: 'w-1', name: 'Acme' },
    { _id: 'c', workspace_id: 'w-1' },
    { name: '' },
    { workspace_id: 'w-2' },
    { name: 'Globex' },
  ];

  test.each(filters)('%j matches what mingo matches', (filter) => {
    const withOperators = compileFilter(
      Object.fromEntries(Object.entries(filter).map(([field, value]) => [field, { $eq: value }])),
    );
    const expected = documents.filter((document) => withOperators.test(document)).map((document) => document._id);
    const matcher = compileFilter(filter);
    expect(documents.filter((document) => matcher.test(document)).map((document) => document._id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  test('an array of arrays does not match the string inside an inner array (one level, as MongoDB documents for $eq)', () => {
    const matcher = compileFilter({ tags: 'B' });
    expect(
      [{ tags: ['A', 'B'] }, { tags: [['A', 'B'], 'C'] }, { tags: 'B' }].map((document) => matcher.test(document)),
    ).toEqual([true, false, true]);
  });
});
