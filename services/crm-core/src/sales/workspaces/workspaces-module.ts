import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { registerSeededWorkspaceModel } from './seeded-workspace.model';
import { subscribeWorkspaceSeed } from './workspace-seed';

// A new workspace's starting pipeline, stages and lead sources.
export const workspacesModule: ServiceModule<CrmCoreRuntime> = {
  models: registerSeededWorkspaceModel,
  consumers: ({ context, workspaceSeeds }) => subscribeWorkspaceSeed(context, workspaceSeeds),
};
