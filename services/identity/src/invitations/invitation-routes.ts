import type { Router } from 'express';
import { authOf, isoNow, workspaceOf } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { sessionOf } from '../auth/session-guard';
import { runtimeOf } from '../identity-runtime';
import { roleModel, type RoleRecord } from '../roles/role.model';
import { trimFields } from '../shared/trim-fields';
import { acceptInvitation } from './accept-invitation';
import { createInvitation } from './create-invitation';
import { invitationNotFound } from './invitation-errors';
import { findOpenInvitation } from './invitation-links';
import { invitationModel, type InvitationRecord } from './invitation.model';
import { validateAcceptInvitation, validateCreateInvitation } from './invitation.schemas';
import { invitationView } from './invitation-view';
import { revokeInvitation } from './revoke-invitation';

// Managing invitations is admin-only (users:manage) and agent keys cannot revoke, as the permission
// matrix enforces before these handlers run. Accepting is
// for the invited person, signed in, whatever workspace they are in (or none yet).
export function invitationRoutes(router: Router, context: ServiceContext): void {
  const runtime = runtimeOf(context);
  const { connection } = context;

  // Pending invitations only (not accepted, revoked or expired), newest first.
  router.get('/invitations', async (req, res) => {
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
    res.json({ data: invitations.map((invitation) => invitationView(invitation, roleNames.get(invitation.role_id) ?? '', now)) });
  });

  router.post('/invitations', async (req, res) => {
    const workspaceId = workspaceOf(req);
    const body = validateCreateInvitation(trimFields(req.body, ['email']));
    res.status(201).json(await createInvitation(runtime, authOf(req), workspaceId, body));
  });

  router.post('/invitations/accept', async (req, res) => {
    const claims = sessionOf(req);
    const body = validateAcceptInvitation(req.body);
    res.status(200).json(await acceptInvitation(runtime, claims, body.token));
  });

  router.delete('/invitations/:id', async (req, res) => {
    const workspaceId = workspaceOf(req);
    await revokeInvitation(runtime, authOf(req), workspaceId, String(req.params.id));
    res.status(204).end();
  });
}

// The mailed link, reached without a bearer token: what the invitation is, while it is open.
export function invitationPublicRoutes(router: Router, context: ServiceContext): void {
  router.get('/public/invitations/:token', async (req, res) => {
    const open = await findOpenInvitation(context.connection, req.params.token);
    if (!open) throw invitationNotFound();
    res.json({
      workspace_name: open.workspace.name,
      email: open.invitation.email,
      role: open.role.name,
      expires_at: open.invitation.expires_at,
    });
  });
}
