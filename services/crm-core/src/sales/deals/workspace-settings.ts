import { call, isDuplicateKey } from '@crm/kit';
import { identityV1, workspaceCreated, workspaceUpdated } from '@crm/protos';
import { on, routeEvents } from '@crm/bus';
import { peerClient, type ServiceContext } from '@crm/service-host';
import { workspaceSettingsModel, type WorkspaceSettingsRecord } from './workspace-settings.model';

export interface DealSettings {
  currency: string;
  timezone: string;
}

// Stores settings only when newer than the stored copy; duplicates and late events change nothing.
async function remember(
  context: ServiceContext,
  workspaceId: string,
  settings: DealSettings,
  version: number,
): Promise<void> {
  try {
    await workspaceSettingsModel(context.connection).updateOne(
      { _id: workspaceId, workspace_id: workspaceId, version: { $lt: version } },
      { $set: { currency: settings.currency, timezone: settings.timezone, version } },
      { upsert: true },
    );
  } catch (error) {
    // A copy at least as new is stored.
    if (!isDuplicateKey(error)) throw error;
  }
}

// The workspace's currency and time zone: crm-core's copy, or identity's answer when the copy
// has none yet (then remembered). A PATCH /workspace shows here once its event arrives.
export async function dealSettings(context: ServiceContext, workspaceId: string): Promise<DealSettings> {
  const copy = await workspaceSettingsModel(context.connection)
    .findOne({ _id: workspaceId, workspace_id: workspaceId }, { currency: 1, timezone: 1 })
    .lean<Pick<WorkspaceSettingsRecord, 'currency' | 'timezone'>>()
    .exec();
  if (copy) return { currency: copy.currency, timezone: copy.timezone };
  const client = peerClient(context, 'identity', identityV1.IdentityServiceClient);
  const answer = await call(client.getWorkspace.bind(client), { workspace_id: workspaceId });
  const settings = {
    currency: answer.settings?.currency ?? 'GBP',
    timezone: answer.settings?.timezone ?? 'Europe/London',
  };
  await remember(context, workspaceId, settings, answer.version);
  return settings;
}

export const WORKSPACE_SETTINGS_CONSUMER = 'crm-core.workspace-settings';

export async function subscribeWorkspaceSettings(context: ServiceContext): Promise<void> {
  const { patterns, handler } = routeEvents(
    on([workspaceCreated, workspaceUpdated], async (event) => {
      if (!event.workspace_id) return;
      const { settings, version } = event.data;
      await remember(
        context,
        event.workspace_id,
        { currency: settings.currency, timezone: settings.timezone },
        version,
      );
    }),
  );
  await context.bus.subscribe(WORKSPACE_SETTINGS_CONSUMER, patterns, handler);
}
