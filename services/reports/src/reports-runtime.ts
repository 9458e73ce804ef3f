import type { ServiceContext } from '@crm/service-host';
import { createWorkspaceCache, type WorkspaceCache } from './read-model/workspace-data';

// What reports' code shares besides the host's context: the read model's cache of workspaces,
// one per start (workspace-data.ts). Reports has no settings of its own.
export interface ReportsRuntime {
  context: ServiceContext;
  workspaceCache: WorkspaceCache;
}

export function reportsRuntime(context: ServiceContext): ReportsRuntime {
  return { context, workspaceCache: createWorkspaceCache(context) };
}
