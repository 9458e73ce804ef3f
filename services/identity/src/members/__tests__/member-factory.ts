import { isoNow } from '@crm/kit';
import { signUpPerson, type IdentityHarness, type Owner, type Person } from '../../__tests__/identity-harness';
import { roleModel, type RoleRecord } from '../../roles/role.model';
import { addMember } from '../memberships';

export interface Teammate extends Person {
  memberId: string;
  workspaceId: string;
}

export async function roleIdOf(identity: IdentityHarness, workspaceId: string, name: string): Promise<string> {
  const role = await roleModel(identity.service.context.connection)
    .findOne({ workspace_id: workspaceId, name })
    .lean<RoleRecord>()
    .exec();
  if (!role) throw new Error(`no role ${name} in ${workspaceId}`);
  return role._id;
}

// A second person in the owner's workspace with the given role, their session switched to it.
// Joins the way an accepted invitation does (addMember), without depending on invitations.
export async function addTeammate(
  identity: IdentityHarness,
  owner: Owner,
  roleName = 'Sales',
  overrides = {},
): Promise<Teammate> {
  const person = await signUpPerson(identity, overrides);
  const roleId = await roleIdOf(identity, owner.workspaceId, roleName);
  const { connection } = identity.service.context;
  const member = await connection.transaction((transaction) =>
    addMember(connection, transaction, {
      workspaceId: owner.workspaceId,
      userId: person.userId,
      roleId,
      now: isoNow(),
    }),
  );
  const switched = await identity.api(person.token, 'POST', '/auth/switch-workspace', {
    organization_id: owner.workspaceId,
  });
  if (switched.status !== 204) throw new Error(`switch failed: ${switched.status} ${JSON.stringify(switched.body)}`);
  return { ...person, memberId: member._id, workspaceId: owner.workspaceId };
}

export async function memberIdOf(identity: IdentityHarness, owner: Owner): Promise<string> {
  const members = await identity.api(owner.token, 'GET', '/members');
  const mine = members.body.data.find((member: { email: string }) => member.email === owner.email);
  if (!mine) throw new Error('owner not listed');
  return mine.id;
}
