import type { SearchDocument, IndexMatch } from './search-text';

export type { SearchDocument, IndexMatch } from './search-text';

// The port crm-core's search reads and its projection writes. Two adapters: the embedded index
// (the default, in memory) and Meilisearch (MEILI_URL). Every call names the workspace, and
// an adapter answers only that workspace's records.
export interface SearchIndex {
  readonly kind: 'embedded' | 'meilisearch';
  // Creates what the index needs (Meilisearch: indexes and their settings). Idempotent.
  prepare(): Promise<void>;
  // Adds or replaces records (by id).
  upsert(documents: readonly SearchDocument[]): Promise<void>;
  // Removes records of one workspace; unknown ids are ignored.
  remove(workspaceId: string, ids: readonly string[]): Promise<void>;
  // Up to `limit` records of the workspace matching `query`, best first (search-text rankCandidates).
  search(workspaceId: string, query: string, limit: number): Promise<IndexMatch[]>;
  // Removes every record of the workspace, or of every workspace when none is given (rebuilds).
  clear(workspaceId?: string): Promise<void>;
  close(): Promise<void>;
}
