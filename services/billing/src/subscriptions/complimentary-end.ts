import type { JobHandler } from '@crm/bus';
import { subscriptionComplimentaryEnded } from '@crm/protos';
import { commit } from '@crm/service-host';
import type { BillingRuntime } from '../billing-runtime';
import { isInPlace } from './plan-rules';
import {
  COMPLIMENTARY_END_JOB,
  findSubscription,
  replaceSubscription,
  scheduleComplimentaryEnd,
} from './subscription-records';
import { subscriptionState } from './subscription-state';

// Runs when the complimentary period ends (scheduled with the workspace's record, keyed by the
// workspace). Nothing set up by then: the workspace moves to the Free plan and identity hears of
// it (billing.subscription.complimentary_ended). A subscription in place, or a workspace already
// on Free, is left alone; a job that runs early (a clock ahead) schedules itself again.
export function complimentaryEndHandler(runtime: BillingRuntime): JobHandler {
  return async (job) => {
    const workspaceId = job.workspace_id;
    if (!workspaceId) return;
    await commit(runtime.context, async (unit) => {
      const record = await findSubscription(runtime, workspaceId, unit.transaction);
      if (!record || isInPlace(record.status) || record.plan !== 'standard' || record.complimentary_until === null)
        return;
      if (Date.parse(record.complimentary_until) > Date.now()) {
        await scheduleComplimentaryEnd(unit, workspaceId, record.complimentary_until);
        return;
      }
      const next = await replaceSubscription(runtime, unit, record, {
        ...record,
        plan: 'free',
        status: record.status === 'complimentary' ? 'none' : record.status,
      });
      unit.publish(subscriptionComplimentaryEnded, {
        workspace_id: workspaceId,
        actor: null,
        data: subscriptionState(next),
      });
    });
  };
}

export function subscriptionJobs(runtime: BillingRuntime): Record<string, JobHandler> {
  return { [COMPLIMENTARY_END_JOB]: complimentaryEndHandler(runtime) };
}
