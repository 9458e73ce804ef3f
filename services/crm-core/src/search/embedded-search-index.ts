import MiniSearch from 'minisearch';
import type { SearchIndex } from './search-index';
import { searchTerms, SEARCHABLE_FIELDS, typosAllowed, type IndexMatch, type SearchDocument, type SearchType } from './search-text';

// The embedded default: MiniSearch in memory, one index per workspace, so a query never even
// reads another workspace's terms (and each stored document is checked once more). It holds what
// the search projection holds; it is filled from it when the service starts (search-projection).
const FIELD_BOOST: Record<string, number> = { name: 3, email: 2, domain: 2, account_number: 1, postcode: 1, phone: 1 };

// Only the record type is stored: which words matched (and how) comes with each result, and the
// index of a workspace holds nothing but that workspace's records.
interface WorkspaceIndex {
  index: MiniSearch<SearchDocument>;
}

interface Result {
  id: string;
  type: SearchType;
  score: number;
  // Words of the record that matched, and the words of the query they matched.
  terms: string[];
  queryTerms: string[];
}

// The tier search-text defines, from what MiniSearch says matched: every query word a whole
// word of the record (0), the start of one (1), or some word only through a typo (2).
function tierOf(query: string[], matched: string[]): 0 | 1 | 2 {
  if (query.every((term) => matched.includes(term))) return 0;
  if (query.every((term) => matched.some((candidate) => candidate.startsWith(term)))) return 1;
  return 2;
}

function newIndex(): MiniSearch<SearchDocument> {
  return new MiniSearch<SearchDocument>({
    idField: 'id',
    fields: [...SEARCHABLE_FIELDS],
    storeFields: ['type'],
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
      workspace = { index: newIndex() };
      this.workspaces.set(workspaceId, workspace);
    }
    return workspace;
  }

  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    for (const document of documents) {
      const { index } = this.indexOf(document.workspace_id);
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
      const { index } = this.indexOf(workspaceId);
      const fresh = list.filter((document) => !index.has(document.id));
      for (const document of list) if (index.has(document.id)) index.replace(document);
      index.addAll(fresh);
    }
  }

  async remove(workspaceId: string, ids: readonly string[]): Promise<void> {
    const workspace = this.workspaces.get(workspaceId);
    if (!workspace) return;
    for (const id of ids) if (workspace.index.has(id)) workspace.index.discard(id);
  }

  async search(workspaceId: string, query: string, limit: number): Promise<IndexMatch[]> {
    const workspace = this.workspaces.get(workspaceId);
    const words = searchTerms(query);
    if (!workspace || words.length === 0) return [];
    const run = (fuzzy: boolean) =>
      workspace.index.search(query, {
        combineWith: 'AND',
        // As Meilisearch reads a query: the last word may be the start of a word, the others are whole.
        prefix: (_term, position, terms) => position === terms.length - 1,
        fuzzy: fuzzy ? (term) => typosAllowed(term) : false,
        maxFuzzy: 2,
        boost: FIELD_BOOST,
      }) as unknown as Result[];
    // Exact and prefix matches rank before typo matches: when they alone fill the answer, the
    // typo search (the costly one) cannot change it.
    let results = run(false);
    if (results.length < limit) results = run(true);
    return results
      .map((result) => ({ result, tier: tierOf(words, result.terms) }))
      .sort((a, b) => a.tier - b.tier || b.result.score - a.result.score || a.result.id.localeCompare(b.result.id))
      .slice(0, limit)
      .map(({ result }) => ({ type: result.type, id: result.id, score: result.score }));
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
