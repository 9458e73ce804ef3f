import { declareOperation, Type, type Static } from '@crm/kit';
import { contactsAside, needs } from '@crm/protos';
import { listRecent } from '../../records/recent/recent.operations';

// At most this many hits: a picker shows a short list and the caller types more to narrow it.
export const SEARCH_RESULTS_MAX = 20;
export const SEARCH_QUERY_MAX_LENGTH = 100;

export const search = declareOperation({
  method: 'GET',
  path: '/search',
  access: contactsAside(needs('companies:read'), 'companies only'),
  // Full-text search and the duplicate scan read across the workspace's records.
  cost: 5,
  summary: 'Find companies and contacts',
  description:
    `Companies and contacts of the workspace whose name, email, domain, account number, postcode or phone match q, best first, at most ${SEARCH_RESULTS_MAX}. ` +
    'Every word of q must be a word of the record, the last one may be the start of a word (as the caller types; any case, accents ignored); words of 5 letters or more may carry a typo (two from 9), digits never. ' +
    'Records whose words equal q come first, then those that start with it, then typo matches. Records in the recycle bin, purged or erased are never found. ' +
    'A record is findable within about a second of its change.',
  query: Type.Object({
    q: Type.String({
      minLength: 1,
      maxLength: SEARCH_QUERY_MAX_LENGTH,
      description: 'What to look for, 1 to 100 characters.',
    }),
  }),
  status: 200,
  // The same SearchHit list GET /recent answers.
  response: listRecent.response,
});
export type SearchQuery = Static<NonNullable<typeof search.query>>;
