import { loadConfig, str, url } from '@crm/kit';
import { EmbeddedSearchIndex } from './embedded-search-index';
import { MeiliSearchIndex } from './meili-search-index';
import type { SearchIndex } from './search-index';

// crm-core's search settings, validated when the service starts (a bad MEILI_URL fails fast
// naming it). Without MEILI_URL the embedded index is used.
export const SEARCH_ENV = {
  MEILI_URL: url({ protocols: ['http', 'https'], description: 'Meilisearch server; unset: the embedded index' }),
  MEILI_KEY: str({
    secret: true,
    description: 'Meilisearch API key that may manage indexes, settings, documents and search',
  }),
  MEILI_INDEX_PREFIX: str({ default: '', description: 'prefix of the index names (installations sharing one server)' }),
};

export function searchIndexFromEnv(env: NodeJS.ProcessEnv): SearchIndex {
  const config = loadConfig(SEARCH_ENV, env);
  if (!config.MEILI_URL) return new EmbeddedSearchIndex();
  return new MeiliSearchIndex({
    url: config.MEILI_URL,
    apiKey: config.MEILI_KEY,
    indexPrefix: config.MEILI_INDEX_PREFIX,
  });
}
