import { AsyncLocalStorage } from 'node:async_hooks';
import type { ActorType } from './internal-jwt';

// Who a piece of work is done for, carried across awaits without being passed by hand: the
// tenancy guard compares every query's workspace with it, logs and gRPC metadata carry its ids.
export interface RequestContext {
  request_id: string;
  // Null before onboarding (no workspace yet) and for work that belongs to no tenant.
  workspace_id: string | null;
  actor?: { type: ActorType | 'system'; id: string | null; label: string | null };
  // W3C trace context of the request (https://www.w3.org/TR/trace-context/).
  traceparent?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}
