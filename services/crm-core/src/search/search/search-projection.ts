import type { Connection } from 'mongoose';
import { applyRecordState, projectionBatchHandler, type EventEnvelope, type RecordState } from '@crm/bus';
import { acrossWorkspaces, runWithContext, type Logger } from '@crm/kit';
import { asEventData, contactErased, EVENT_CONTRACTS, recordStateOf } from '@crm/protos';
import { companyModel, type CompanyRecord } from '../../records/companies/company.model';
import { contactModel, type ContactRecord } from '../../records/contacts/contact.model';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { EmbeddedSearchIndex } from './embedded-search-index';
import type { SearchIndex } from './search-index';
import { indexDocumentOf, searchDocumentModel, type SearchDocumentRecord } from './search-document.model';
import { phoneText, type SearchType } from './search-text';

// The search index as a projection of crm-core's own company and contact events: the
// projection (search_documents) keeps the newest version of each record by the rules of
// libs/bus (idempotent, out-of-order safe, tombstones), and every applied change is then copied
// to the index. Records in the recycle bin (deleted_at set, merged-away ones too) leave the
// index and come back when restored; purged and erased ones leave it for good.

export const SEARCH_CONSUMER = 'crm-core.search-index';
const PATTERNS = ['crm.company.*', 'crm.contact.*'];
const BATCH = 2000;
const SYNC_ATTEMPTS = 5;

type SearchState = Omit<SearchDocumentRecord, '_id' | 'version' | 'deleted'>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

function stateOf(type: SearchType, workspaceId: string, data: Record<string, unknown>): SearchState {
  const live = data.deleted_at === null || data.deleted_at === undefined;
  if (type === 'company') {
    const address = asEventData(data.address);
    return {
      workspace_id: workspaceId,
      type,
      live,
      name: text(data.name),
      email: null,
      domain: text(data.domain),
      account_number: text(data.account_number),
      postcode: text(address.postcode),
      phone: phoneText(text(data.phone)),
    };
  }
  const name = [text(data.first_name), text(data.last_name)].filter((part) => part !== null).join(' ');
  return {
    workspace_id: workspaceId,
    type,
    live,
    name: name === '' ? null : name,
    email: text(data.email),
    domain: null,
    account_number: null,
    postcode: null,
    phone: phoneText(text(data.phone), text(data.mobile)),
  };
}

export function readSearchEvent(
  event: Pick<EventEnvelope, 'type' | 'workspace_id' | 'data'>,
): RecordState<SearchState> | null {
  const type: SearchType | null = event.type.startsWith('crm.company.')
    ? 'company'
    : event.type.startsWith('crm.contact.')
      ? 'contact'
      : null;
  if (type === null || !event.workspace_id) return null;
  const record = recordStateOf(EVENT_CONTRACTS, event);
  if (!record) return null;
  // An erasure removes the person from search whatever else its payload carries.
  const state =
    record.state === null || event.type === contactErased.type ? null : stateOf(type, event.workspace_id, record.state);
  return { id: record.id, workspace_id: event.workspace_id, version: record.version, state };
}

// Copies the states just stored in the projection (of one workspace's records) to the index in
// one upsert and one removal, then reads their versions back: a record a newer version reached
// meanwhile (a rebuild racing the consumer) is read from the projection and copied again, each
// pass checked the same way.
export async function syncRecords(
  connection: Connection,
  index: SearchIndex,
  workspaceId: string,
  stored: ReadonlyArray<RecordState<SearchState>>,
): Promise<void> {
  const projection = searchDocumentModel(connection);
  // As the projection holds them (applyRecordStates writes the state with its id and version).
  let current: SearchDocumentRecord[] = stored.map((record) => ({
    ...(record.state ?? { workspace_id: workspaceId, live: false }),
    _id: record.id,
    version: record.version,
    deleted: record.state === null,
  })) as SearchDocumentRecord[];
  for (let attempt = 1; current.length > 0; attempt += 1) {
    const gone = current.filter((document) => document.deleted || !document.live).map((document) => document._id);
    const shown = current.filter((document) => !document.deleted && document.live).map(indexDocumentOf);
    if (gone.length > 0) await index.remove(workspaceId, gone);
    if (shown.length > 0) await index.upsert(shown);
    const versions = new Map(current.map((document) => [document._id, document.version]));
    const after = await projection
      .find({ _id: { $in: current.map((document) => document._id) }, workspace_id: workspaceId }, { version: 1 })
      .lean<Array<Pick<SearchDocumentRecord, '_id' | 'version'>>>()
      .exec();
    const waiting = after
      .filter((document) => document.version !== versions.get(document._id))
      .map((document) => document._id);
    if (waiting.length === 0 || attempt >= SYNC_ATTEMPTS) return;
    current = await projection
      .find({ _id: { $in: waiting }, workspace_id: workspaceId })
      .lean<SearchDocumentRecord[]>()
      .exec();
  }
}

// The records as crm-core stores them now, as the projection keeps them: the rebuild's source.
async function* storedRecords(
  connection: Connection,
  workspaceId?: string,
): AsyncGenerator<Array<RecordState<SearchState>>> {
  const scope = workspaceId === undefined ? {} : { workspace_id: workspaceId };
  const companies = companyModel(connection).find(scope).lean<CompanyRecord[]>().cursor({ batchSize: BATCH });
  const page: Array<RecordState<SearchState>> = [];
  for await (const company of companies) {
    const record = company;
    page.push({
      id: record._id,
      workspace_id: record.workspace_id,
      version: record.version ?? 1,
      state: stateOf('company', record.workspace_id, { ...record }),
    });
    if (page.length === BATCH) yield page.splice(0);
  }
  const contacts = contactModel(connection).find(scope).lean<ContactRecord[]>().cursor({ batchSize: BATCH });
  for await (const contact of contacts) {
    const record = contact;
    page.push({
      id: record._id,
      workspace_id: record.workspace_id,
      version: record.version ?? 1,
      state: stateOf('contact', record.workspace_id, { ...record }),
    });
    if (page.length === BATCH) yield page.splice(0);
  }
  if (page.length > 0) yield page;
}

// Fills the index with the projection's live records (of one workspace, or all).
export async function loadIndex(connection: Connection, index: SearchIndex, workspaceId?: string): Promise<number> {
  const read = async () => {
    const cursor = searchDocumentModel(connection)
      .find({ ...(workspaceId === undefined ? {} : { workspace_id: workspaceId }), deleted: false, live: true })
      .lean<SearchDocumentRecord[]>()
      .cursor({ batchSize: BATCH });
    let loaded = 0;
    let batch: SearchDocumentRecord[] = [];
    const flush = async () => {
      const documents = batch.map(indexDocumentOf);
      if (index instanceof EmbeddedSearchIndex) index.addAll(documents);
      else await index.upsert(documents);
      loaded += batch.length;
      batch = [];
    };
    for await (const document of cursor) {
      batch.push(document);
      if (batch.length === BATCH) await flush();
    }
    if (batch.length > 0) await flush();
    return loaded;
  };
  if (workspaceId === undefined) return acrossWorkspaces('loading the search index of every workspace', read);
  return runWithContext({ request_id: `search-load:${workspaceId}`, workspace_id: workspaceId }, read);
}

export interface SearchRebuildResult {
  dropped: number;
  applied: number;
  stale: number;
  indexed: number;
}

// rebuildProjection (libs/bus) in bulk: after the live documents are dropped only tombstones
// remain, so a record without one is inserted a page at a time; one with an older tombstone, or
// one a concurrent event put back meanwhile, goes through applyRecordState like any event.
async function replayStore(
  connection: Connection,
  workspaceId?: string,
): Promise<{ dropped: number; applied: number; stale: number }> {
  const projection = searchDocumentModel(connection);
  const scope = workspaceId === undefined ? {} : { workspace_id: workspaceId };
  const dropped = (await projection.deleteMany({ ...scope, deleted: false }).exec()).deletedCount;
  const tombstones = new Map(
    (
      await projection
        .find({ ...scope, deleted: true }, { version: 1 })
        .lean<Array<Pick<SearchDocumentRecord, '_id' | 'version'>>>()
        .exec()
    ).map((tombstone) => [tombstone._id, tombstone.version]),
  );
  const result = { dropped, applied: 0, stale: 0 };
  const applyOne = async (record: RecordState<SearchState>) => {
    result[await applyRecordState(projection as never, record)] += 1;
  };
  for await (const page of storedRecords(connection, workspaceId)) {
    const plain: Array<RecordState<SearchState>> = [];
    for (const record of page) {
      const tombstone = tombstones.get(record.id);
      if (tombstone === undefined) plain.push(record);
      else if (tombstone >= record.version) result.stale += 1;
      else await applyOne(record);
    }
    try {
      await projection.insertMany(
        plain.map((record) => ({ ...record.state!, _id: record.id, version: record.version, deleted: false })),
        { lean: true },
      );
      result.applied += plain.length;
    } catch {
      for (const record of plain) await applyOne(record);
    }
  }
  return result;
}

// From scratch: the projection is dropped and replayed from the stored companies and contacts
// (tombstones kept), then the index is emptied and filled from it.
export async function rebuildSearch(
  connection: Connection,
  index: SearchIndex,
  workspaceId?: string,
): Promise<SearchRebuildResult> {
  const replayed =
    workspaceId === undefined
      ? await acrossWorkspaces('rebuilding the search projection of every workspace', () => replayStore(connection))
      : await runWithContext({ request_id: `search-rebuild:${workspaceId}`, workspace_id: workspaceId }, () =>
          replayStore(connection, workspaceId),
        );
  await index.clear(workspaceId);
  const indexed = await loadIndex(connection, index, workspaceId);
  return { ...replayed, indexed };
}

async function prepareIndex(index: SearchIndex, logger: Logger): Promise<void> {
  try {
    await index.prepare();
  } catch (error) {
    // Writes retry (the consumer's redeliveries, then its dead letters) and searches answer 503
    // until the server is back; the service itself still starts.
    logger.warn({ err: error, index: index.kind }, 'search index not prepared; writes will retry');
  }
}

// At start: the index is prepared, an empty projection is filled from the store (first start
// with existing records), the embedded index is loaded from the projection, and the consumer
// subscribes (before the outbox relay starts, so nothing published meanwhile is missed).
export async function startSearch(runtime: CrmCoreRuntime): Promise<void> {
  const { context, searchIndex: index } = runtime;
  const { connection, logger } = context;
  await prepareIndex(index, logger);
  const started = Date.now();
  const projection = searchDocumentModel(connection);
  const empty =
    (await acrossWorkspaces('is the search projection empty', () => projection.estimatedDocumentCount().exec())) === 0;
  const stored = empty
    ? (await acrossWorkspaces('are there records to search', () =>
        companyModel(connection).estimatedDocumentCount().exec(),
      )) +
      (await acrossWorkspaces('are there records to search', () =>
        contactModel(connection).estimatedDocumentCount().exec(),
      ))
    : 0;
  if (empty && stored > 0) {
    try {
      const result = await rebuildSearch(connection, index);
      logger.info({ ...result, index: index.kind, ms: Date.now() - started }, 'search projection built from the store');
    } catch (error) {
      // Meilisearch down at the first start: the service still starts; the operator reruns the
      // build once it is back (the log says how).
      if (index instanceof EmbeddedSearchIndex) throw error;
      logger.error({ err: error }, 'search index not filled: run search-rebuild-cli once Meilisearch answers');
    }
  } else if (index instanceof EmbeddedSearchIndex) {
    const loaded = await loadIndex(connection, index);
    logger.info({ loaded, ms: Date.now() - started }, 'embedded search index loaded');
  }
  await context.bus.subscribeBatch(
    SEARCH_CONSUMER,
    PATTERNS,
    projectionBatchHandler<SearchState>({
      model: projection as never,
      read: (event) => readSearchEvent(event),
      // A batch is of one workspace (the transport splits them).
      onApplied: async (records) => syncRecords(connection, index, records[0].workspace_id!, records),
    }),
  );
  context.onStop('search index', () => index.close());
}
