import MiniSearch, { type SearchResult } from 'minisearch';
import type { SearchIndex } from './search-index';
import { rankCandidates, searchTerms, SEARCHABLE_FIELDS, typosAllowed, type IndexMatch, type SearchDocument } from './search-text';

// The embedded default: MiniSearch in memory, one index per workspace, so a query never even
// reads another workspace's terms (and each stored document is checked once more). It holds what
// the search projection holds; it is filled from it when the service starts (search-projection).
const FIELD_BOOST: Record<string, number> = { name: 3, email: 2, domain: 2, account_number: 1, postcode: 1, phone: 1 };

// The documents are kept beside the index (by id) rather than as MiniSearch's stored fields,
// which it would copy into every result of a query matching thousands of records.
interface WorkspaceIndex {
  index: MiniSearch<SearchDocument>;
  documents: Map<string, SearchDocument>;
}

function newIndex(): MiniSearch<SearchDocument> {
  return new MiniSearch<SearchDocument>({
    idField: 'id',
    fields: [...SEARCHABLE_FIELDS],
    storeFields: [],
    tokenize: (text) => searchTerms(text),
    processTerm: (term) => term,
    // Discarded versions are cleaned in the background once enough pile up.
    autoVacuum: { minDirtCount: 1000, minDirtFactor: 0.1, batchSize: 2000, batchWait: 10 },
  });
}

export class EmbeddedSearchIndex implements SearchIndex {
  readonly kind = 'embedded' as const;
  private readonly workspaces = new Map<string, WorkspaceIndex>();

  async prepare(): Promise<void> {}

  private indexOf(workspaceId: string): WorkspaceIndex {
    let workspace = this.workspaces.get(workspaceId);
    if (!workspace) {
      workspace = { index: newIndex(), documents: new Map() };
      this.workspaces.set(workspaceId, workspace);
    }
    return workspace;
  }

  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    for (const document of documents) {
      const { index, documents: stored } = this.indexOf(document.workspace_id);
      if (index.has(document.id)) index.replace(document);
      else index.add(document);
      stored.set(document.id, document);
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
      const { index, documents: stored } = this.indexOf(workspaceId);
      const fresh = list.filter((document) => !index.has(document.id));
      for (const document of list) if (index.has(document.id)) index.replace(document);
      index.addAll(fresh);
      for (const document of list) stored.set(document.id, document);
    }
  }

  async remove(workspaceId: string, ids: readonly string[]): Promise<void> {
    const workspace = this.workspaces.get(workspaceId);
    if (!workspace) return;
    for (const id of ids) {
      if (workspace.index.has(id)) workspace.index.discard(id);
      workspace.documents.delete(id);
    }
  }

  async search(workspaceId: string, query: string, limit: number): Promise<IndexMatch[]> {
    const workspace = this.workspaces.get(workspaceId);
    if (!workspace || searchTerms(query).length === 0) return [];
    const { index, documents } = workspace;
    const run = (fuzzy: boolean) =>
      index.search(query, {
        combineWith: 'AND',
        prefix: true,
        fuzzy: fuzzy ? (term) => typosAllowed(term) : false,
        maxFuzzy: 2,
        boost: FIELD_BOOST,
        // Each index holds one workspace; checked once more all the same.
        filter: (result) => documents.get(result.id)?.workspace_id === workspaceId,
      });
    // Exact and prefix matches rank before typo matches: when they alone fill the answer, the
    // typo search (the costly one) cannot change it.
    let results: SearchResult[] = run(false);
    if (results.length < limit) results = run(true);
    // Enough candidates for the tiers to reorder: exact and prefix hits may score below typo hits.
    const candidates = results.slice(0, Math.max(limit * 5, 100)).flatMap((result) => {
      const document = documents.get(result.id);
      return document ? [{ document, score: result.score }] : [];
    });
    return rankCandidates(query, candidates, limit);
  }

  async clear(workspaceId?: string): Promise<void> {
    if (workspaceId === undefined) this.workspaces.clear();
    else this.workspaces.delete(workspaceId);
  }

  // How many records the index holds (start-up figures).
  size(): number {
    let total = 0;
    for (const workspace of this.workspaces.values()) total += workspace.index.documentCount;
    return total;
  }

  async close(): Promise<void> {
    this.workspaces.clear();
  }
}
