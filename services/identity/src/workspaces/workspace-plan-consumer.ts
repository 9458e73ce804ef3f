import type { Connection } from 'mongoose';
import { on, routeEvents, type RoutedHandler } from '@crm/bus';
import { isoNow, type Logger } from '@crm/kit';
import { BILLING_EVENT_CONTRACTS, isPlanName } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { workspaceModel } from './workspace.model';

export const WORKSPACE_PLAN_CONSUMER = 'identity.workspace-plan';

// Billing decides which plan a workspace is on; its billing.subscription.* events carry the
// subscription record's full state and version. Applying one changes the workspace record, which
// clears the authentication cache (a write to a collection Authenticate reads), so the very next
// request's internal token carries the new plan. Applied by version: a late or repeated event
// (older or equal billing_version) changes nothing. No identity event follows: the billing event
// is the change, and the audit log has it.
export function workspacePlanHandler(connection: Connection, logger: Logger): RoutedHandler {
  return routeEvents(
    on(BILLING_EVENT_CONTRACTS, async (event) => {
      const data = event.data;
      const workspaceId = event.workspace_id;
      const version = data.version;
      if (
        !workspaceId ||
        !isPlanName(data.plan) ||
        typeof version !== 'number' ||
        typeof data.billing_set_up !== 'boolean'
      ) {
        // Can never apply; redelivering it would not help.
        logger.warn(
          { event_id: event.id, type: event.type },
          'billing event without a workspace, plan or version ignored',
        );
        return;
      }
      await workspaceModel(connection).updateOne(
        { _id: workspaceId, billing_version: { $not: { $gte: version } } },
        {
          $set: {
            plan: data.plan,
            billing_set_up: data.billing_set_up,
            billing_version: version,
            updated_at: isoNow(),
          },
        },
      );
    }),
  );
}

export async function subscribeWorkspacePlan(context: ServiceContext): Promise<void> {
  const { patterns, handler } = workspacePlanHandler(context.connection, context.logger);
  await context.bus.subscribe(WORKSPACE_PLAN_CONSUMER, patterns, handler);
}
