import { bodyValidator } from '@crm/kit';

// Request bodies of the auth routes (README.md documents them for API users).
export interface SignUpBody {
  email: string;
  password: string;
  name: string;
  // From an invitation link: the account joins the inviting workspace.
  invitation_token?: string;
}

export interface SignInBody {
  email: string;
  password: string;
}

export interface SwitchWorkspaceBody {
  organization_id: string;
}

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 120;

export const signUpSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password', 'name'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: EMAIL_MAX_LENGTH },
    password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
    name: { type: 'string', minLength: 1, maxLength: NAME_MAX_LENGTH },
    // A token of the wrong shape is an unknown invitation (404), so only its type and a sane
    // length are checked here.
    invitation_token: { type: 'string', minLength: 1, maxLength: 200 },
  },
};

// No minimum length on sign-in: a password policy is checked when a password is set, and
// sign-in should not reveal it. The maximum bounds the hashing work per request.
export const signInSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: EMAIL_MAX_LENGTH },
    password: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH },
  },
};

export const switchWorkspaceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['organization_id'],
  properties: {
    organization_id: { type: 'string', format: 'uuid' },
  },
};

export const validateSignUp = bodyValidator<SignUpBody>(signUpSchema);
export const validateSignIn = bodyValidator<SignInBody>(signInSchema);
export const validateSwitchWorkspace = bodyValidator<SwitchWorkspaceBody>(switchWorkspaceSchema);
