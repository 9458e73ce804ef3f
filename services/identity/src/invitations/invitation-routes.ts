import { implement, isoNow, workspaceOf, type Implementation } from '@crm/kit';
import { sessionOf } from '../auth/session-guard';
import type { IdentityRuntime } from '../identity-runtime';
import { roleModel, type RoleRecord } from '../roles/role.model';
import { acceptInvitation as accept } from './accept-invitation';
import { createInvitation as create } from './create-invitation';
import { invitationNotFound } from './invitation-errors';
import { findOpenInvitation } from './invitation-links';
import { invitationModel, type InvitationRecord } from './invitation.model';
import {
  acceptInvitation,
  createInvitation,
  getPublicInvitation,
  listInvitations,
  revokeInvitation,
} from './invitation.operations';
import { invitationView } from './invitation-view';
import { revokeInvitation as revoke } from './revoke-invitation';

// Managing invitations is admin-only (users:manage) and agent keys cannot revoke, as the
// permission matrix enforces before these handlers run. Accepting is for the invited person,
// signed in, whatever workspace they are in (or none yet); the mailed link needs no token.
export function invitationOperations(runtime: IdentityRuntime): Implementation[] {
  const { connection } = runtime.context;

  return [
    implement(listInvitations, async ({ req }) => {
      const workspaceId = workspaceOf(req);
      const now = isoNow();
      const invitations = await invitationModel(connection)
        .find({ workspace_id: workspaceId, status: 'pending', expires_at: { $gt: now } })
        .sort({ created_at: -1, _id: -1 })
        .lean<InvitationRecord[]>()
        .exec();
      const roleIds = [...new Set(invitations.map((invitation) => invitation.role_id))];
      const roles = await roleModel(connection)
        .find({ workspace_id: workspaceId, _id: { $in: roleIds } })
        .lean<RoleRecord[]>()
        .exec();
      const roleNames = new Map(roles.map((role) => [role._id, role.name]));
      return {
        data: invitations.map((invitation) => invitationView(invitation, roleNames.get(invitation.role_id) ?? '', now)),
      };
    }),

    implement(createInvitation, async ({ req, auth, body }) => create(runtime, auth, workspaceOf(req), body)),

    implement(acceptInvitation, async ({ req, body }) => accept(runtime, sessionOf(req), body.token)),

    implement(revokeInvitation, async ({ req, auth, params }) => {
      await revoke(runtime, auth, workspaceOf(req), params.id);
    }),

    implement(getPublicInvitation, async ({ params }) => {
      const open = await findOpenInvitation(connection, params.token);
      if (!open) throw invitationNotFound();
      return {
        workspace_name: open.workspace.name,
        email: open.invitation.email,
        role: open.role.name,
        expires_at: open.invitation.expires_at,
      };
    }),
  ];
}
