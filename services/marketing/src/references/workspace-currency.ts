import { call, isDuplicateKey } from '@crm/kit';
import { identityV1, workspaceCreated, workspaceUpdated } from '@crm/protos';
import { on, routeEvents, type EventRoute } from '@crm/bus';
import { peerClient, type ServiceContext } from '@crm/service-host';
import { workspaceCurrencyModel } from './reference-copies.model';

// The currency a new campaign gets when its request names none: the workspace's
// (settings.currency). A PATCH /workspace shows here once identity's event arrives.

async function remember(
  context: ServiceContext,
  workspaceId: string,
  currency: string,
  version: number,
): Promise<void> {
  try {
    await workspaceCurrencyModel(context.connection).updateOne(
      { _id: workspaceId, workspace_id: workspaceId, version: { $lt: version } },
      { $set: { currency, version } },
      { upsert: true },
    );
  } catch (error) {
    // A copy at least as new is stored.
    if (!isDuplicateKey(error)) throw error;
  }
}

// marketing's copy, or identity's answer when the copy has none yet (then remembered).
export async function workspaceCurrency(context: ServiceContext, workspaceId: string): Promise<string> {
  const copy = await workspaceCurrencyModel(context.connection)
    .findOne({ _id: workspaceId, workspace_id: workspaceId }, { currency: 1 })
    .lean<{ currency: string }>()
    .exec();
  if (copy) return copy.currency;
  const client = peerClient(context, 'identity', identityV1.IdentityServiceClient);
  const answer = await call(client.getWorkspace.bind(client), { workspace_id: workspaceId });
  const currency = answer.settings?.currency ?? 'GBP';
  await remember(context, workspaceId, currency, answer.version);
  return currency;
}

export const WORKSPACE_CURRENCY_CONSUMER = 'marketing.workspace-currency';

export function workspaceCurrencyHandler(context: ServiceContext): EventRoute {
  return on([workspaceCreated, workspaceUpdated], async (event) => {
    if (!event.workspace_id) return;
    await remember(context, event.workspace_id, event.data.settings.currency, event.data.version);
  });
}

export async function subscribeWorkspaceCurrency(context: ServiceContext): Promise<void> {
  const { patterns, handler } = routeEvents(workspaceCurrencyHandler(context));
  await context.bus.subscribe(WORKSPACE_CURRENCY_CONSUMER, patterns, handler);
}
