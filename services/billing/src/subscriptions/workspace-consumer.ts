import { on, routeEvents } from '@crm/bus';
import { workspaceCreated } from '@crm/protos';
import type { BillingRuntime } from '../billing-runtime';
import { ensureSubscription } from './subscription-records';

export const WORKSPACE_CONSUMER = 'billing.workspaces';

// A new workspace gets its subscription record at once, so its complimentary period ends on time
// even if no admin ever opens billing. Repeats change nothing (one record per workspace).
export async function subscribeWorkspaces(runtime: BillingRuntime): Promise<void> {
  const { patterns, handler } = routeEvents(
    on(workspaceCreated, async (event) => {
      if (!event.workspace_id) return;
      await ensureSubscription(runtime, event.workspace_id, {
        plan: event.data.plan,
        complimentary_until: event.data.complimentary_until,
      });
    }),
  );
  await runtime.context.bus.subscribe(WORKSPACE_CONSUMER, patterns, handler);
}
