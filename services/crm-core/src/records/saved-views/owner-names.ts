import { copyOn, routeEvents, type EventHandler } from '@crm/bus';
import { userUpdated } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { savedViewModel } from './saved-view.model';

// owner_name follows the creator's name: identity.user.updated carries the person's name and
// its version. A person spans workspaces, so their views are renamed in every one of them.
export const OWNER_NAMES_CONSUMER = 'crm-core.saved-view-owner-names';

export function ownerNamesHandler(context: ServiceContext): EventHandler {
  // Idempotent and order-proof: only a newer version of the person's name applies.
  return routeEvents(
    copyOn(savedViewModel(context.connection), {
      events: userUpdated,
      across: "a person's new name on their saved views in every workspace",
      values: (user) => ({
        match: { owner_id: user.user_id },
        fields: { owner_name: user.name },
        versionField: 'owner_name_version',
        version: user.version,
      }),
    }),
  ).handler;
}

export async function subscribeOwnerNames(context: ServiceContext): Promise<void> {
  await context.bus.subscribe(OWNER_NAMES_CONSUMER, [userUpdated.type], ownerNamesHandler(context));
}
