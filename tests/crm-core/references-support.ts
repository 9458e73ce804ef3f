import { isoNow, newId } from '@crm/kit';
import { addMember } from '@crm/identity/members/memberships';
import { roleModel, type RoleRecord } from '@crm/identity/roles/role.model';
import { request, type TestSystem } from '../support/system';

// A person signs up and becomes a member of the workspace with a role (Sales unless named), as
// an accepted invitation would make them (without any event consumed yet), signed in there.
export async function addMemberTo(system: TestSystem, workspaceId: string, name: string, roleName = 'Sales') {
  const email = `${name.toLowerCase()}.${newId()}@example.com`;
  const signUp = await request(system.url, 'POST', '/auth/sign-up', {
    body: { email, password: 'correct horse battery staple', name },
  });
  expect(signUp.status).toBe(201);
  const identity = system.services.identity.context.connection;
  const role = await roleModel(identity)
    .findOne({ workspace_id: workspaceId, name: roleName })
    .lean<RoleRecord>()
    .exec();
  const userId = signUp.body.user.id as string;
  await identity.transaction((transaction) =>
    addMember(identity, transaction, { workspaceId, userId, roleId: role!._id, now: isoNow() }),
  );
  const token = signUp.body.token as string;
  expect(
    (await request(system.url, 'POST', '/auth/switch-workspace', { token, body: { organization_id: workspaceId } }))
      .status,
  ).toBe(204);
  return { userId, token };
}
