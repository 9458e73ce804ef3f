import { queryValidator } from '@crm/kit';
import { COMPANY_LIST_FILTERS, filtersProblem } from '../../saved-views/list-filters';
import { parseCustomFilter } from '../../custom-filter';
import { candidatePage, sortCandidates } from '../../list-paging';
import { COMPANY_SORTS, listCompanies } from '../company.operations';
import { COMPANY_ORDERS } from '../company-list';
import { mergedValues } from '../company-merge';
import type { CompanyRecord } from '../company.model';

const validate = queryValidator({ additionalProperties: false, ...(listCompanies.query as object) });
// As the list reads a query: its schema, then the custom filter.
const outcome = (query: Record<string, string>) => {
  try {
    validate({ ...query });
    parseCustomFilter(query.custom);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('the company list and saved views', () => {
  it('reads every saved-view filter of the company list as a query parameter, with the same grammar', () => {
    const properties = Object.keys((listCompanies.query as { properties: Record<string, unknown> }).properties);
    expect(COMPANY_LIST_FILTERS.filter((filter) => !properties.includes(filter))).toEqual([]);
    const samples: Array<Record<string, string>> = [
      { owner: 'me' },
      { owner: 'none' },
      { owner: 'A1B2C3D4-0000-4000-8000-000000000000' },
      { owner: 'someone' },
      { kind: 'lead' },
      { kind: 'customer' },
      { custom: '{"tier":"gold"}' },
      { custom: '{"tier":{"$ne":1}}' },
      { deleted: 'true' },
      { deleted: 'yes' },
      { q: 'x'.repeat(100) },
      { q: 'x'.repeat(101) },
      ...COMPANY_SORTS.map((sort) => ({ sort })),
      { sort: 'size' },
      { stage_id: 'a1b2c3d4-0000-4000-8000-000000000000' },
      { pipeline_id: 'first' },
    ];
    for (const filters of samples) {
      const view = filtersProblem('company', filters) === null;
      const list = outcome(filters) === null;
      expect({ filters, view }).toEqual({ filters, view: list });
    }
  });

  it('has an order for each sort', () => {
    expect(Object.keys(COMPANY_ORDERS).sort()).toEqual([...COMPANY_SORTS].sort());
  });
});

describe('paging gathered candidates', () => {
  const order = COMPANY_ORDERS.name_asc;
  const candidates = sortCandidates(order, [
    { _id: 'c', key: 'beta' },
    { _id: 'a', key: 'alpha' },
    { _id: 'b', key: 'beta' },
    { _id: 'd', key: null },
    { _id: 'a', key: 'alpha' },
  ]);

  it('sorts in BSON order (null first ascending), ties by id, without duplicates', () => {
    expect(candidates.map((candidate) => candidate._id)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('continues after the cursor’s position even when that candidate is gone', () => {
    const first = candidatePage(order, candidates, 2, undefined);
    expect(first.data.map((candidate) => candidate._id)).toEqual(['d', 'a']);
    const rest = candidatePage(
      order,
      candidates.filter((candidate) => candidate._id !== 'a'),
      2,
      first.next_cursor!,
    );
    expect(rest).toEqual({
      data: [
        { _id: 'b', key: 'beta' },
        { _id: 'c', key: 'beta' },
      ],
      next_cursor: null,
    });
    expect(() => candidatePage(COMPANY_ORDERS.created_desc, candidates, 2, first.next_cursor!)).toThrow(
      'cursor does not belong to the created_desc order',
    );
  });
});

describe('merged values', () => {
  const company = (fields: Partial<CompanyRecord>): CompanyRecord =>
    ({ _id: 'x', custom: {}, address: {}, sic_codes: [], name: null, ...fields }) as CompanyRecord;

  it('keeps the survivor’s values and fills empty ones from the sources in order', () => {
    const merged = mergedValues(company({ name: 'Acme', phone: '', custom: { a: 1, b: null } }), [
      company({ phone: '1', stage_id: 's1', pipeline_id: 'p1', is_account: true, custom: { b: 2, c: 3 } }),
      company({ phone: '2', industry: 'Retail', sic_codes: ['1234'], custom: { c: 4, d: 5 } }),
    ]);
    expect(merged).toMatchObject({
      name: 'Acme',
      phone: '1',
      stage_id: 's1',
      pipeline_id: 'p1',
      is_account: true,
      industry: 'Retail',
      sic_codes: ['1234'],
      custom: { a: 1, b: 2, c: 3, d: 5 },
    });
    expect(merged.name_folded).toBe('acme');
  });

  it('leaves out custom keys beyond the limit', () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`k${index}`, index]));
    expect(
      Object.keys(mergedValues(company({ custom: many }), [company({ custom: { extra: 1 } })]).custom),
    ).toHaveLength(50);
  });
});
