import type { Connection } from 'mongoose';
import { acrossWorkspaces } from '@crm/kit';

// The plans of the queries one request ran, captured from mongoose while it runs and explained on
// the same store, so a benchmark shows the indexes that make a request fast (the same mongoose
// indexes serve it on MongoDB).

// The outbox relay and the job worker poll on their own, and the timeline's consumer keeps its copy
// of each contact's company (timeline_contacts, which no read uses) as the events of a seeding
// through the API arrive; only the request's queries count.
const BACKGROUND = new Set(['outbox', 'jobs', 'processed_events', 'dead_letters', 'timeline_contacts']);

interface CapturedQuery {
  collection: string;
  method: string;
  filter: Record<string, unknown>;
  options: Record<string, unknown>;
}

// What a plan line reads of the server-shaped explain document.
interface PlanStage {
  stage: string;
  indexName?: string;
  inputStage?: PlanStage;
}
interface Explain {
  queryPlanner?: { winningPlan?: PlanStage };
  executionStats?: { totalKeysExamined?: number; totalDocsExamined?: number };
}

// The index a plan reads through, from the server-shaped explain document.
function planOf(explain: Explain): string {
  let stage = explain.queryPlanner?.winningPlan;
  const names: string[] = [];
  while (stage) {
    names.push(stage.indexName ? `${stage.stage} ${stage.indexName}` : stage.stage);
    stage = stage.inputStage;
  }
  const stats = explain.executionStats ?? {};
  return `${names.join(' <- ')} (keys examined ${stats.totalKeysExamined ?? '?'}, docs examined ${stats.totalDocsExamined ?? '?'})`;
}

// A line a query the request ran: its collection and method, the plan's stages from the outermost in,
// and the keys and documents it examined.
export async function plansOf(connection: Connection, request: () => Promise<unknown>): Promise<string[]> {
  const captured: CapturedQuery[] = [];
  connection.set('debug', (collection: string, method: string, filter: unknown, ...rest: unknown[]) => {
    const options = rest.find((value) => value && typeof value === 'object' && !Array.isArray(value)) as
      Record<string, unknown> | undefined;
    captured.push({ collection, method, filter: (filter ?? {}) as Record<string, unknown>, options: options ?? {} });
  });
  try {
    await request();
  } finally {
    connection.set('debug', false);
  }
  const lines: string[] = [];
  for (const query of captured) {
    if (!['find', 'findOne', 'countDocuments'].includes(query.method) || BACKGROUND.has(query.collection)) continue;
    const { sort, skip, limit } = query.options as { sort?: Record<string, 1 | -1>; skip?: number; limit?: number };
    // A count is explained as the find it counts over (the driver has no explain for it).
    const cursor = connection
      .collection(query.collection)
      .find(query.filter, { sort, skip, limit: query.method === 'findOne' ? 1 : limit });
    const explain = await acrossWorkspaces('benchmark explains the queries it captured', () => cursor.explain());
    lines.push(`${query.collection}.${query.method}: ${planOf(explain)}`);
  }
  return lines;
}
