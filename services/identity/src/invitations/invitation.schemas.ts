import { bodyValidator } from '@crm/kit';
import { EMAIL_MAX_LENGTH } from '../auth/auth.schemas';

export interface CreateInvitationBody {
  email: string;
  role_id: string;
}

export interface AcceptInvitationBody {
  token: string;
}

// POST /invitations (spec section 4): email (up to 254), role_id; no other keys.
export const createInvitationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'role_id'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: EMAIL_MAX_LENGTH },
    role_id: { type: 'string', format: 'uuid' },
  },
};

// POST /invitations/accept (not in the spec; README.md documents it). A token of the wrong
// shape is an unknown token (404), so only its type and a sane length are checked here.
export const acceptInvitationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 200 },
  },
};

export const validateCreateInvitation = bodyValidator<CreateInvitationBody>(createInvitationSchema);
export const validateAcceptInvitation = bodyValidator<AcceptInvitationBody>(acceptInvitationSchema);
