import { isUuid } from '@crm/kit';
import { customFilterProblem } from '../custom-filter';

// The query parameters of the contract's list operations that a saved view may keep, per object
// (paging parameters are not filters). The list operations reuse these lists, so a view's
// filters can be replayed on its list as query parameters.
export const COMPANY_LIST_FILTERS = [
  'q',
  'owner',
  'custom',
  'kind',
  'stage_id',
  'pipeline_id',
  'source_id',
  'campaign_id',
  'deleted',
  'sort',
] as const;
export const CONTACT_LIST_FILTERS = ['q', 'company_id', 'reports_to_id', 'owner', 'custom', 'deleted'] as const;
export const DEAL_LIST_FILTERS = [
  'pipeline_id',
  'stage_id',
  'company_id',
  'campaign_id',
  'owner',
  'custom',
  'status',
  'q',
  'sort',
] as const;

export const LIST_FILTERS = {
  company: COMPANY_LIST_FILTERS,
  contact: CONTACT_LIST_FILTERS,
  deal: DEAL_LIST_FILTERS,
} as const;
export type ListObject = keyof typeof LIST_FILTERS;

export const FILTER_VALUE_MAX_LENGTH = 500;

const oneOf = (values: readonly string[]) => (value: string) =>
  values.includes(value) ? null : `must be one of ${values.join(', ')}`;
const uuid = (value: string) => (isUuid(value) ? null : 'must be a valid uuid');
const owner = (words: readonly string[]) => (value: string) =>
  words.includes(value) || isUuid(value) ? null : `must be ${words.join(', ')} or a uuid`;
const search = (value: string) => (value.length <= 100 ? null : 'must NOT have more than 100 characters');
// The list's `custom`: a JSON object of scalar values as a string, read as the lists read it.
const customFilter = customFilterProblem;
const bool = oneOf(['true', 'false']);

type Grammar = (value: string) => string | null;

// The grammar of each parameter as its list operation reads it from the query string.
const GRAMMAR: Record<ListObject, Record<string, Grammar>> = {
  company: {
    q: search,
    owner: owner(['me', 'none']),
    custom: customFilter,
    kind: oneOf(['lead', 'account']),
    stage_id: uuid,
    pipeline_id: uuid,
    source_id: uuid,
    campaign_id: uuid,
    deleted: bool,
    sort: oneOf(['created_desc', 'created_asc', 'name_asc', 'name_desc', 'updated_desc']),
  },
  contact: {
    q: search,
    company_id: uuid,
    reports_to_id: uuid,
    owner: owner(['me']),
    custom: customFilter,
    deleted: bool,
  },
  deal: {
    pipeline_id: uuid,
    stage_id: uuid,
    company_id: uuid,
    campaign_id: uuid,
    owner: owner(['me']),
    custom: customFilter,
    status: oneOf(['open', 'won', 'lost']),
    q: search,
    sort: oneOf(['close_asc', 'value_desc', 'created_desc', 'updated_desc']),
  },
};

// The first problem with a view's filters for its list, as a message naming `filters.<key>`.
export function filtersProblem(object: ListObject, filters: Record<string, string>): string | null {
  const grammar = GRAMMAR[object];
  for (const [key, value] of Object.entries(filters)) {
    const check = Object.hasOwn(grammar, key) ? grammar[key] : undefined;
    if (!check)
      return `filters.${key} is not a filter of the ${object} list (allowed: ${LIST_FILTERS[object].join(', ')})`;
    const problem = check(value);
    if (problem) return `filters.${key} ${problem}`;
  }
  return null;
}
