import { AsyncLocalStorage } from 'node:async_hooks';
import mongoose, { type Connection, type Model, type Schema } from 'mongoose';
import { dropIndexesWhere } from './index-maintenance';
import { currentContext, type RequestContext } from './request-context';

// Tenancy is enforced where every mongoose path ends: the collection object under each model
// (queries, save, create, insertMany lean or not, bulkWrite, aggregate and `Model.collection`
// all reach the database through it). Schema hooks add what must be seen before mongoose casts
// (a change of workspace_id in an update, which mongoose would drop silently). The rules are in
// docs/tenancy.md.

export class TenancyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TenancyError';
  }
}

// The operation names no workspace (or none this rule accepts).
export class UnscopedQueryError extends TenancyError {
  constructor(operation: string, model: string, detail = 'without workspace_id') {
    super(`${operation} on ${model} ${detail}`);
    this.name = 'UnscopedQueryError';
  }
}

// The operation names a workspace other than the caller's, or more than one.
export class CrossTenantQueryError extends TenancyError {
  constructor(operation: string, model: string, detail: string) {
    super(`${operation} on ${model} ${detail}`);
    this.name = 'CrossTenantQueryError';
  }
}

// An update, replacement or save would move a document to another workspace.
export class WorkspaceChangeError extends TenancyError {
  constructor(operation: string, model: string) {
    super(`${operation} on ${model} would change workspace_id, which never changes`);
    this.name = 'WorkspaceChangeError';
  }
}

// A model that is neither tenant-scoped nor declared global.
export class UndeclaredModelError extends TenancyError {
  constructor(models: string[]) {
    super(
      `models neither tenant-scoped nor declared global: ${models.join(', ')} ` +
        '(add schema.plugin(tenantScoped), or schema.plugin(globalCollection, { reason }) with a reason)',
    );
    this.name = 'UndeclaredModelError';
  }
}

interface CrossTenantGrant {
  reason: string;
  // The request context the grant was opened in: a runWithContext inside it starts a new
  // context, and the grant does not follow there.
  context: RequestContext | undefined;
}

const crossTenant = new AsyncLocalStorage<CrossTenantGrant>();

// The one way to read or write across workspaces (Authenticate's memberships of a person,
// switching a session into another workspace, sweeps over every tenant). Greppable on purpose:
// every use says why. Inside it any workspace, any `$in` list and no workspace at all are
// accepted; workspace_id stays immutable and new documents still need one.
export function acrossWorkspaces<T>(reason: string, work: () => T): AcrossWorkspacesResult<T> {
  if (reason.trim().length === 0) throw new TenancyError('acrossWorkspaces needs a reason');
  return crossTenant.run({ reason, context: currentContext() }, () => {
    const result = work();
    // A mongoose query runs when awaited, which would be after the grant ended: start it here.
    return (isLazyThenable(result) ? Promise.resolve(result) : result) as AcrossWorkspacesResult<T>;
  });
}

// What acrossWorkspaces answers: a promise for anything awaitable (a query becomes its result).
export type AcrossWorkspacesResult<T> = T extends PromiseLike<infer Result> ? Promise<Result> : T;

function isLazyThenable(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Promise) &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function crossTenantGrant(): CrossTenantGrant | undefined {
  const grant = crossTenant.getStore();
  return grant && grant.context === currentContext() ? grant : undefined;
}

type Declaration = { kind: 'tenant' } | { kind: 'global'; reason: string };

const DECLARATION = 'crmTenancy';

function declarationOf(schema: { options: object }): Declaration | undefined {
  return (schema.options as Record<string, unknown>)[DECLARATION] as Declaration | undefined;
}

function declare(schema: Schema, declaration: Declaration): void {
  const existing = declarationOf(schema);
  if (existing && existing.kind !== declaration.kind) {
    throw new TenancyError(`a schema cannot be both tenant-scoped and global`);
  }
  // Stored in the options so it survives schema.clone().
  (schema.options as Record<string, unknown>)[DECLARATION] = declaration;
}

// Collections of shared infrastructure (libs/bus) that hold rows of every tenant and are read
// only by their own machinery. Service models declare themselves with `globalCollection`.
export const INFRASTRUCTURE_COLLECTIONS: Readonly<Record<string, string>> = {
  outbox: 'the relay publishes every tenant’s events; rows carry the workspace inside the envelope',
  processed_events: 'consumer bookkeeping by event id, read only by the idempotent consumer',
  jobs: 'the worker claims due jobs of every tenant and runs each in its workspace’s context',
  dead_letters: 'events a consumer gave up on, of every tenant, kept for an operator to replay',
};

export interface GlobalCollectionOptions {
  // One line: why this collection holds no tenant-owned data, or must be read without one.
  reason: string;
}

// Declares a collection as not tenant-scoped (people, sessions, lookups by secret digest).
export function globalCollection(schema: Schema, options?: GlobalCollectionOptions): void {
  const reason = options?.reason?.trim() ?? '';
  if (reason.length === 0) throw new TenancyError('globalCollection needs a reason');
  declare(schema, { kind: 'global', reason });
  // Its lookups into tenant collections are held to the tenant rules.
  refuseUnscopedAggregates(schema);
}

// The collection guard checks aggregates too, but an aggregation cursor reaches the collection
// inside a mongoose callback where a throw would escape; aggregate middleware reports it instead.
function refuseUnscopedAggregates(schema: Schema): void {
  schema.pre('aggregate', function checkPipeline() {
    const model = (this as unknown as { _model: Model<unknown> })._model;
    const collection = model.collection as unknown as GuardedCollection;
    checkAggregate(collection, kindOfCollection(collection), this.pipeline());
  });
}

const TENANT_QUERY_OPERATIONS = [
  'countDocuments',
  'deleteMany',
  'deleteOne',
  'distinct',
  'find',
  'findOne',
  'findOneAndDelete',
  'findOneAndReplace',
  'findOneAndUpdate',
  'replaceOne',
  'updateMany',
  'updateOne',
] as const;

const UPDATE_OPERATIONS = ['findOneAndUpdate', 'updateMany', 'updateOne'] as const;
const REPLACE_OPERATIONS = ['findOneAndReplace', 'replaceOne'] as const;

type Filter = Record<string, unknown>;

export function tenantScoped(schema: Schema): void {
  if (declarationOf(schema)?.kind === 'tenant') return;
  declare(schema, { kind: 'tenant' });
  // Every query names the workspace first, so most schemas lead their indexes with it, and one of
  // those serves a workspace's rows too: an index of workspace_id alone beside them would cost every
  // row a key and every write an update. A schema whose indexes do not start with it gets one,
  // when its model is built (after the schema declared its indexes, which follow this plugin).
  schema.add({ workspace_id: { type: String, required: true, immutable: true } });
  schema.on('init', () => {
    if (!leadsWithWorkspace(schema)) schema.index({ workspace_id: 1 });
  });
  // Mongoose then puts the loaded workspace_id in the filter of save() and doc.deleteOne().
  schema.set('shardKey', { workspace_id: 1 });

  // Seen before casting: mongoose would drop a change of an immutable path without a word.
  for (const operation of UPDATE_OPERATIONS) {
    schema.pre(operation, function refuseWorkspaceChange() {
      const scope = singleScope(this.getFilter());
      if (changesWorkspace(this.getUpdate(), scope)) throw new WorkspaceChangeError(operation, this.model.modelName);
    });
  }
  for (const operation of REPLACE_OPERATIONS) {
    schema.pre(operation, function refuseWorkspaceChange() {
      const scope = singleScope(this.getFilter());
      const replacement = this.getUpdate() as Filter | null;
      if (replacement && replacementMoves(replacement, scope))
        throw new WorkspaceChangeError(operation, this.model.modelName);
    });
  }
  schema.pre('bulkWrite', function refuseWorkspaceChange(next, operations) {
    const model = this as unknown as Model<unknown>;
    for (const operation of operations as unknown as BulkOperation[]) {
      if (bulkOperationMovesWorkspace(operation)) throw new WorkspaceChangeError('bulkWrite', model.modelName);
    }
    next();
  });
  // Query middleware gives the clearest error (the model and the operation); the collection
  // guard below checks the same again for every path that skips query middleware.
  for (const operation of TENANT_QUERY_OPERATIONS) {
    schema.pre(operation, function checkScope() {
      authorize(operation, this.model.modelName, [scopeOf(this.getFilter())]);
    });
  }
  refuseUnscopedAggregates(schema);
  // A change stream sees every tenant; refused before mongoose builds it (its emitter would
  // report the collection guard's refusal as an unhandled 'error').
  schema.static('watch', function watch(this: Model<unknown>, ...args: unknown[]) {
    if (!crossTenantGrant()) throw new UnscopedQueryError('watch', this.modelName);
    return (mongoose.Model as unknown as { watch: (...input: unknown[]) => unknown }).watch.apply(this, args);
  });
  schema.pre('estimatedDocumentCount', function refuse() {
    if (!crossTenantGrant()) throw new UnscopedQueryError('estimatedDocumentCount', this.model.modelName);
  });
}

// The workspaces a filter restricts to: null when it does not restrict, else the ids of each
// restriction (every one must pass the rule).
type Scope = string[][] | null;

function idsOfCondition(condition: unknown): string[] | null {
  if (typeof condition === 'string') return condition.length > 0 ? [condition] : null;
  if (!condition || typeof condition !== 'object' || Array.isArray(condition)) return null;
  const operators = condition as Record<string, unknown>;
  if (typeof operators.$eq === 'string' && operators.$eq.length > 0) return [operators.$eq];
  const list = operators.$in;
  if (Array.isArray(list) && list.length > 0 && list.every((id) => typeof id === 'string' && id.length > 0))
    return list as string[];
  return null;
}

function scopeOf(filter: unknown): Scope {
  if (!filter || typeof filter !== 'object' || Array.isArray(filter)) return null;
  const conditions = filter as Filter;
  const restrictions: string[][] = [];
  if ('workspace_id' in conditions) {
    const ids = idsOfCondition(conditions.workspace_id);
    if (ids) restrictions.push(ids);
  }
  if (Array.isArray(conditions.$and)) {
    for (const part of conditions.$and) {
      const inner = scopeOf(part);
      if (inner) restrictions.push(...inner);
    }
  }
  // An $or restricts only if every branch does.
  if (Array.isArray(conditions.$or) && conditions.$or.length > 0) {
    const branches = conditions.$or.map(scopeOf);
    if (branches.every((branch): branch is string[][] => branch !== null)) restrictions.push(branches.flat(2));
  }
  return restrictions.length > 0 ? restrictions : null;
}

function singleScope(filter: unknown): string | null {
  const scope = scopeOf(filter);
  const ids = new Set(scope?.flat() ?? []);
  return ids.size === 1 ? [...ids][0] : null;
}

function callerWorkspace(): string | null {
  return currentContext()?.workspace_id ?? null;
}

// The one rule: inside a context with a workspace, every restriction names exactly that
// workspace; outside one (start-up, sign-in, gRPC Authenticate) the operation names exactly one
// workspace of its choosing; across workspaces only through acrossWorkspaces().
function authorize(operation: string, model: string, scopes: Scope[]): void {
  if (crossTenantGrant()) return;
  if (scopes.length === 0 || scopes.some((scope) => scope === null)) throw new UnscopedQueryError(operation, model);
  const ids = new Set((scopes as string[][][]).flat(2));
  const caller = callerWorkspace();
  if (caller !== null) {
    const other = [...ids].find((id) => id !== caller);
    if (other !== undefined) {
      throw new CrossTenantQueryError(
        operation,
        model,
        `names workspace ${other}, not the caller's (use acrossWorkspaces to cross)`,
      );
    }
    return;
  }
  if (ids.size > 1) {
    throw new CrossTenantQueryError(
      operation,
      model,
      `names ${ids.size} workspaces (one operation, one workspace; use acrossWorkspaces to cross)`,
    );
  }
}

const isWorkspacePath = (path: string) => path === 'workspace_id' || path.startsWith('workspace_id.');

// Whether an update document or pipeline would change workspace_id. Setting it to the value the
// filter already pins is a no-op and allowed (records written back whole).
function changesWorkspace(update: unknown, scope: string | null): boolean {
  if (!update || typeof update !== 'object') return false;
  if (Array.isArray(update)) return update.some((stage) => pipelineStageChangesWorkspace(stage));
  for (const [key, value] of Object.entries(update as Filter)) {
    if (!key.startsWith('$')) {
      if (isWorkspacePath(key) && !(scope !== null && value === scope)) return true;
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    for (const [path, operand] of Object.entries(value as Filter)) {
      if (key === '$rename' && typeof operand === 'string' && isWorkspacePath(operand)) return true;
      if (!isWorkspacePath(path)) continue;
      const settingSameValue = (key === '$set' || key === '$setOnInsert') && scope !== null && operand === scope;
      if (!settingSameValue) return true;
    }
  }
  return false;
}

function pipelineStageChangesWorkspace(stage: unknown): boolean {
  if (!stage || typeof stage !== 'object') return false;
  const [name, body] = Object.entries(stage as Filter)[0] ?? [];
  if (name === '$set' || name === '$addFields') return Object.keys((body as Filter) ?? {}).some(isWorkspacePath);
  if (name === '$unset')
    return (Array.isArray(body) ? body : [body]).some((path) => typeof path === 'string' && isWorkspacePath(path));
  // Whole-document reshaping could drop or rewrite it.
  return name === '$project' || name === '$replaceRoot' || name === '$replaceWith';
}

function replacementMoves(replacement: Filter, scope: string | null): boolean {
  if (!('workspace_id' in replacement)) return false;
  return scope === null || replacement.workspace_id !== scope;
}

interface BulkOperation {
  insertOne?: { document: Filter };
  updateOne?: { filter: Filter; update: unknown; upsert?: boolean };
  updateMany?: { filter: Filter; update: unknown; upsert?: boolean };
  replaceOne?: { filter: Filter; replacement: Filter; upsert?: boolean };
  deleteOne?: { filter: Filter };
  deleteMany?: { filter: Filter };
}

function bulkOperationMovesWorkspace(operation: BulkOperation): boolean {
  const update = operation.updateOne ?? operation.updateMany;
  if (update) return changesWorkspace(update.update, singleScope(update.filter));
  if (operation.replaceOne)
    return replacementMoves(operation.replaceOne.replacement, singleScope(operation.replaceOne.filter));
  return false;
}

// The parts of a mongoose Collection the guard reads.
interface GuardedCollection {
  name: string;
  conn: Connection;
}

type CollectionKind = 'tenant' | 'global' | 'undeclared';
const kinds = new WeakMap<object, CollectionKind>();

function kindOfCollection(collection: GuardedCollection): CollectionKind {
  const known = kinds.get(collection);
  if (known) return known;
  let kind: CollectionKind = 'undeclared';
  if (collection.name in INFRASTRUCTURE_COLLECTIONS) kind = 'global';
  for (const model of Object.values(collection.conn?.models ?? {})) {
    if (model.collection !== (collection as unknown)) continue;
    const declaration = declarationOf(model.schema);
    if (declaration) kind = declaration.kind;
  }
  // Undeclared is not remembered: its model may be registered later.
  if (kind !== 'undeclared') kinds.set(collection, kind);
  return kind;
}

function kindOfCollectionName(connection: Connection, name: string): CollectionKind {
  const collection = connection.collections[name] as unknown as GuardedCollection | undefined;
  if (collection) return kindOfCollection(collection);
  return name in INFRASTRUCTURE_COLLECTIONS ? 'global' : 'undeclared';
}

function documentScope(document: unknown): Scope {
  const workspace = (document as Filter | null)?.workspace_id;
  return typeof workspace === 'string' && workspace.length > 0 ? [[workspace]] : null;
}

function checkInsert(operation: string, name: string, documents: unknown[]): void {
  const scopes = documents.map(documentScope);
  // A new document always carries its workspace, also inside acrossWorkspaces.
  if (scopes.some((scope) => scope === null) || scopes.length === 0) {
    throw new UnscopedQueryError(operation, name, 'inserts a document without workspace_id');
  }
  authorize(operation, name, scopes);
}

function checkUpdate(operation: string, name: string, filter: unknown, update: unknown): void {
  if (changesWorkspace(update, singleScope(filter))) throw new WorkspaceChangeError(operation, name);
  authorize(operation, name, [scopeOf(filter)]);
}

function checkReplace(operation: string, name: string, filter: unknown, replacement: unknown): void {
  const scope = singleScope(filter);
  const document = (replacement ?? {}) as Filter;
  if (replacementMoves(document, scope)) throw new WorkspaceChangeError(operation, name);
  authorize(operation, name, [scopeOf(filter)]);
  // A replacement that leaves workspace_id out would orphan the document: keep it in its tenant.
  if (!('workspace_id' in document)) {
    if (scope === null)
      throw new UnscopedQueryError(operation, name, 'replaces a document without naming its one workspace');
    document.workspace_id = scope;
  }
}

function checkBulkWrite(name: string, operations: BulkOperation[]): void {
  const scopes: Scope[] = [];
  for (const operation of operations) {
    if (bulkOperationMovesWorkspace(operation)) throw new WorkspaceChangeError('bulkWrite', name);
    if (operation.insertOne) {
      const scope = documentScope(operation.insertOne.document);
      if (!scope) throw new UnscopedQueryError('bulkWrite', name, 'inserts a document without workspace_id');
      scopes.push(scope);
      continue;
    }
    const replace = operation.replaceOne;
    if (replace) {
      checkReplace('bulkWrite', name, replace.filter, replace.replacement);
      scopes.push(scopeOf(replace.filter));
      continue;
    }
    const filter = (operation.updateOne ?? operation.updateMany ?? operation.deleteOne ?? operation.deleteMany)?.filter;
    if (filter === undefined)
      throw new UnscopedQueryError(
        'bulkWrite',
        name,
        `with an operation the guard does not know (${Object.keys(operation).join(', ')})`,
      );
    scopes.push(scopeOf(filter));
  }
  authorize('bulkWrite', name, scopes);
}

// Collects the workspace restrictions of every part of a pipeline that reads a tenant-scoped
// collection; refuses stages that cannot be scoped safely.
function pipelineScopes(
  connection: Connection,
  name: string,
  pipeline: unknown[],
  readsTenant: boolean,
  scopes: Scope[],
): void {
  if (readsTenant) {
    const first = pipeline[0] as { $match?: unknown } | undefined;
    scopes.push(scopeOf(first?.$match));
  }
  for (const stage of pipeline) {
    if (!stage || typeof stage !== 'object') continue;
    for (const [operator, body] of Object.entries(stage as Filter)) {
      subPipelineScopes(connection, name, operator, body, scopes);
    }
  }
}

function subPipelineScopes(
  connection: Connection,
  name: string,
  operator: string,
  body: unknown,
  scopes: Scope[],
): void {
  const spec = (body ?? {}) as Filter;
  switch (operator) {
    case '$lookup': {
      const from = spec.from;
      if (typeof from !== 'string')
        throw new UnscopedQueryError('aggregate', name, '$lookup without a collection name');
      const tenant = kindOfCollectionName(connection, from) === 'tenant';
      if (!Array.isArray(spec.pipeline)) {
        if (tenant) scopes.push(null);
        return;
      }
      pipelineScopes(connection, name, spec.pipeline, tenant, scopes);
      return;
    }
    case '$unionWith': {
      const from = typeof body === 'string' ? body : spec.coll;
      if (typeof from !== 'string')
        throw new UnscopedQueryError('aggregate', name, '$unionWith without a collection name');
      const tenant = kindOfCollectionName(connection, from) === 'tenant';
      const pipeline = typeof body === 'string' ? [] : spec.pipeline;
      if (!Array.isArray(pipeline) || pipeline.length === 0) {
        if (tenant) scopes.push(null);
        return;
      }
      pipelineScopes(connection, name, pipeline, tenant, scopes);
      return;
    }
    case '$graphLookup': {
      const from = spec.from;
      if (typeof from !== 'string')
        throw new UnscopedQueryError('aggregate', name, '$graphLookup without a collection name');
      if (kindOfCollectionName(connection, from) === 'tenant') scopes.push(scopeOf(spec.restrictSearchWithMatch));
      return;
    }
    case '$facet':
      // Facets read the documents already matched; only lookups inside them reach further.
      for (const facet of Object.values(spec)) {
        if (Array.isArray(facet)) pipelineScopes(connection, name, facet, false, scopes);
      }
      return;
    case '$out':
    case '$merge':
      // Writes elsewhere, possibly over other tenants' documents.
      if (!crossTenantGrant())
        throw new CrossTenantQueryError('aggregate', name, `uses ${operator}, which writes outside the tenant`);
      return;
    default:
  }
}

function checkAggregate(collection: GuardedCollection, kind: CollectionKind, pipeline: unknown): void {
  if (!Array.isArray(pipeline)) throw new UnscopedQueryError('aggregate', collection.name, 'without a pipeline');
  const scopes: Scope[] = [];
  pipelineScopes(collection.conn, collection.name, pipeline, kind === 'tenant', scopes);
  if (scopes.length > 0) authorize('aggregate', collection.name, scopes);
}

type CollectionMethod = (this: GuardedCollection, ...args: unknown[]) => unknown;

// What each collection method must pass for a tenant collection before it reaches the driver.
const TENANT_CHECKS: Record<string, (collection: GuardedCollection, args: unknown[]) => void> = {
  find: (c, [filter]) => authorize('find', c.name, [scopeOf(filter)]),
  findOne: (c, [filter]) => authorize('findOne', c.name, [scopeOf(filter)]),
  countDocuments: (c, [filter]) => authorize('countDocuments', c.name, [scopeOf(filter)]),
  count: (c, [filter]) => authorize('count', c.name, [scopeOf(filter)]),
  distinct: (c, [, filter]) => authorize('distinct', c.name, [scopeOf(filter)]),
  deleteOne: (c, [filter]) => authorize('deleteOne', c.name, [scopeOf(filter)]),
  deleteMany: (c, [filter]) => authorize('deleteMany', c.name, [scopeOf(filter)]),
  findOneAndDelete: (c, [filter]) => authorize('findOneAndDelete', c.name, [scopeOf(filter)]),
  updateOne: (c, [filter, update]) => checkUpdate('updateOne', c.name, filter, update),
  updateMany: (c, [filter, update]) => checkUpdate('updateMany', c.name, filter, update),
  findOneAndUpdate: (c, [filter, update]) => checkUpdate('findOneAndUpdate', c.name, filter, update),
  replaceOne: (c, [filter, replacement]) => checkReplace('replaceOne', c.name, filter, replacement),
  findOneAndReplace: (c, [filter, replacement]) => checkReplace('findOneAndReplace', c.name, filter, replacement),
  insertOne: (c, [document]) => checkInsert('insertOne', c.name, [document]),
  insertMany: (c, [documents]) => checkInsert('insertMany', c.name, Array.isArray(documents) ? documents : []),
  bulkWrite: (c, [operations]) =>
    checkBulkWrite(c.name, Array.isArray(operations) ? (operations as BulkOperation[]) : []),
  aggregate: (c, [pipeline]) => checkAggregate(c, 'tenant', pipeline),
  estimatedDocumentCount: refuseOutsideGrant('estimatedDocumentCount'),
  watch: refuseOutsideGrant('watch'),
  // Every tenant's documents at once.
  drop: refuseOutsideGrant('drop'),
  rename: refuseOutsideGrant('rename'),
  initializeOrderedBulkOp: refuseOutsideGrant('initializeOrderedBulkOp'),
  initializeUnorderedBulkOp: refuseOutsideGrant('initializeUnorderedBulkOp'),
};

function refuseOutsideGrant(operation: string) {
  return (collection: GuardedCollection) => {
    if (!crossTenantGrant()) throw new UnscopedQueryError(operation, collection.name);
  };
}

// Methods that answer a cursor (or bulk builder) synchronously.
const SYNCHRONOUS_METHODS = new Set([
  'find',
  'aggregate',
  'watch',
  'initializeOrderedBulkOp',
  'initializeUnorderedBulkOp',
]);

let guardInstalled = false;

// Wraps mongoose's collection methods once per process: a tenant collection's operations are
// checked before they reach the driver, and any aggregate's lookups into tenant collections too.
export function installTenancyGuard(): void {
  if (guardInstalled) return;
  guardInstalled = true;
  const prototype = (mongoose.Collection as unknown as { prototype: Record<string, CollectionMethod> }).prototype;
  for (const method of Object.keys(TENANT_CHECKS)) {
    const original = prototype[method];
    if (typeof original !== 'function') continue;
    prototype[method] = function guarded(this: GuardedCollection, ...args: unknown[]) {
      const kind = kindOfCollection(this);
      try {
        if (kind === 'tenant') TENANT_CHECKS[method](this, args);
        else if (method === 'aggregate') checkAggregate(this, kind, args[0]);
      } catch (error) {
        // Refused the way the method fails: cursors synchronously, the rest as a rejection.
        if (SYNCHRONOUS_METHODS.has(method)) throw error;
        return Promise.reject(error);
      }
      return original.apply(this, args);
    };
  }
}

// Every model on the connection is tenant-scoped or declared global; run at start (syncIndexes),
// so a new model that is neither stops its service from starting, in tests first.
export function assertModelsDeclared(connection: Connection): void {
  const undeclared = Object.values(connection.models)
    .filter((model) => !declarationOf(model.schema) && !(model.collection.collectionName in INFRASTRUCTURE_COLLECTIONS))
    .map((model) => model.modelName);
  if (undeclared.length > 0) throw new UndeclaredModelError(undeclared);
}

// Does one of the schema's indexes start with workspace_id?
export function leadsWithWorkspace(schema: Schema): boolean {
  return schema.indexes().some(([fields]) => Object.keys(fields)[0] === 'workspace_id');
}

const workspaceAlone = (key: object) => Object.keys(key).join() === 'workspace_id';

// Stores from before tenantScoped left workspace_id unindexed hold an index of it alone in every
// tenant-scoped collection: dropped where the schema does not declare one (another index leads
// with the workspace). Answers how many it dropped.
export async function dropRedundantWorkspaceIndexes(connection: Connection): Promise<number> {
  let dropped = 0;
  for (const model of Object.values(connection.models)) {
    if (declarationOf(model.schema)?.kind !== 'tenant') continue;
    if (model.schema.indexes().some(([fields]) => workspaceAlone(fields))) continue;
    dropped += await dropIndexesWhere(model.collection, (index) => workspaceAlone(index.key));
  }
  return dropped;
}

// How a model is declared, for listings and tests.
export function tenancyOf(model: {
  schema: { options: object };
  collection: { collectionName: string };
}): Declaration | undefined {
  const declaration = declarationOf(model.schema);
  if (declaration) return declaration;
  const infrastructure = INFRASTRUCTURE_COLLECTIONS[model.collection.collectionName];
  return infrastructure ? { kind: 'global', reason: infrastructure } : undefined;
}
