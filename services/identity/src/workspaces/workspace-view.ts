import type { WorkspaceRecord } from './workspace.model';
import type { MeWorkspaceView, WorkspaceView } from './workspace.operations';

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
