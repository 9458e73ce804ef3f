import {
  DateTime,
  declareOperation,
  Email,
  ListOf,
  Named,
  Strict,
  StringEnum,
  Type,
  Uuid,
  type Static,
} from '@crm/kit';
import { admin } from '@crm/protos';
import { EMAIL_MAX_LENGTH } from '../auth/auth.operations';
import { LinkToken } from '../password-resets/password-reset.operations';
import { INVITATION_STATUSES } from './invitation.model';

// Invitation (spec section 2): never the link's token.
export const Invitation = Named(
  'Invitation',
  Strict({
    id: Uuid(),
    email: Type.String(),
    role: Type.String(),
    status: StringEnum(INVITATION_STATUSES),
    created_at: DateTime(),
  }),
);
export type InvitationView = Static<typeof Invitation>;

export const AcceptedInvitation = Named(
  'AcceptedInvitation',
  Strict({ workspace_id: Uuid(), organization_id: Uuid(), role: Type.String() }),
);
export type AcceptedInvitationView = Static<typeof AcceptedInvitation>;

export const listInvitations = declareOperation({
  method: 'GET',
  path: '/invitations',
  access: admin('users:manage'),
  summary: 'List the pending invitations of the workspace',
  description: 'Not accepted, revoked or expired; newest first.',
  status: 200,
  response: Named('InvitationList', ListOf(Invitation)),
});

export const createInvitation = declareOperation({
  method: 'POST',
  path: '/invitations',
  access: admin('users:manage'),
  summary: 'Invite a person by email with a role',
  description:
    'The acceptance link is mailed to them. Only an Owner can invite an Owner. A pending invitation holds a seat: when active members and pending invitations take every seat of the plan, 409 `seat_limit_reached` (docs/billing.md).',
  body: Named('InvitationCreate', Strict({ email: Email({ maxLength: EMAIL_MAX_LENGTH }), role_id: Uuid() })),
  trim: ['email'],
  status: 201,
  response: Invitation,
  errors: [409],
});
export type CreateInvitationBody = Static<NonNullable<typeof createInvitation.body>>;

export const acceptInvitation = declareOperation({
  method: 'POST',
  path: '/invitations/accept',
  summary: 'Accept an invitation as the signed-in person',
  description:
    'For a signed-in session, whatever workspace it is in (or none yet); the session moves to the invitation’s workspace. When its active members take every seat of its plan, 409 `seat_limit_reached`.',
  access: 'caller',
  // A token of the wrong shape is an unknown token (404), so only its type and a sane length
  // are checked here.
  body: Named('InvitationAcceptance', Strict({ token: Type.String({ minLength: 1, maxLength: 200 }) })),
  status: 200,
  response: AcceptedInvitation,
  errors: [404, 409],
});

export const revokeInvitation = declareOperation({
  method: 'DELETE',
  path: '/invitations/{id}',
  access: admin('users:manage'),
  summary: 'Revoke a pending invitation',
  description:
    'Its link stops working at once. An accepted invitation cannot be revoked (409 `invitation_not_pending`).',
  params: Type.Object({ id: Uuid() }),
  status: 204,
  response: null,
  errors: [409],
});

export const getPublicInvitation = declareOperation({
  method: 'GET',
  path: '/public/invitations/{token}',
  summary: 'What a mailed invitation link is, while it is open',
  access: 'public',
  params: Type.Object({ token: LinkToken() }),
  status: 200,
  response: Named(
    'InvitationLink',
    Strict({ workspace_name: Type.String(), email: Type.String(), role: Type.String(), expires_at: DateTime() }),
  ),
});
