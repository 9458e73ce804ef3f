import type * as Meili from 'meilisearch' with { 'resolution-mode': 'import' };
import type { EnqueuedTaskPromise, MeiliSearch, Settings } from 'meilisearch' with { 'resolution-mode': 'import' };
import { unavailable } from '@crm/kit';
import type { SearchIndex } from './search-index';
import {
  rankCandidates,
  SEARCH_TYPES,
  SEARCHABLE_FIELDS,
  type IndexMatch,
  type SearchDocument,
  type SearchType,
} from './search-text';

export interface MeiliOptions {
  url: string;
  // An API key allowed to manage indexes, settings and documents and to search.
  apiKey?: string;
  // Prepended to the index names, so installations (and test runs) can share one server.
  indexPrefix?: string;
  // Per HTTP request and per awaited task.
  timeoutMs?: number;
}

// One index per record type; the workspace is a filterable attribute every query filters on.
export const MEILI_INDEXES: Record<SearchType, string> = { company: 'companies', contact: 'contacts' };

export const MEILI_SETTINGS: Settings = {
  searchableAttributes: [...SEARCHABLE_FIELDS],
  filterableAttributes: ['workspace_id'],
  displayedAttributes: ['id', 'type', 'workspace_id', ...SEARCHABLE_FIELDS],
  // Typos as the embedded index allows them (search-text typosAllowed); never in digits.
  typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 }, disableOnNumbers: true },
};

// A filter value is always a quoted string: an id can never turn into filter syntax.
export function workspaceFilter(workspaceId: string): string {
  return `workspace_id = "${workspaceId.replace(/["\\]/g, '\\$&')}"`;
}

// The client ships an ES module with a CommonJS build beside it; this service is CommonJS, so
// the types come from the former and the code from the latter.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const meili = require('meilisearch') as typeof Meili;

export class MeiliSearchIndex implements SearchIndex {
  readonly kind = 'meilisearch' as const;
  private readonly client: MeiliSearch;
  private readonly prefix: string;
  private readonly timeoutMs: number;

  constructor(options: MeiliOptions) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.client = new meili.MeiliSearch({
      host: options.url,
      apiKey: options.apiKey,
      timeout: this.timeoutMs,
      defaultWaitOptions: { timeout: this.timeoutMs, interval: 20 },
    });
    this.prefix = options.indexPrefix ?? '';
  }

  indexName(type: SearchType): string {
    return `${this.prefix}${MEILI_INDEXES[type]}`;
  }

  // Waits for the task and fails when Meilisearch failed it, so a consumer retries instead of
  // acknowledging a write that never happened.
  private async done(task: EnqueuedTaskPromise): Promise<void> {
    const finished = await this.guard(() => task.waitTask({ timeout: this.timeoutMs }));
    if (finished.status !== 'succeeded')
      throw new Error(
        `meilisearch task ${finished.uid} ${finished.status}: ${finished.error?.message ?? 'no reason given'}`,
      );
  }

  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (
        name === 'MeiliSearchRequestError' ||
        name === 'MeiliSearchRequestTimeOutError' ||
        name === 'MeiliSearchTaskTimeOutError'
      ) {
        throw Object.assign(unavailable('the search index is not reachable, try again shortly'), { cause: error });
      }
      throw error;
    }
  }

  async prepare(): Promise<void> {
    for (const type of SEARCH_TYPES) {
      const uid = this.indexName(type);
      const created = await this.guard(() =>
        this.client.createIndex(uid, { primaryKey: 'id' }).waitTask({ timeout: this.timeoutMs }),
      );
      // An index that exists already is what we want.
      if (created.status === 'failed' && created.error?.code !== 'index_already_exists') {
        throw new Error(`meilisearch could not create index ${uid}: ${created.error?.message ?? 'no reason given'}`);
      }
      await this.done(this.client.index(uid).updateSettings(MEILI_SETTINGS));
    }
  }

  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    for (const type of SEARCH_TYPES) {
      const ofType = documents.filter((document) => document.type === type);
      if (ofType.length === 0) continue;
      await this.done(
        this.client.index(this.indexName(type)).addDocuments(
          ofType.map((document) => ({ ...document })),
          { primaryKey: 'id' },
        ),
      );
    }
  }

  // By id: ids are UUIDs, unique across workspaces, so no other workspace's record is touched.
  async remove(_workspaceId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    for (const type of SEARCH_TYPES) {
      await this.done(this.client.index(this.indexName(type)).deleteDocuments([...ids]));
    }
  }

  async search(workspaceId: string, query: string, limit: number): Promise<IndexMatch[]> {
    const filter = workspaceFilter(workspaceId);
    const response = await this.guard(() =>
      this.client.multiSearch({
        queries: SEARCH_TYPES.map((type) => ({
          indexUid: this.indexName(type),
          q: query,
          filter,
          limit,
          matchingStrategy: 'all' as const,
          showRankingScore: true,
          attributesToRetrieve: ['id', 'type', 'workspace_id', ...SEARCHABLE_FIELDS],
        })),
      }),
    );
    const candidates = response.results.flatMap((result, position) =>
      result.hits
        // The filter already did this; a record of another workspace must never leave here.
        .filter((hit) => hit.workspace_id === workspaceId)
        .map((hit) => ({
          document: { ...(hit as unknown as SearchDocument), type: SEARCH_TYPES[position] },
          score: Number(hit._rankingScore ?? 0),
        })),
    );
    return rankCandidates(query, candidates, limit);
  }

  async clear(workspaceId?: string): Promise<void> {
    for (const type of SEARCH_TYPES) {
      const index = this.client.index(this.indexName(type));
      await this.done(
        workspaceId === undefined
          ? index.deleteAllDocuments()
          : index.deleteDocuments({ filter: workspaceFilter(workspaceId) }),
      );
    }
  }

  async close(): Promise<void> {}
}
