import { implement, validationFailed, workspaceOf, type Implementation } from '@crm/kit';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { liveHits } from '../../records/recent/recent-hits';
import type { SearchHitView } from '../../records/recent/recent.operations';
import { search, SEARCH_RESULTS_MAX } from './search.operations';
import { searchTerms } from './search-text';

// Ranked by the index; titles and subtitles are read from the records themselves (as GET /recent
// shows them), which also leaves out anything that left the workspace since it was indexed.
// Without contacts:read the caller finds companies only.
async function searchRecords(
  runtime: CrmCoreRuntime,
  workspaceId: string,
  q: string,
  readsContacts: boolean,
): Promise<{ data: SearchHitView[] }> {
  if (searchTerms(q).length === 0) throw validationFailed('q must contain a letter or a digit');
  const found = await runtime.searchIndex.search(workspaceId, q, SEARCH_RESULTS_MAX);
  const matches = readsContacts ? found : found.filter((match) => match.type !== 'contact');
  const idsOf = (type: string) => matches.filter((match) => match.type === type).map((match) => match.id);
  const hits = await liveHits(runtime.context.connection, workspaceId, {
    company: idsOf('company'),
    contact: idsOf('contact'),
  });
  return { data: matches.flatMap((match) => hits.get(`${match.type}:${match.id}`) ?? []).slice(0, SEARCH_RESULTS_MAX) };
}

export function searchOperations(runtime: CrmCoreRuntime): Implementation[] {
  return [
    implement(search, async ({ req, auth, query }) =>
      searchRecords(runtime, workspaceOf(req), query.q, auth.permissions.includes('contacts:read')),
    ),
  ];
}
