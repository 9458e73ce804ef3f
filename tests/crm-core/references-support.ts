import { joinByInvitation, type TestSystem } from '../support/system';

// A person joins the workspace with a role (Sales unless named) through an invitation the
// workspace's admin sends, signed in there.
export function addMemberTo(
  system: Pick<TestSystem, 'url' | 'dataDir'>,
  admin: { token: string; workspaceId: string },
  name: string,
  roleName = 'Sales',
) {
  return joinByInvitation(system.url, system, admin, name, roleName);
}
