import { call, validationFailed } from '@crm/kit';
import {
  applyCopy,
  copiedField,
  copyOn,
  routeEvents,
  type CopiedValues,
  type CopyModel,
  type EventHandler,
  type EventRoute,
} from '@crm/bus';
import { identityV1, memberAdded, memberUpdated, userUpdated } from '@crm/protos';
import { peerClient, type ServiceContext } from '@crm/service-host';
import { memberNameModel, type MemberNameRecord } from './member-name.model';

export interface MemberReference {
  // The request field that names the member, e.g. `owner_id`: the refusal names it.
  field: string;
  id: string;
}

// Every referenced person must be an active member of the workspace, asked of identity at the
// time of the request (one call for all of them), so a member added by the previous request is
// accepted and a disabled one refused at once. Identity unreachable is 503 unavailable. Call it
// before the write's transaction: the answer also refreshes the local names.
export async function checkMembers(
  context: ServiceContext,
  workspaceId: string,
  refs: MemberReference[],
): Promise<void> {
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
export function memberNames(context: ServiceContext, workspaceId: string, ids: string[]): Promise<Map<string, string>> {
  return copiedField(memberNameModel(context.connection), workspaceId, 'user_id', ids, 'name');
}

// Writes only what is newer than the stored copy: a check of a known member costs one read.
async function rememberAnswer(
  context: ServiceContext,
  workspaceId: string,
  members: identityV1.Member[],
): Promise<void> {
  if (members.length === 0) return;
  const stored = await memberNameModel(context.connection)
    .find(
      { workspace_id: workspaceId, _id: { $in: members.map((member) => member.member_id) } },
      { member_version: 1, name_version: 1 },
    )
    .lean<Array<Pick<MemberNameRecord, '_id' | 'member_version' | 'name_version'>>>()
    .exec();
  const byId = new Map(stored.map((row) => [row._id, row]));
  const newer = members.filter((member) => {
    const row = byId.get(member.member_id);
    return !row || row.member_version < member.member_version || row.name_version < member.user_version;
  });
  const model = memberNameModel(context.connection);
  await Promise.all(newer.map((member) => rememberMember(model, workspaceId, member)));
}

// The copy of identity's members: the name by the person's version (identity.user.updated, in
// every workspace), the status by the membership's (identity.member.*). A membership first seen
// is stored with its name at version 0, so any rename wins over it.
const membership = (member: MemberFields, memberVersion: number, nameVersion: number): CopiedValues => ({
  match: { _id: member.member_id },
  fields: { status: member.status },
  versionField: 'member_version',
  version: memberVersion,
  insert: { user_id: member.user_id, name: member.name, name_version: nameVersion },
});

interface MemberFields {
  member_id: string;
  user_id: string;
  name: string;
  status: string;
}

function memberCopyRoutes(model: CopyModel): EventRoute[] {
  return [
    copyOn(model, {
      events: userUpdated,
      across: "a person's new name on their memberships in every workspace",
      values: (data) => ({
        match: { user_id: data.user_id },
        fields: { name: data.name },
        versionField: 'name_version',
        version: data.version,
      }),
    }),
    copyOn(model, { events: [memberAdded, memberUpdated], values: (data) => membership(data, data.version, 0) }),
  ];
}

// identity's answer carries the person's version too: the name is kept by it.
async function rememberMember(model: CopyModel, workspaceId: string, member: identityV1.Member): Promise<void> {
  await applyCopy(model, workspaceId, membership(member, member.member_version, member.user_version));
  if (member.user_version > 0) {
    await applyCopy(model, workspaceId, {
      match: { _id: member.member_id },
      fields: { name: member.name },
      versionField: 'name_version',
      version: member.user_version,
    });
  }
}

export const MEMBER_NAMES_CONSUMER = 'crm-core.member-names';

export function memberNamesHandler(context: ServiceContext): EventHandler {
  return routeEvents(...memberCopyRoutes(memberNameModel(context.connection))).handler;
}

export async function subscribeMemberNames(context: ServiceContext): Promise<void> {
  const { patterns, handler } = routeEvents(...memberCopyRoutes(memberNameModel(context.connection)));
  await context.bus.subscribe(MEMBER_NAMES_CONSUMER, patterns, handler);
}
