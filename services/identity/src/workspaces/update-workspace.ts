import { workspaceUpdated } from '@crm/protos';
import { isoNow, notFound, validationFailed, type InternalClaims } from '@crm/kit';
import { commit } from '@crm/service-host';
import { type FieldChange } from '../events/identity-events';
import { workspaceState } from '../events/record-states';
import type { IdentityRuntime } from '../identity-runtime';
import { canonicalTimeZone } from './timezones';
import type { UpdateWorkspaceBody, WorkspaceView } from './workspace.operations';
import { workspaceModel, type WorkspaceRecord, type WorkspaceSettings } from './workspace.model';
import { workspaceView } from './workspace-view';

const SETTING_FIELDS = ['currency', 'date_format', 'timezone', 'page_size'] as const satisfies ReadonlyArray<
  keyof WorkspaceSettings
>;

// Changes the workspace's name and settings. Only fields whose value changes are written and
// reported; a request that changes nothing answers the workspace and publishes nothing.
export async function updateWorkspace(
  runtime: IdentityRuntime,
  claims: InternalClaims,
  workspaceId: string,
  body: UpdateWorkspaceBody,
): Promise<WorkspaceView> {
  const requested = { ...body.settings };
  if (requested.timezone !== undefined) {
    const zone = canonicalTimeZone(requested.timezone);
    if (!zone) throw validationFailed('settings.timezone must be an IANA time zone such as Europe/London');
    requested.timezone = zone;
  }
  const { connection } = runtime.context;
  return commit(runtime.context, async ({ transaction, publish }) => {
    const workspace = await workspaceModel(connection)
      .findById(workspaceId)
      .session(transaction)
      .lean<WorkspaceRecord>()
      .exec();
    if (!workspace) throw notFound('workspace');

    const changes: Record<string, FieldChange> = {};
    const set: Record<string, unknown> = {};
    if (body.name !== undefined && body.name !== workspace.name) {
      changes.name = { before: workspace.name, after: body.name };
      set.name = body.name;
    }
    for (const field of SETTING_FIELDS) {
      const after = requested[field];
      const before = workspace.settings[field];
      if (after === undefined || after === before) continue;
      changes[`settings.${field}`] = { before, after };
      set[`settings.${field}`] = after;
    }
    if (Object.keys(set).length === 0) return workspaceView(workspace);

    const updated = await workspaceModel(connection)
      .findOneAndUpdate(
        { _id: workspaceId },
        { $set: { ...set, updated_at: isoNow() }, $inc: { version: 1 } },
        { session: transaction, new: true },
      )
      .lean<WorkspaceRecord>()
      .exec();
    if (!updated) throw notFound('workspace');
    publish(workspaceUpdated, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: { ...workspaceState(updated), changes },
    });
    return workspaceView(updated);
  });
}
