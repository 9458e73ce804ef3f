import type { Connection } from 'mongoose';
import { notFound, validationFailed } from '@crm/kit';
import type { identityV1 } from '@crm/protos';
import { workspaceModel, type WorkspaceRecord } from '../workspaces/workspace.model';

// A workspace's settings, plan and version from identity's own record, for a service whose
// event-fed copy has none yet (a workspace it has not heard of).
export async function getWorkspace(
  connection: Connection,
  request: identityV1.GetWorkspaceRequest,
): Promise<identityV1.GetWorkspaceResponse> {
  if (!request.workspace_id) throw validationFailed('workspace_id is required');
  const workspace = await workspaceModel(connection)
    .findOne(
      { _id: request.workspace_id },
      { name: 1, slug: 1, settings: 1, version: 1, plan: 1, complimentary_until: 1, billing_set_up: 1 },
    )
    .lean<
      Pick<
        WorkspaceRecord,
        '_id' | 'name' | 'slug' | 'settings' | 'version' | 'plan' | 'complimentary_until' | 'billing_set_up'
      >
    >()
    .exec();
  if (!workspace) throw notFound('workspace');
  const { currency, date_format, timezone, page_size } = workspace.settings;
  return {
    workspace_id: workspace._id,
    settings: { currency, date_format, timezone, page_size },
    version: workspace.version ?? 1,
    // Billing's starting point for a workspace it has not heard of yet.
    plan: workspace.plan,
    complimentary_until: workspace.complimentary_until ?? undefined,
    billing_set_up: workspace.billing_set_up ?? false,
    name: workspace.name,
    slug: workspace.slug,
  };
}
