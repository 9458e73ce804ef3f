import type { ServiceModule } from '@crm/service-host';
import type { IdentityRuntime } from '../identity-runtime';
import { onboardingOperations } from './onboarding-routes';
import { workspaceOperations } from './workspace-routes';
import { subscribeWorkspacePlan } from './workspace-plan-consumer';
import { registerWorkspaceModel } from './workspace.model';

// A person's first (or next) workspace. A module of its own, listed before the person's own
// operations (me), so the operations keep their order: the order of the OpenAPI document.
export const onboardingModule: ServiceModule<IdentityRuntime> = {
  operations: onboardingOperations,
};

// The workspace's settings, and the plan billing decides for it (applied to the workspace, and so
// to the next internal token).
export const workspacesModule: ServiceModule<IdentityRuntime> = {
  models: registerWorkspaceModel,
  operations: workspaceOperations,
  consumers: ({ context }) => subscribeWorkspacePlan(context),
};
