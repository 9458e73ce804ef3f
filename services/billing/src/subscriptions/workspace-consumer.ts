import { workspaceCreated, type WorkspaceCreatedData } from '@crm/protos';
import type { BillingRuntime } from '../billing-runtime';
import { ensureSubscription } from './subscription-records';

export const WORKSPACE_CONSUMER = 'billing.workspaces';

// A new workspace gets its subscription record at once, so its complimentary period ends on time
// even if no admin ever opens billing. Repeats change nothing (one record per workspace).
export async function subscribeWorkspaces(runtime: BillingRuntime): Promise<void> {
  await runtime.context.bus.subscribe(WORKSPACE_CONSUMER, [workspaceCreated.type], async (event) => {
    if (!event.workspace_id) return;
    const data = event.data as WorkspaceCreatedData;
    await ensureSubscription(runtime, event.workspace_id, { plan: data.plan, complimentary_until: data.complimentary_until });
  });
}
