import type { EventHandler } from '@crm/bus';
import { acrossWorkspaces } from '@crm/kit';
import { userUpdated, type UserUpdatedData } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { savedViewModel } from './saved-view.model';

// owner_name follows the creator's name: identity.user.updated carries the person's name and
// its version. A person spans workspaces, so their views are renamed in every one of them.
export const OWNER_NAMES_CONSUMER = 'crm-core.saved-view-owner-names';

export function ownerNamesHandler(context: ServiceContext): EventHandler {
  const views = savedViewModel(context.connection);
  return async (event) => {
    if (event.type !== userUpdated.type) return;
    const data = event.data as UserUpdatedData;
    // Idempotent and order-proof: only a newer version of the person's name applies.
    await acrossWorkspaces("a person's new name on their saved views in every workspace", () =>
      views.updateMany(
        { owner_id: data.user_id, owner_name_version: { $lt: data.version } },
        { $set: { owner_name: data.name, owner_name_version: data.version } },
      ),
    );
  };
}

export async function subscribeOwnerNames(context: ServiceContext): Promise<void> {
  await context.bus.subscribe(OWNER_NAMES_CONSUMER, [userUpdated.type], ownerNamesHandler(context));
}
