import { acrossWorkspaces, call, isDuplicateKey, validationFailed } from '@crm/kit';
import { identityV1, memberAdded, memberUpdated, userUpdated, type MemberAddedData, type UserUpdatedData } from '@crm/protos';
import type { EventHandler } from '@crm/bus';
import { peerClient, type ServiceContext } from '@crm/service-host';
import { memberNameModel, type MemberNameRecord } from './reference-copies.model';

// An owner (a campaign's or a web form's) must be an active member of the workspace, asked of
// identity at the time of the request, so a member added a moment ago is accepted and a disabled
// one refused at once. Identity unreachable is 503. The answer refreshes the local names.
export async function checkOwner(context: ServiceContext, workspaceId: string, field: string, userId: string): Promise<void> {
  const client = peerClient(context, 'identity', identityV1.IdentityServiceClient);
  const { members } = await call(client.getMembers.bind(client), { workspace_id: workspaceId, user_ids: [userId] });
  await Promise.all(members.map((member) => applyMembership(context, workspaceId, { ...member, name_version: member.user_version })));
  if (!members.some((member) => member.user_id === userId && member.status === 'active')) {
    throw validationFailed(`${field} is not a member of this workspace`);
  }
}

// Names of members (active or disabled) by user id, from marketing's copy.
export async function memberNames(context: ServiceContext, workspaceId: string, ids: Array<string | null>): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (unique.length === 0) return new Map();
  const rows = await memberNameModel(context.connection)
    .find({ workspace_id: workspaceId, user_id: { $in: unique } }, { user_id: 1, name: 1 })
    .lean<Array<Pick<MemberNameRecord, 'user_id' | 'name'>>>()
    .exec();
  return new Map(rows.map((row) => [row.user_id, row.name]));
}

interface MembershipState {
  member_id: string;
  user_id: string;
  name: string;
  status: string;
  member_version: number;
  name_version: number;
}

// The status by the membership's version, the name by the person's: each only when newer.
async function applyMembership(context: ServiceContext, workspaceId: string, state: MembershipState): Promise<void> {
  const model = memberNameModel(context.connection);
  try {
    await model.updateOne(
      { workspace_id: workspaceId, _id: state.member_id, member_version: { $lt: state.member_version } },
      { $set: { status: state.status, member_version: state.member_version }, $setOnInsert: { user_id: state.user_id, name: state.name, name_version: state.name_version } },
      { upsert: true },
    );
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  if (state.name_version > 0) {
    await model.updateOne({ workspace_id: workspaceId, _id: state.member_id, name_version: { $lt: state.name_version } }, { $set: { name: state.name, name_version: state.name_version } });
  }
}

export const MEMBER_NAMES_CONSUMER = 'marketing.member-names';

export function memberNamesHandler(context: ServiceContext): EventHandler {
  return async (event) => {
    if (event.type === userUpdated.type) {
      const data = event.data as UserUpdatedData;
      await acrossWorkspaces("a person's new name on their memberships in every workspace", () =>
        memberNameModel(context.connection).updateMany({ user_id: data.user_id, name_version: { $lt: data.version } }, { $set: { name: data.name, name_version: data.version } }),
      );
      return;
    }
    if (event.workspace_id) {
      const data = event.data as MemberAddedData;
      await applyMembership(context, event.workspace_id, { member_id: data.member_id, user_id: data.user_id, name: data.name, status: data.status, member_version: data.version, name_version: 0 });
    }
  };
}

export async function subscribeMemberNames(context: ServiceContext): Promise<void> {
  await context.bus.subscribe(MEMBER_NAMES_CONSUMER, [userUpdated.type, memberAdded.type, memberUpdated.type], memberNamesHandler(context));
}
