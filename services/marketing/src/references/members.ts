import { call, validationFailed } from '@crm/kit';
import { identityV1, memberAdded, memberUpdated, userUpdated } from '@crm/protos';
import {
  applyCopy,
  copiedField,
  copyOn,
  routeEvents,
  type CopiedValues,
  type CopyModel,
  type RoutedHandler,
} from '@crm/bus';
import { peerClient, type ServiceContext } from '@crm/service-host';
import { memberNameModel } from './reference-copies.model';

// An owner (a campaign's or a web form's) must be an active member of the workspace, asked of
// identity at the time of the request, so a member added a moment ago is accepted and a disabled
// one refused at once. Identity unreachable is 503. The answer refreshes the local names.
export async function checkOwner(
  context: ServiceContext,
  workspaceId: string,
  field: string,
  userId: string,
): Promise<void> {
  const client = peerClient(context, 'identity', identityV1.IdentityServiceClient);
  const { members } = await call(client.getMembers.bind(client), { workspace_id: workspaceId, user_ids: [userId] });
  await Promise.all(members.map((member) => applyMembership(memberNameModel(context.connection), workspaceId, member)));
  if (!members.some((member) => member.user_id === userId && member.status === 'active')) {
    throw validationFailed(`${field} is not a member of this workspace`);
  }
}

// Names of members (active or disabled) by user id, from marketing's copy.
export function memberNames(
  context: ServiceContext,
  workspaceId: string,
  ids: Array<string | null>,
): Promise<Map<string, string>> {
  return copiedField(memberNameModel(context.connection), workspaceId, 'user_id', ids, 'name');
}

// Identity's members as marketing keeps them: each membership's status by its version, the
// person's name by theirs (0 from a membership event, so any rename wins).
const membershipCopy = (
  member: Pick<identityV1.Member, 'member_id' | 'user_id' | 'name' | 'status'>,
  versions: { member: number; name: number },
): CopiedValues => ({
  match: { _id: member.member_id },
  fields: { status: member.status },
  versionField: 'member_version',
  version: versions.member,
  insert: { user_id: member.user_id, name: member.name, name_version: versions.name },
});

async function applyMembership(model: CopyModel, workspaceId: string, member: identityV1.Member): Promise<void> {
  await applyCopy(
    model,
    workspaceId,
    membershipCopy(member, { member: member.member_version, name: member.user_version }),
  );
  if (member.user_version > 0) {
    await applyCopy(model, workspaceId, {
      match: { _id: member.member_id },
      fields: { name: member.name },
      versionField: 'name_version',
      version: member.user_version,
    });
  }
}

export const MEMBER_NAMES_CONSUMER = 'marketing.member-names';

export function memberNamesHandler(context: ServiceContext): RoutedHandler {
  const model = memberNameModel(context.connection);
  return routeEvents(
    copyOn(model, {
      events: userUpdated,
      across: "a person's new name on their memberships in every workspace",
      values: (user) => ({
        match: { user_id: user.user_id },
        fields: { name: user.name },
        versionField: 'name_version',
        version: user.version,
      }),
    }),
    copyOn(model, {
      events: [memberAdded, memberUpdated],
      values: (member) => membershipCopy(member, { member: member.version, name: 0 }),
    }),
  );
}

export async function subscribeMemberNames(context: ServiceContext): Promise<void> {
  const { patterns, handler } = memberNamesHandler(context);
  await context.bus.subscribe(MEMBER_NAMES_CONSUMER, patterns, handler);
}
