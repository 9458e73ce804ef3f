import MiniSearch, { type SearchResult } from 'minisearch';
import type { SearchIndex } from './search-index';
import { rankCandidates, searchTerms, SEARCHABLE_FIELDS, typosAllowed, type IndexMatch, type SearchDocument } from './search-text';

// The embedded default: MiniSearch in memory, one index per workspace, so a query never even
// reads another workspace's terms (and each stored document is checked once more). It holds what
// the search projection holds; it is filled from it when the service starts (search-projection).
const FIELD_BOOST: Record<string, number> = { name: 3, email: 2, domain: 2, account_number: 1, postcode: 1, phone: 1 };

type Stored = Pick<SearchDocument, 'id' | 'type' | 'workspace_id' | (typeof SEARCHABLE_FIELDS)[number]>;

function newIndex(): MiniSearch<SearchDocument> {
  return new MiniSearch<SearchDocument>({
    idField: 'id',
    fields: [...SEARCHABLE_FIELDS],
    storeFields: ['id', 'type', 'workspace_id', ...SEARCHABLE_FIELDS],
    tokenize: (text) => searchTerms(text),
    processTerm: (term) => term,
    // Discarded versions are cleaned in the background once enough pile up.
    autoVacuum: { minDirtCount: 1000, minDirtFactor: 0.1, batchSize: 2000, batchWait: 10 },
  });
}

export class EmbeddedSearchIndex implements SearchIndex {
  readonly kind = 'embedded' as const;
  private readonly workspaces = new Map<string, MiniSearch<SearchDocument>>();

  async prepare(): Promise<void> {}

  private indexOf(workspaceId: string): MiniSearch<SearchDocument> {
    let index = this.workspaces.get(workspaceId);
    if (!index) {
      index = newIndex();
      this.workspaces.set(workspaceId, index);
    }
    return index;
  }

  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    for (const document of documents) {
      const index = this.indexOf(document.workspace_id);
      if (index.has(document.id)) index.replace(document);
      else index.add(document);
    }
  }

  // Loading at start: many documents at once, without the per-document checks of upsert.
  addAll(documents: readonly SearchDocument[]): void {
    const byWorkspace = new Map<string, SearchDocument[]>();
    for (const document of documents) {
      const list = byWorkspace.get(document.workspace_id) ?? [];
      list.push(document);
      byWorkspace.set(document.workspace_id, list);
    }
    for (const [workspaceId, list] of byWorkspace) {
      const index = this.indexOf(workspaceId);
      const fresh = list.filter((document) => !index.has(document.id));
      for (const document of list) if (index.has(document.id)) index.replace(document);
      index.addAll(fresh);
    }
  }

  async remove(workspaceId: string, ids: readonly string[]): Promise<void> {
    const index = this.workspaces.get(workspaceId);
    if (!index) return;
    for (const id of ids) if (index.has(id)) index.discard(id);
  }

  async search(workspaceId: string, query: string, limit: number): Promise<IndexMatch[]> {
    const index = this.workspaces.get(workspaceId);
    if (!index || searchTerms(query).length === 0) return [];
    const results = index.search(query, {
      combineWith: 'AND',
      prefix: true,
      fuzzy: (term) => typosAllowed(term),
      maxFuzzy: 2,
      boost: FIELD_BOOST,
      filter: (result) => result.workspace_id === workspaceId,
    });
    // Enough candidates for the tiers to reorder: exact and prefix hits may score below typo hits.
    const candidates = results.slice(0, Math.max(limit * 5, 100)).map((result: SearchResult) => ({ document: result as unknown as Stored, score: result.score }));
    return rankCandidates(query, candidates, limit);
  }

  async clear(workspaceId?: string): Promise<void> {
    if (workspaceId === undefined) this.workspaces.clear();
    else this.workspaces.delete(workspaceId);
  }

  // How many records the index holds (start-up figures).
  size(): number {
    let total = 0;
    for (const index of this.workspaces.values()) total += index.documentCount;
    return total;
  }

  async close(): Promise<void> {
    this.workspaces.clear();
  }
}
