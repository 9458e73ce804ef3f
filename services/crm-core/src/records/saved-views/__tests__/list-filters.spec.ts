import { randomUUID } from 'node:crypto';
import { filtersProblem, LIST_FILTERS, type ListObject } from '../list-filters';

describe('list filters', () => {
  it('has a grammar for every parameter of every list, and nothing else', () => {
    const sample: Record<string, string> = {
      q: 'acme',
      owner: 'me',
      custom: '{"tier":"gold"}',
      kind: 'lead',
      deleted: 'true',
      sort: 'created_desc',
      status: 'open',
    };
    for (const object of Object.keys(LIST_FILTERS) as ListObject[]) {
      for (const key of LIST_FILTERS[object]) {
        expect({ object, key, problem: filtersProblem(object, { [key]: sample[key] ?? randomUUID() }) }).toEqual({
          object,
          key,
          problem: null,
        });
      }
      expect(filtersProblem(object, { limit: '10' })).toMatch(/^filters\.limit is not a filter/);
      expect(filtersProblem(object, { cursor: 'abc' })).toMatch(/^filters\.cursor is not a filter/);
      expect(filtersProblem(object, { toString: 'x' })).toMatch(/^filters\.toString is not a filter/);
    }
  });

  it('reads owner and sort as each list does', () => {
    expect(filtersProblem('company', { owner: 'none' })).toBeNull();
    expect(filtersProblem('deal', { owner: 'none' })).toBe('filters.owner must be me or a uuid');
    expect(filtersProblem('deal', { sort: 'name_asc' })).toBe(
      'filters.sort must be one of close_asc, value_desc, created_desc, updated_desc',
    );
    expect(filtersProblem('company', { q: 'x'.repeat(101) })).toBe('filters.q must NOT have more than 100 characters');
  });
});
