import { Readable } from 'node:stream';
import { mongo } from 'mongoose';
import { normalizeSort, type SortSpec } from './bson-order';
import type { Document } from './bson-values';
import { refuseQueryCollation } from './collation';

// Cursors over results computed in memory. The query runs on first access (next, toArray, ...),
// like a driver cursor sends its first batch then; results are private copies.

export interface CursorNamespace {
  readonly db: string;
  readonly collection: string | undefined;
}

type Transform = (document: unknown) => unknown;

export abstract class EmbeddedCursor<T = Document> {
  private results: unknown[] | undefined;
  private position = 0;
  private closedFlag = false;
  private readonly transforms: Transform[] = [];

  protected constructor(readonly cursorNamespace: CursorNamespace) {}

  // Computes all results; called once per iteration.
  protected abstract execute(): Document[];

  protected assertNotStarted(): void {
    if (this.results !== undefined) throw new mongo.MongoCursorInUseError('Cursor is already initialized');
  }

  get namespace(): CursorNamespace {
    return this.cursorNamespace;
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  get killed(): boolean {
    return false;
  }

  get id(): mongo.Long | undefined {
    return this.results === undefined ? undefined : mongo.Long.ZERO;
  }

  private load(): unknown[] {
    if (this.results === undefined) {
      let documents: unknown[] = this.execute();
      for (const transform of this.transforms) documents = documents.map(transform);
      this.results = documents;
    }
    return this.results;
  }

  bufferedCount(): number {
    return this.results === undefined ? 0 : this.results.length - this.position;
  }

  readBufferedDocuments(count?: number): T[] {
    const results = this.results ?? [];
    const end = count === undefined ? results.length : Math.min(results.length, this.position + count);
    const documents = results.slice(this.position, end) as T[];
    this.position = end;
    return documents;
  }

  async hasNext(): Promise<boolean> {
    if (this.closedFlag) return false;
    const results = this.load();
    if (this.position < results.length) return true;
    this.closedFlag = true;
    return false;
  }

  async next(): Promise<T | null> {
    if (this.closedFlag) return null;
    const results = this.load();
    if (this.position >= results.length) {
      this.closedFlag = true;
      return null;
    }
    return results[this.position++] as T;
  }

  tryNext(): Promise<T | null> {
    return this.next();
  }

  async toArray(): Promise<T[]> {
    if (this.closedFlag) return [];
    const results = this.load();
    const rest = results.slice(this.position) as T[];
    this.position = results.length;
    this.closedFlag = true;
    return rest;
  }

  async forEach(iterator: (document: T) => boolean | void): Promise<void> {
    for (let document = await this.next(); document !== null; document = await this.next()) {
      if (iterator(document) === false) break;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, void> {
    try {
      for (let document = await this.next(); document !== null; document = await this.next()) yield document;
    } finally {
      await this.close();
    }
  }

  stream(options?: { transform?: (document: T) => unknown }): Readable {
    const transform = options?.transform;
    const source = this[Symbol.asyncIterator]();
    async function* mapped(): AsyncGenerator<unknown> {
      for await (const document of source) yield transform ? transform(document) : document;
    }
    return Readable.from(mapped());
  }

  map<U>(transform: (document: T) => U): EmbeddedCursor<U> {
    this.assertNotStarted();
    this.transforms.push(transform as Transform);
    return this as unknown as EmbeddedCursor<U>;
  }

  async close(): Promise<void> {
    this.closedFlag = true;
  }

  rewind(): void {
    this.results = undefined;
    this.position = 0;
    this.closedFlag = false;
  }

  // Options that only matter for a network cursor.
  batchSize(_size: number): this {
    return this;
  }

  maxTimeMS(_milliseconds: number): this {
    return this;
  }

  comment(_value: unknown): this {
    return this;
  }

  withReadPreference(_readPreference: unknown): this {
    return this;
  }

  withReadConcern(_readConcern: unknown): this {
    return this;
  }

  addCursorFlag(_flag: string, _value: boolean): this {
    return this;
  }

  maxAwaitTimeMS(_milliseconds: number): this {
    return this;
  }
}

export interface FindSettings {
  filter: Document;
  sort: SortSpec;
  skip: number;
  limit: number;
  projection: Document | undefined;
  // The index to read through (its name or key pattern), as the server's `hint`.
  hint?: Document | string;
}

export interface FindExecution {
  readonly documents: Document[];
  readonly explain: Document;
}

export class EmbeddedFindCursor<T = Document> extends EmbeddedCursor<T> {
  constructor(
    namespace: CursorNamespace,
    private readonly settings: FindSettings,
    private readonly run: (settings: FindSettings) => FindExecution,
  ) {
    super(namespace);
  }

  protected execute(): Document[] {
    return this.run(this.settings).documents;
  }

  filter(filter: Document): this {
    this.assertNotStarted();
    this.settings.filter = filter;
    return this;
  }

  sort(sort: unknown, direction?: unknown): this {
    this.assertNotStarted();
    this.settings.sort = normalizeSort(direction === undefined ? sort : [sort, direction]);
    return this;
  }

  skip(value: number): this {
    this.assertNotStarted();
    if (!Number.isInteger(value) || value < 0)
      throw new mongo.MongoInvalidArgumentError('Operation "skip" requires a non-negative integer');
    this.settings.skip = value;
    return this;
  }

  limit(value: number): this {
    this.assertNotStarted();
    if (!Number.isInteger(value)) throw new mongo.MongoInvalidArgumentError('Operation "limit" requires an integer');
    this.settings.limit = Math.abs(value);
    return this;
  }

  project<U = Document>(projection: Document): EmbeddedFindCursor<U> {
    this.assertNotStarted();
    this.settings.projection = projection;
    return this as unknown as EmbeddedFindCursor<U>;
  }

  hint(hint: Document | string): this {
    this.assertNotStarted();
    this.settings.hint = hint;
    return this;
  }

  collation(collation: unknown): this {
    refuseQueryCollation(collation);
    return this;
  }

  allowDiskUse(_allow?: boolean): this {
    return this;
  }

  async count(): Promise<number> {
    return this.run({ ...this.settings, skip: 0, limit: 0, projection: undefined }).documents.length;
  }

  async explain(_verbosity?: unknown): Promise<Document> {
    return this.run({ ...this.settings }).explain;
  }

  clone(): EmbeddedFindCursor<T> {
    return new EmbeddedFindCursor<T>(this.cursorNamespace, { ...this.settings }, this.run);
  }
}

export class EmbeddedAggregationCursor<T = Document> extends EmbeddedCursor<T> {
  constructor(
    namespace: CursorNamespace,
    private readonly pipeline: Document[],
    private readonly run: (pipeline: Document[]) => FindExecution,
  ) {
    super(namespace);
  }

  protected execute(): Document[] {
    return this.run(this.pipeline).documents;
  }

  async explain(_verbosity?: unknown): Promise<Document> {
    return this.run(this.pipeline).explain;
  }

  addStage<U = Document>(stage: Document): EmbeddedAggregationCursor<U> {
    this.assertNotStarted();
    this.pipeline.push(stage);
    return this as unknown as EmbeddedAggregationCursor<U>;
  }

  match(filter: Document): this {
    return this.addStage({ $match: filter }) as unknown as this;
  }

  sort(sort: Document): this {
    return this.addStage({ $sort: sort }) as unknown as this;
  }

  skip(value: number): this {
    return this.addStage({ $skip: value }) as unknown as this;
  }

  limit(value: number): this {
    return this.addStage({ $limit: value }) as unknown as this;
  }

  project<U = Document>(projection: Document): EmbeddedAggregationCursor<U> {
    return this.addStage<U>({ $project: projection });
  }

  group<U = Document>(group: Document): EmbeddedAggregationCursor<U> {
    return this.addStage<U>({ $group: group });
  }

  unwind<U = Document>(unwind: Document | string): EmbeddedAggregationCursor<U> {
    return this.addStage<U>({ $unwind: unwind });
  }

  lookup<U = Document>(lookup: Document): EmbeddedAggregationCursor<U> {
    return this.addStage<U>({ $lookup: lookup });
  }

  clone(): EmbeddedAggregationCursor<T> {
    return new EmbeddedAggregationCursor<T>(this.cursorNamespace, [...this.pipeline], this.run);
  }
}

// listIndexes() and listCollections(): results known up front.
export class EmbeddedListCursor<T = Document> extends EmbeddedCursor<T> {
  constructor(
    namespace: CursorNamespace,
    private readonly produce: () => Document[],
  ) {
    super(namespace);
  }

  protected execute(): Document[] {
    return this.produce();
  }

  clone(): EmbeddedListCursor<T> {
    return new EmbeddedListCursor<T>(this.cursorNamespace, this.produce);
  }
}
