import type { Schema } from 'mongoose';

// Every tenant-owned collection carries workspace_id, and a query without it cannot run:
// forgetting the scope is an exception in tests, never a leak in production.
export class UnscopedQueryError extends Error {
  constructor(operation: string, model: string) {
    super(`${operation} on ${model} without workspace_id`);
    this.name = 'UnscopedQueryError';
  }
}

const QUERY_OPERATIONS = [
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

function hasScope(filter: Record<string, unknown> | undefined): boolean {
  if (!filter) return false;
  const scope = filter.workspace_id;
  if (typeof scope === 'string' && scope.length > 0) return true;
  // `$in` over explicit workspaces is still scoped (used by cross-workspace reads of one person).
  if (scope && typeof scope === 'object' && Array.isArray((scope as { $in?: unknown }).$in)) return true;
  return false;
}

export function tenantScoped(schema: Schema): void {
  schema.add({ workspace_id: { type: String, required: true, index: true } });

  for (const operation of QUERY_OPERATIONS) {
    schema.pre(operation, function checkScope() {
      if (!hasScope(this.getFilter())) throw new UnscopedQueryError(operation, this.model.modelName);
    });
  }

  schema.pre('aggregate', function checkScope() {
    const first = this.pipeline()[0] as { $match?: Record<string, unknown> } | undefined;
    if (!hasScope(first?.$match)) {
      throw new UnscopedQueryError('aggregate', (this as unknown as { _model: { modelName: string } })._model.modelName);
    }
  });

  schema.pre('estimatedDocumentCount', function refuse() {
    throw new UnscopedQueryError('estimatedDocumentCount', this.model.modelName);
  });
}
