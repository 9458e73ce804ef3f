import type { WorkspaceRecord, WorkspaceSettings } from './workspace.model';

// Me.workspace in the API contract.
export interface MeWorkspaceView {
  id: string;
  slug: string;
  name: string;
  plan: string;
  complimentary_until: string | null;
  billing_set_up: boolean;
}

export function meWorkspaceView(workspace: WorkspaceRecord): MeWorkspaceView {
  return {
    id: workspace._id,
    slug: workspace.slug,
    name: workspace.name,
    plan: workspace.plan,
    complimentary_until: workspace.complimentary_until ?? null,
    billing_set_up: workspace.billing_set_up,
  };
}

// Workspace in the API contract (GET and PATCH /workspace).
export interface WorkspaceView {
  id: string;
  slug: string;
  name: string;
  plan: string;
  settings: WorkspaceSettings;
}

export function workspaceView(workspace: WorkspaceRecord): WorkspaceView {
  const { currency, date_format, timezone, page_size } = workspace.settings;
  return {
    id: workspace._id,
    slug: workspace.slug,
    name: workspace.name,
    plan: workspace.plan,
    settings: { currency, date_format, timezone, page_size },
  };
}
