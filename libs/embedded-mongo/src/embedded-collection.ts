import { createRequire } from 'node:module';
import { mongo } from 'mongoose';
import { compareValues, normalizeSort } from './bson-order';
import {
  canonicalKey,
  cloneValue,
  ensureId,
  isPlainObject,
  normalizeDocument,
  normalizeValue,
  valuesAtPath,
  type Document,
  type NormalizedDocument,
} from './bson-values';
import { refuseQueryCollation } from './collation';
import type { CollectionStore, ExecutionCounters } from './collection-store';
import {
  EmbeddedAggregationCursor,
  EmbeddedFindCursor,
  EmbeddedListCursor,
  type CursorNamespace,
  type FindExecution,
  type FindSettings,
} from './cursor';
import { EmbeddedSession } from './embedded-session';
import { ErrorCodes, notSupported, serverError } from './errors';
import { defaultIndexName } from './ordered-index';
import {
  applyProjection,
  inclusionOf,
  isUpdatePipeline,
  pipelineFields,
  runPipeline,
  validateReplacement,
  validateUpdate,
} from './query-engine';
import { simpleGroup } from './simple-group';
import type { FindOutcome, Store } from './store';
import type { StoreHolder } from './store-holder';
import type { TransactionState } from './transaction';
import {
  newUpdateProgress,
  runDelete,
  runUpdate,
  type DeleteProgress,
  type UpdateProgress,
  type UpdateStatement,
} from './write-operations';

// The driver's Collection at runtime (so getters like collectionName/namespace and mongoose's
// `instanceof` checks work), with every operation reimplemented against the embedded store.
// Its TypeScript base is kept minimal: the driver's heavily overloaded signatures are not
// restated; `client.db().collection()` hands out the driver's Collection type.
interface CollectionSurface {
  readonly collectionName: string;
  readonly dbName: string;
  readonly namespace: string;
}
type CollectionConstructor = new (db: mongo.Db, name: string, options?: mongo.CollectionOptions) => CollectionSurface;
const CollectionBase = mongo.Collection as unknown as CollectionConstructor;

export type OperationOptions = Document & { session?: mongo.ClientSession };

// Index options that are part of an index's definition (the rest, like `background`, only
// affect how a server builds it).
const INDEX_DEFINITION_OPTIONS = [
  'unique',
  'sparse',
  'partialFilterExpression',
  'expireAfterSeconds',
  'collation',
  'weights',
  'default_language',
  'language_override',
  'textIndexVersion',
  '2dsphereIndexVersion',
  'bits',
  'min',
  'max',
  'hidden',
  'wildcardProjection',
];

type BulkStatement =
  | { readonly kind: 'insert'; readonly document: NormalizedDocument; readonly raw: Document }
  | { readonly kind: 'update'; readonly statement: UpdateStatement; readonly raw: Document }
  | { readonly kind: 'delete'; readonly filter: Document; readonly multi: boolean; readonly raw: Document };

interface RawBulkResult {
  ok: number;
  writeErrors: mongo.WriteError[];
  writeConcernErrors: Document[];
  insertedIds: Array<{ index: number; _id: unknown }>;
  nInserted: number;
  nUpserted: number;
  nMatched: number;
  nModified: number;
  nRemoved: number;
  upserted: Array<{ index: number; _id: unknown }>;
}

// BulkWriteResult and WriteError are not exported by the driver at runtime; mongoose loads them
// from the driver's bulk module, and so do we, from the very copy mongoose uses.
interface DriverBulkModule {
  readonly BulkWriteResult: new (result: RawBulkResult, ordered: boolean) => mongo.BulkWriteResult;
  readonly WriteError: new (error: mongo.BulkWriteOperationError) => mongo.WriteError;
}
const driverBulk = createRequire(require.resolve('mongoose'))('mongodb/lib/bulk/common') as DriverBulkModule;

export function indexKeyOf(specification: unknown): Document {
  if (typeof specification === 'string') return { [specification]: 1 };
  if (specification instanceof Map) return Object.fromEntries(specification) as Document;
  if (Array.isArray(specification)) {
    const key: Document = {};
    for (const item of specification) {
      if (typeof item === 'string') key[item] = 1;
      else if (Array.isArray(item)) key[String(item[0])] = (item[1] as unknown) ?? 1;
      else if (isPlainObject(item)) Object.assign(key, item);
    }
    return key;
  }
  if (isPlainObject(specification)) return { ...specification };
  throw new mongo.MongoInvalidArgumentError('Index specification must be a string, array or object');
}

function nonNegativeInteger(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(number) ? Math.abs(Math.trunc(number)) : 0;
}

function withIdFirst(document: Document): Document {
  if (!isPlainObject(document) || Object.keys(document)[0] === '_id') return document;
  return { _id: document._id as unknown, ...document };
}

function normalizeUpdate(update: Document | Document[]): Document | Document[] {
  return isUpdatePipeline(update) ? normalizeValue({ pipeline: update }).pipeline : normalizeValue(update);
}

// The shape of the server's explain('executionStats') answer, with the figures of this run:
// which index served the query (or a collection scan), in which direction, and how many keys
// and documents were examined.
function explainDocument(
  namespace: string,
  filter: Document,
  outcome: FindOutcome,
  returned: number,
  extra: Document = {},
): Document {
  const { plan } = outcome;
  let stage: Document;
  if (plan.stage === 'COLLSCAN') stage = { stage: 'COLLSCAN', filter, direction: 'forward' };
  else if (plan.stage === 'IDHACK') stage = { stage: 'IDHACK', indexName: '_id_' };
  else {
    stage = {
      stage: 'FETCH',
      ...(plan.exact ? {} : { filter }),
      inputStage: {
        stage: 'IXSCAN',
        indexName: plan.indexName,
        keyPattern: plan.index?.keyPattern,
        isMultiKey: plan.index?.multikey ?? false,
        direction: plan.reverse ? 'backward' : 'forward',
        indexBounds: plan.indexBounds,
      },
    };
  }
  if (outcome.sortedInMemory) stage = { stage: 'SORT', inputStage: stage };
  return {
    queryPlanner: { namespace, parsedQuery: filter, winningPlan: stage, rejectedPlans: [] },
    executionStats: {
      executionSuccess: true,
      nReturned: returned,
      totalKeysExamined: outcome.keysExamined,
      totalDocsExamined: outcome.docsExamined,
      executionStages: stage,
    },
    ...extra,
    ok: 1,
  };
}

export class EmbeddedCollection extends CollectionBase {
  constructor(
    private readonly embeddedDb: StoreHolder,
    name: string,
    options?: mongo.CollectionOptions,
  ) {
    super(embeddedDb as unknown as mongo.Db, name, options);
  }

  private get store(): Store {
    return this.embeddedDb.store;
  }

  private get cursorNamespace(): CursorNamespace {
    return { db: this.dbName, collection: this.collectionName };
  }

  private existing(): CollectionStore | undefined {
    return this.store.collection(this.dbName, this.collectionName);
  }

  private ensured(): CollectionStore {
    return this.store.ensureCollection(this.dbName, this.collectionName);
  }

  private transactionOf(options: OperationOptions | undefined): TransactionState | undefined {
    const session = options?.session;
    return session instanceof EmbeddedSession ? session.transactionForOperation(this.store) : undefined;
  }

  // Cumulative counters of this collection's query work; tests use them to prove index use.
  executionCounters(): ExecutionCounters {
    const counters = this.existing()?.counters;
    return counters ? { ...counters } : { docsExamined: 0, keysExamined: 0, indexLookups: 0, collectionScans: 0 };
  }

  // ---- reads ----

  find(filter: Document = {}, options: OperationOptions = {}): EmbeddedFindCursor {
    refuseQueryCollation(options.collation);
    const settings: FindSettings = {
      filter: normalizeValue(filter),
      sort: normalizeSort(options.sort),
      skip: nonNegativeInteger(options.skip),
      limit: nonNegativeInteger(options.limit),
      projection: (options.projection ?? options.fields) as Document | undefined,
      ...(options.hint !== undefined ? { hint: options.hint as Document | string } : {}),
    };
    const session = options.session;
    return new EmbeddedFindCursor(this.cursorNamespace, settings, (current) => this.executeFind(current, session));
  }

  private executeFind(settings: FindSettings, session: mongo.ClientSession | undefined): FindExecution {
    const transaction = this.transactionOf({ session });
    const fields = inclusionOf(settings.projection)?.fields;
    const outcome = this.store.find(transaction, this.existing(), {
      filter: settings.filter,
      sort: settings.sort,
      skip: settings.skip,
      limit: settings.limit,
      ...(fields ? { fields } : {}),
      ...(settings.hint !== undefined ? { hint: settings.hint } : {}),
    });
    // The store decodes private copies.
    const documents = applyProjection(outcome.documents, settings.projection, settings.filter);
    return { documents, explain: explainDocument(this.namespace, settings.filter, outcome, documents.length) };
  }

  async findOne(filter: Document = {}, options: OperationOptions = {}): Promise<Document | null> {
    const [document] = await this.find(filter, { ...options, limit: 1 }).toArray();
    return document ?? null;
  }

  async countDocuments(filter: Document = {}, options: OperationOptions = {}): Promise<number> {
    refuseQueryCollation(options.collation);
    return this.store.count(this.transactionOf(options), this.existing(), {
      filter: normalizeValue(filter),
      skip: nonNegativeInteger(options.skip),
      limit: nonNegativeInteger(options.limit),
    });
  }

  async count(filter: Document = {}, options: OperationOptions = {}): Promise<number> {
    return this.countDocuments(filter, options);
  }

  async estimatedDocumentCount(_options: OperationOptions = {}): Promise<number> {
    return this.existing()?.size ?? 0;
  }

  async distinct(key: string, filter: Document = {}, options: OperationOptions = {}): Promise<unknown[]> {
    const outcome = this.store.find(this.transactionOf(options), this.existing(), {
      filter: normalizeValue(filter),
      fields: new Set([key.split('.')[0]]),
    });
    const values = new Map<string, unknown>();
    for (const document of outcome.documents) {
      for (const value of valuesAtPath(document, key)) {
        // Arrays are unwound, so an empty one contributes nothing.
        if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
        const identity = canonicalKey(value);
        if (!values.has(identity)) values.set(identity, value);
      }
    }
    return [...values.values()].sort(compareValues).map(cloneValue);
  }

  aggregate(pipeline: Document[] = [], options: OperationOptions = {}): EmbeddedAggregationCursor {
    if (!Array.isArray(pipeline)) throw new mongo.MongoInvalidArgumentError('aggregate() requires a pipeline array');
    refuseQueryCollation(options.collation);
    const session = options.session;
    const hint = options.hint as Document | string | undefined;
    return new EmbeddedAggregationCursor(this.cursorNamespace, [...pipeline], (stages) =>
      this.executeAggregate(stages, session, hint),
    );
  }

  private executeAggregate(
    rawPipeline: Document[],
    session: mongo.ClientSession | undefined,
    hint?: Document | string,
  ): FindExecution {
    const transaction = this.transactionOf({ session });
    const pipeline = normalizeValue({ pipeline: rawPipeline }).pipeline;
    // The leading $match, $sort, $skip and $limit read through the indexes, like the server's
    // planner pushes them into the query.
    let position = 0;
    let filter: Document = {};
    let sort: ReturnType<typeof normalizeSort> = [];
    let skip = 0;
    let limit = 0;
    const first = pipeline[0];
    if (first && isPlainObject(first.$match)) {
      filter = first.$match;
      position++;
    }
    const sortStage = pipeline[position];
    if (sortStage && isPlainObject(sortStage.$sort)) {
      sort = normalizeSort(sortStage.$sort);
      position++;
      for (;;) {
        const stage = pipeline[position];
        if (stage && typeof stage.$skip === 'number' && limit === 0) skip += stage.$skip;
        else if (stage && typeof stage.$limit === 'number')
          limit = limit === 0 ? stage.$limit : Math.min(limit, stage.$limit);
        else break;
        position++;
      }
    }
    // Only the fields the rest of the pipeline reads are decoded (as the server tracks
    // dependencies), e.g. two fields of each document for a $group.
    const rest = pipeline.slice(position);
    const fields = pipelineFields(rest);
    const outcome = this.store.find(transaction, this.existing(), {
      filter,
      sort,
      skip,
      limit,
      ...(fields ? { fields } : {}),
      ...(hint !== undefined ? { hint } : {}),
    });
    const resolve = (name: string) =>
      this.store.find(transaction, this.store.collection(this.dbName, name), { filter: {} }).documents;
    const grouped = rest[0] ? simpleGroup(outcome.documents, rest[0].$group) : undefined;
    const documents = grouped
      ? rest.length > 1
        ? runPipeline(grouped, rest.slice(1), resolve)
        : grouped
      : runPipeline(outcome.documents, rest, resolve);
    return {
      documents,
      explain: explainDocument(this.namespace, filter, outcome, documents.length, { stages: pipeline.length }),
    };
  }

  // ---- writes ----

  private prepareInsert(document: Document): NormalizedDocument {
    if (document === null || typeof document !== 'object' || Array.isArray(document)) {
      throw new mongo.MongoInvalidArgumentError('Document must be an object');
    }
    // Like the driver, the caller's document receives the generated _id.
    ensureId(document);
    return normalizeDocument(withIdFirst(document));
  }

  async insertOne(document: Document, options: OperationOptions = {}): Promise<mongo.InsertOneResult> {
    const prepared = this.prepareInsert(document);
    await this.store.runWrite(this.transactionOf(options), (writer) => writer.insert(this.ensured(), prepared));
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- typed ObjectId by the driver; like MongoDB, the document's own _id
    return { acknowledged: true, insertedId: prepared.doc._id };
  }

  async insertMany(documents: Document[], options: OperationOptions = {}): Promise<mongo.InsertManyResult> {
    if (!Array.isArray(documents))
      throw new mongo.MongoInvalidArgumentError('Argument "docs" must be an array of documents');
    const result = await this.bulkWrite(
      documents.map((document) => ({ insertOne: { document } })),
      options,
    );
    return {
      acknowledged: true,
      insertedCount: result.insertedCount,
      insertedIds: result.insertedIds,
    };
  }

  private updateStatement(
    filter: Document,
    update: Document | Document[],
    options: OperationOptions,
    multi: boolean,
  ): UpdateStatement {
    validateUpdate(update);
    refuseQueryCollation(options.collation);
    return {
      filter: normalizeValue(filter ?? {}),
      update: normalizeUpdate(update),
      replacement: false,
      multi,
      upsert: options.upsert === true,
      arrayFilters: Array.isArray(options.arrayFilters)
        ? (normalizeValue({ filters: options.arrayFilters }).filters as Document[])
        : undefined,
      sort: normalizeSort(options.sort),
    };
  }

  private replaceStatement(filter: Document, replacement: Document, options: OperationOptions): UpdateStatement {
    validateReplacement(replacement);
    refuseQueryCollation(options.collation);
    return {
      filter: normalizeValue(filter ?? {}),
      update: normalizeValue(replacement),
      replacement: true,
      multi: false,
      upsert: options.upsert === true,
      sort: normalizeSort(options.sort),
    };
  }

  private async executeUpdate(statement: UpdateStatement, options: OperationOptions): Promise<mongo.UpdateResult> {
    const progress = newUpdateProgress();
    await this.store.runWrite(this.transactionOf(options), (writer) =>
      runUpdate(writer, this.ensured(), statement, progress),
    );
    return updateResult(progress);
  }

  async updateOne(
    filter: Document,
    update: Document | Document[],
    options: OperationOptions = {},
  ): Promise<mongo.UpdateResult> {
    return this.executeUpdate(this.updateStatement(filter, update, options, false), options);
  }

  async updateMany(
    filter: Document,
    update: Document | Document[],
    options: OperationOptions = {},
  ): Promise<mongo.UpdateResult> {
    return this.executeUpdate(this.updateStatement(filter, update, options, true), options);
  }

  async replaceOne(
    filter: Document,
    replacement: Document,
    options: OperationOptions = {},
  ): Promise<mongo.UpdateResult> {
    return this.executeUpdate(this.replaceStatement(filter, replacement, options), options);
  }

  private async executeDelete(
    filter: Document,
    multi: boolean,
    options: OperationOptions,
  ): Promise<mongo.DeleteResult> {
    refuseQueryCollation(options.collation);
    const normalized = normalizeValue(filter ?? {});
    const progress: DeleteProgress = { deleted: 0 };
    await this.store.runWrite(this.transactionOf(options), (writer) =>
      runDelete(writer, this.existing(), normalized, multi, progress),
    );
    return { acknowledged: true, deletedCount: progress.deleted };
  }

  async deleteOne(filter: Document = {}, options: OperationOptions = {}): Promise<mongo.DeleteResult> {
    return this.executeDelete(filter, false, options);
  }

  async deleteMany(filter: Document = {}, options: OperationOptions = {}): Promise<mongo.DeleteResult> {
    return this.executeDelete(filter, true, options);
  }

  private modifyResult(
    value: Document | undefined,
    options: OperationOptions,
    filter: Document,
    lastErrorObject: Document,
  ): Document | null {
    const projection = (options.projection ?? options.fields) as Document | undefined;
    const projected = value ? (applyProjection([cloneValue(value)], projection, filter)[0] ?? null) : null;
    if (options.includeResultMetadata === true) return { lastErrorObject, value: projected, ok: 1 };
    return projected;
  }

  private async findAndModify(statement: UpdateStatement, options: OperationOptions): Promise<Document | null> {
    const progress: UpdateProgress = newUpdateProgress();
    const outcome = await this.store.runWrite(this.transactionOf(options), (writer) =>
      runUpdate(writer, this.ensured(), statement, progress),
    );
    const returnAfter = options.returnDocument === 'after' || options.returnOriginal === false;
    const upserted = progress.upsertedId !== undefined;
    const lastErrorObject: Document = {
      n: progress.matched > 0 || upserted ? 1 : 0,
      updatedExisting: progress.matched > 0,
      ...(upserted ? { upserted: progress.upsertedId } : {}),
    };
    return this.modifyResult(returnAfter ? outcome.after : outcome.before, options, statement.filter, lastErrorObject);
  }

  async findOneAndUpdate(
    filter: Document,
    update: Document | Document[],
    options: OperationOptions = {},
  ): Promise<Document | null> {
    return this.findAndModify(this.updateStatement(filter, update, options, false), options);
  }

  async findOneAndReplace(
    filter: Document,
    replacement: Document,
    options: OperationOptions = {},
  ): Promise<Document | null> {
    return this.findAndModify(this.replaceStatement(filter, replacement, options), options);
  }

  async findOneAndDelete(filter: Document = {}, options: OperationOptions = {}): Promise<Document | null> {
    const normalized = normalizeValue(filter ?? {});
    const progress: DeleteProgress = { deleted: 0 };
    const deleted = await this.store.runWrite(this.transactionOf(options), (writer) =>
      runDelete(writer, this.existing(), normalized, false, progress, options.sort),
    );
    return this.modifyResult(deleted, options, normalized, { n: progress.deleted });
  }

  private parseBulkOperation(operation: Document): BulkStatement {
    const [kind] = Object.keys(operation ?? {});
    const body = kind === undefined ? undefined : (operation[kind] as Document | undefined);
    if (!kind || !isPlainObject(body))
      throw new mongo.MongoInvalidArgumentError('Operation must be an object with an operation key');
    const options = body as OperationOptions;
    switch (kind) {
      case 'insertOne': {
        const document = ('document' in body ? body.document : body) as Document;
        return { kind: 'insert', document: this.prepareInsert(document), raw: document };
      }
      case 'updateOne':
      case 'updateMany':
        return {
          kind: 'update',
          statement: this.updateStatement(
            body.filter as Document,
            body.update as Document,
            options,
            kind === 'updateMany',
          ),
          raw: {
            q: body.filter as unknown,
            u: body.update as unknown,
            multi: kind === 'updateMany',
            upsert: body.upsert === true,
          },
        };
      case 'replaceOne':
        return {
          kind: 'update',
          statement: this.replaceStatement(body.filter as Document, body.replacement as Document, options),
          raw: {
            q: body.filter as unknown,
            u: body.replacement as unknown,
            multi: false,
            upsert: body.upsert === true,
          },
        };
      case 'deleteOne':
      case 'deleteMany':
        return {
          kind: 'delete',
          filter: normalizeValue((body.filter as Document) ?? {}),
          multi: kind === 'deleteMany',
          raw: { q: body.filter as unknown, limit: kind === 'deleteMany' ? 0 : 1 },
        };
      default:
        throw new mongo.MongoInvalidArgumentError(`Unknown bulk operation ${kind}`);
    }
  }

  async bulkWrite(operations: Document[], options: OperationOptions = {}): Promise<mongo.BulkWriteResult> {
    if (!Array.isArray(operations))
      throw new mongo.MongoInvalidArgumentError('operations must be an array of documents');
    if (operations.length === 0)
      throw new mongo.MongoInvalidArgumentError('Invalid BulkOperation, Batch cannot be empty');
    const statements = operations.map((operation) => this.parseBulkOperation(operation));
    const ordered = options.ordered !== false;
    const transaction = this.transactionOf(options);
    const result: RawBulkResult = {
      ok: 1,
      writeErrors: [],
      writeConcernErrors: [],
      insertedIds: [],
      nInserted: 0,
      nUpserted: 0,
      nMatched: 0,
      nModified: 0,
      nRemoved: 0,
      upserted: [],
    };
    let next = 0;
    let updateProgress = newUpdateProgress();
    let deleteProgress: DeleteProgress = { deleted: 0 };
    const settle = (index: number): void => {
      result.nMatched += updateProgress.matched;
      result.nModified += updateProgress.modified;
      if (updateProgress.upsertedId !== undefined) {
        result.nUpserted++;
        result.upserted.push({ index, _id: updateProgress.upsertedId });
      }
      result.nRemoved += deleteProgress.deleted;
      updateProgress = newUpdateProgress();
      deleteProgress = { deleted: 0 };
    };
    await this.store.runWrite(transaction, (writer) => {
      while (next < statements.length) {
        const index = next;
        const statement = statements[index];
        try {
          if (statement.kind === 'insert') {
            writer.insert(this.ensured(), statement.document);
            result.nInserted++;
            result.insertedIds.push({ index, _id: statement.document.doc._id });
          } else if (statement.kind === 'update') {
            runUpdate(writer, this.ensured(), statement.statement, updateProgress);
          } else {
            runDelete(writer, this.existing(), statement.filter, statement.multi, deleteProgress);
          }
        } catch (error) {
          // Anything but a server error (e.g. waiting for a transaction lock) restarts this
          // statement later with its progress kept.
          if (!(error instanceof mongo.MongoServerError)) throw error;
          settle(index);
          next++;
          result.writeErrors.push(writeErrorOf(error, index, statement.raw));
          if (ordered || transaction) return;
          continue;
        }
        settle(index);
        next++;
      }
    });
    const bulkResult = new driverBulk.BulkWriteResult(result, ordered);
    const [firstError] = result.writeErrors;
    if (firstError) {
      const error = new mongo.MongoBulkWriteError(
        {
          message: firstError.errmsg ?? 'write operation failed',
          code: firstError.code,
          writeErrors: result.writeErrors,
        },
        bulkResult,
      );
      if (transaction) this.store.failTransaction(transaction, error);
      throw error;
    }
    return bulkResult;
  }

  // ---- indexes ----

  async createIndex(specification: unknown, options: OperationOptions = {}): Promise<string> {
    const key = indexKeyOf(specification);
    if (Object.keys(key).length === 0) throw serverError(67, 'CannotCreateIndex', 'Index keys cannot be empty.');
    const spec: Document = { key, name: typeof options.name === 'string' ? options.name : defaultIndexName(key) };
    for (const option of INDEX_DEFINITION_OPTIONS) {
      if (options[option] !== undefined && options[option] !== null)
        spec[option] = normalizeValue({ value: options[option] as unknown }).value;
    }
    if (spec.unique === false) delete spec.unique;
    if (spec.sparse === false) delete spec.sparse;
    return this.store.createIndex(this.dbName, this.collectionName, spec);
  }

  async createIndexes(specifications: Document[], options: OperationOptions = {}): Promise<string[]> {
    const names: string[] = [];
    for (const specification of specifications) {
      const { key, ...indexOptions } = specification;
      names.push(await this.createIndex(key, { ...options, ...indexOptions }));
    }
    return names;
  }

  async dropIndex(indexName: string | Document, _options: OperationOptions = {}): Promise<Document> {
    const collection = this.existing();
    const before = collection ? collection.indexes.size + 1 : 0;
    let name = typeof indexName === 'string' ? indexName : undefined;
    if (name === undefined && collection) {
      const wanted = canonicalKey(indexKeyOf(indexName));
      name = [...collection.indexes.values()].find((index) => canonicalKey(index.keyPattern) === wanted)?.name;
    }
    await this.store.dropIndex(
      this.dbName,
      this.collectionName,
      name ?? String(defaultIndexName(indexKeyOf(indexName))),
    );
    return { nIndexesWas: before, ok: 1 };
  }

  async dropIndexes(_options: OperationOptions = {}): Promise<boolean> {
    const collection = this.existing();
    if (!collection) return true;
    for (const name of [...collection.indexes.keys()])
      await this.store.dropIndex(this.dbName, this.collectionName, name);
    return true;
  }

  listIndexes(_options: OperationOptions = {}): EmbeddedListCursor {
    return new EmbeddedListCursor(this.cursorNamespace, () => {
      if (!this.existing()) {
        throw serverError(ErrorCodes.NamespaceNotFound, 'NamespaceNotFound', `ns does not exist: ${this.namespace}`);
      }
      return this.store.indexSpecs(this.dbName, this.collectionName).map(cloneValue);
    });
  }

  async indexes(options: OperationOptions = {}): Promise<Document[] | Document> {
    const specs = await this.listIndexes().toArray();
    return options.full === false ? indexInformation(specs) : specs;
  }

  async indexInformation(options: OperationOptions = {}): Promise<Document[] | Document> {
    const specs = await this.listIndexes().toArray();
    return options.full === true ? specs : indexInformation(specs);
  }

  async indexExists(names: string | string[], _options: OperationOptions = {}): Promise<boolean> {
    const existing = new Set(this.store.indexSpecs(this.dbName, this.collectionName).map((spec): unknown => spec.name));
    return (Array.isArray(names) ? names : [names]).every((name) => existing.has(name));
  }

  // ---- collection level ----

  async drop(_options: OperationOptions = {}): Promise<boolean> {
    await this.store.dropCollection(this.dbName, this.collectionName);
    return true;
  }

  async rename(newName: string, options: OperationOptions = {}): Promise<EmbeddedCollection> {
    await this.store.renameCollection(
      this.dbName,
      this.collectionName,
      this.dbName,
      newName,
      options.dropTarget === true,
    );
    return new EmbeddedCollection(this.embeddedDb, newName);
  }

  async options(_options: OperationOptions = {}): Promise<Document> {
    const collection = this.existing();
    if (!collection) throw new mongo.MongoAPIError(`Collection ${this.namespace} not found`);
    return cloneValue(collection.options);
  }

  async isCapped(_options: OperationOptions = {}): Promise<boolean> {
    return false;
  }

  watch(): never {
    throw notSupported('Change streams');
  }

  initializeOrderedBulkOp(): never {
    throw notSupported('The fluent bulk API');
  }

  initializeUnorderedBulkOp(): never {
    throw notSupported('The fluent bulk API');
  }

  listSearchIndexes(): never {
    throw notSupported('Atlas Search');
  }

  async createSearchIndex(): Promise<never> {
    throw notSupported('Atlas Search');
  }

  async createSearchIndexes(): Promise<never> {
    throw notSupported('Atlas Search');
  }

  async dropSearchIndex(): Promise<never> {
    throw notSupported('Atlas Search');
  }

  async updateSearchIndex(): Promise<never> {
    throw notSupported('Atlas Search');
  }
}

function updateResult(progress: UpdateProgress): mongo.UpdateResult {
  const upserted = progress.upsertedId !== undefined;
  return {
    acknowledged: true,
    matchedCount: progress.matched,
    modifiedCount: progress.modified,
    upsertedCount: upserted ? 1 : 0,
    upsertedId: (upserted ? progress.upsertedId : null) as mongo.ObjectId | null,
  };
}

function writeErrorOf(error: mongo.MongoServerError, index: number, operation: Document): mongo.WriteError {
  const details: mongo.BulkWriteOperationError & Document = {
    index,
    code: typeof error.code === 'number' ? error.code : 8,
    errmsg: error.message,
    errInfo: error.errInfo ?? {},
    op: operation,
  };
  if (error.keyPattern) details.keyPattern = error.keyPattern as unknown;
  if (error.keyValue) details.keyValue = error.keyValue as unknown;
  return new driverBulk.WriteError(details);
}

function indexInformation(specs: Document[]): Document {
  const information: Document = {};
  for (const spec of specs) information[String(spec.name)] = Object.entries(spec.key as Document);
  return information;
}
