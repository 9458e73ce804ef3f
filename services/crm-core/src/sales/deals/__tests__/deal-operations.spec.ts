import { DEAL_LIST_FILTERS } from '../../../records/saved-views/list-filters';
import { DEAL_SORTS, listDeals } from '../deal.operations';

describe('deal list parameters', () => {
  it('accepts every filter a saved view of deals keeps, so the view replays as the query', () => {
    const parameters = Object.keys(listDeals.query!.properties);
    expect(DEAL_LIST_FILTERS.filter((filter) => !parameters.includes(filter))).toEqual([]);
    expect(parameters.filter((parameter) => !['limit', 'offset'].includes(parameter)).sort()).toEqual(
      [...DEAL_LIST_FILTERS].sort(),
    );
    expect(DEAL_SORTS).toEqual(['close_asc', 'value_desc', 'created_desc', 'updated_desc']);
  });
});
