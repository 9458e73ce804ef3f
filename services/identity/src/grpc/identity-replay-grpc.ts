import type { Connection } from 'mongoose';
import { unary, validationFailed, type GrpcRegistration } from '@crm/kit';
import { replayV1 } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { memberState, workspaceState } from '../events/record-states';
import { memberModel, type MemberRecord } from '../members/member.model';
import { roleModel, type RoleRecord } from '../roles/role.model';
import { userModel, type UserRecord } from '../users/user.model';
import { workspaceModel, type WorkspaceRecord } from '../workspaces/workspace.model';

export const REPLAY_PAGE_MAX = 1000;

// One page of a workspace's memberships (with the person's name and the role), or the workspace
// itself (kind workspace: one record, its settings), each as its latest event carries it.
export async function replayRecords(
  connection: Connection,
  request: replayV1.ReplayRecordsRequest,
): Promise<replayV1.ReplayRecordsResponse> {
  if (!request.workspace_id) throw validationFailed('workspace_id is required');
  if (request.kind === 'workspace') {
    if (request.after_id) return { records: [], next_after_id: '' };
    const workspace = await workspaceModel(connection)
      .findOne({ _id: request.workspace_id })
      .lean<WorkspaceRecord>()
      .exec();
    if (!workspace) return { records: [], next_after_id: '' };
    const state = workspaceState(workspace);
    return {
      records: [{ id: workspace._id, version: state.version, state_json: JSON.stringify(state) }],
      next_after_id: '',
    };
  }
  if (request.kind !== 'member') throw validationFailed('kind must be member or workspace');
  const limit = Math.min(Math.max(request.limit || REPLAY_PAGE_MAX, 1), REPLAY_PAGE_MAX);
  const filter: Record<string, unknown> = { workspace_id: request.workspace_id };
  if (request.after_id) filter._id = { $gt: request.after_id };
  const members = await memberModel(connection)
    .find(filter)
    .sort({ _id: 1 })
    .limit(limit)
    .lean<MemberRecord[]>()
    .exec();
  const [users, roles] = await Promise.all([
    userModel(connection)
      .find({ _id: { $in: members.map((member) => member.user_id) } }, { name: 1, email: 1 })
      .lean<UserRecord[]>()
      .exec(),
    roleModel(connection)
      .find({ workspace_id: request.workspace_id, _id: { $in: members.map((member) => member.role_id) } }, { name: 1 })
      .lean<RoleRecord[]>()
      .exec(),
  ]);
  const people = new Map(users.map((user) => [user._id, user]));
  const roleNames = new Map(roles.map((role) => [role._id, role]));
  return {
    records: members.map((member) => {
      const state = memberState(member, people.get(member.user_id) ?? null, roleNames.get(member.role_id) ?? null);
      return { id: member._id, version: state.version, state_json: JSON.stringify(state) };
    }),
    next_after_id: members.length === limit ? members[members.length - 1]._id : '',
  };
}

export function identityReplayGrpc(context: ServiceContext): GrpcRegistration {
  const implementation: replayV1.RecordReplayServiceServer = {
    replayRecords: unary<replayV1.ReplayRecordsRequest, replayV1.ReplayRecordsResponse>(context.logger, (request) =>
      replayRecords(context.connection, request),
    ),
  };
  return { definition: replayV1.RecordReplayServiceService, implementation };
}
