import { acrossWorkspaces, call, isDuplicateKey, validationFailed } from '@crm/kit';
import { identityV1, memberAdded, memberUpdated, userUpdated, type MemberAddedData, type UserUpdatedData } from '@crm/protos';
import type { EventHandler } from '@crm/bus';
import { peerClient, type ServiceContext } from '@crm/service-host';
import { memberNameModel, type MemberNameRecord } from './member-name.model';

export interface MemberReference {
  // The request field that names the member, e.g. `owner_id`: the refusal names it.
  field: string;
  id: string;
}

interface MembershipState {
  member_id: string;
  user_id: string;
  name: string;
  status: string;
  member_version: number;
  // 0 when the name comes without the person's version (a membership event).
  name_version: number;
}

// Every referenced person must be an active member of the workspace, asked of identity at the
// time of the request (one call for all of them), so a member added by the previous request is
// accepted and a disabled one refused at once. Identity unreachable is 503 unavailable. Call it
// before the write's transaction: the answer also refreshes the local names.
export async function checkMembers(context: ServiceContext, workspaceId: string, refs: MemberReference[]): Promise<void> {
  if (refs.length === 0) return;
  const client = peerClient(context, 'identity', identityV1.IdentityServiceClient);
  const { members } = await call(client.getMembers.bind(client), {
    workspace_id: workspaceId,
    user_ids: [...new Set(refs.map((ref) => ref.id))],
  });
  await rememberAnswer(context, workspaceId, members);
  const active = new Set(members.filter((member) => member.status === 'active').map((member) => member.user_id));
  const refused = refs.find((ref) => !active.has(ref.id));
  if (refused) throw validationFailed(`${refused.field} is not a member of this workspace`);
}

// Names of members (active or disabled) by user id, from crm-core's own copy; ids that were
// never members of the workspace are absent from the map.
export async function memberNames(context: ServiceContext, workspaceId: string, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await memberNameModel(context.connection)
    .find({ workspace_id: workspaceId, user_id: { $in: unique } }, { user_id: 1, name: 1 })
    .lean<Array<{ user_id: string; name: string }>>()
    .exec();
  return new Map(rows.map((row) => [row.user_id, row.name]));
}

// Writes only what is newer than the stored copy: a check of a known member costs one read.
async function rememberAnswer(context: ServiceContext, workspaceId: string, members: identityV1.Member[]): Promise<void> {
  if (members.length === 0) return;
  const stored = await memberNameModel(context.connection)
    .find({ workspace_id: workspaceId, _id: { $in: members.map((member) => member.member_id) } }, { member_version: 1, name_version: 1 })
    .lean<Array<Pick<MemberNameRecord, '_id' | 'member_version' | 'name_version'>>>()
    .exec();
  const byId = new Map(stored.map((row) => [row._id, row]));
  const newer = members.filter((member) => {
    const row = byId.get(member.member_id);
    return !row || row.member_version < member.member_version || row.name_version < member.user_version;
  });
  await Promise.all(newer.map((member) => applyMembership(context, workspaceId, { ...member, name_version: member.user_version })));
}

// Stores what is known of one membership, each part only when newer than what is stored: the
// status by the membership's version, the name by the person's. Duplicates and late arrivals
// change nothing.
async function applyMembership(context: ServiceContext, workspaceId: string, state: MembershipState): Promise<void> {
  const model = memberNameModel(context.connection);
  try {
    await model.updateOne(
      { workspace_id: workspaceId, _id: state.member_id, member_version: { $lt: state.member_version } },
      {
        $set: { status: state.status, member_version: state.member_version },
        $setOnInsert: { user_id: state.user_id, name: state.name, name_version: state.name_version },
      },
      { upsert: true },
    );
  } catch (error) {
    // The membership is stored with a version at least as new: the status is stale.
    if (!isDuplicateKey(error)) throw error;
  }
  if (state.name_version > 0) {
    await model.updateOne(
      { workspace_id: workspaceId, _id: state.member_id, name_version: { $lt: state.name_version } },
      { $set: { name: state.name, name_version: state.name_version } },
    );
  }
}

export const MEMBER_NAMES_CONSUMER = 'crm-core.member-names';

export function memberNamesHandler(context: ServiceContext): EventHandler {
  return async (event) => {
    if (event.type === userUpdated.type) {
      const data = event.data as UserUpdatedData;
      await acrossWorkspaces("a person's new name on their memberships in every workspace", () =>
        memberNameModel(context.connection).updateMany(
          { user_id: data.user_id, name_version: { $lt: data.version } },
          { $set: { name: data.name, name_version: data.version } },
        ),
      );
      return;
    }
    if ((event.type === memberAdded.type || event.type === memberUpdated.type) && event.workspace_id) {
      const data = event.data as MemberAddedData;
      await applyMembership(context, event.workspace_id, {
        member_id: data.member_id,
        user_id: data.user_id,
        name: data.name,
        status: data.status,
        member_version: data.version,
        name_version: 0,
      });
    }
  };
}

export async function subscribeMemberNames(context: ServiceContext): Promise<void> {
  await context.bus.subscribe(MEMBER_NAMES_CONSUMER, [userUpdated.type, memberAdded.type, memberUpdated.type], memberNamesHandler(context));
}
