import { DateTime, declareOperation, Email, Named, SingleLine, Strict, Type, Uuid, type Static } from '@crm/kit';
import { User } from '../me/me.operations';

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 120;

// A password is one line: a control character in it is a paste gone wrong, never intended.
export const NewPassword = () => SingleLine({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });

export const SignUpResult = Named(
  'SignUpResult',
  Strict({
    token: Type.String({ description: 'The session token: `Authorization: Bearer <token>`.' }),
    expires_at: DateTime(),
    user: User,
  }),
);
export type SignUpResultView = Static<typeof SignUpResult>;

export const SignInResult = Named(
  'SignInResult',
  Strict({
    token: Type.String({ description: 'The session token: `Authorization: Bearer <token>`.' }),
    expires_at: DateTime(),
  }),
);
export type SignInResultView = Static<typeof SignInResult>;

export const signUp = declareOperation({
  method: 'POST',
  path: '/auth/sign-up',
  summary: 'Create an account and sign in',
  description:
    'With `invitation_token` (from an invitation link) the account joins the inviting workspace, even where self-service sign-up is switched off (403 `signup_disabled`).',
  access: 'public',
  body: Named(
    'SignUp',
    Strict({
      email: Email({ maxLength: EMAIL_MAX_LENGTH }),
      password: NewPassword(),
      name: SingleLine({ minLength: 1, maxLength: NAME_MAX_LENGTH }),
      // A token of the wrong shape is an unknown invitation (404), so only its type and a sane
      // length are checked here.
      invitation_token: Type.Optional(SingleLine({ minLength: 1, maxLength: 200 })),
    }),
  ),
  trim: ['email', 'name'],
  status: 201,
  response: SignUpResult,
  errors: [403, 404, 409],
});
export type SignUpBody = Static<NonNullable<typeof signUp.body>>;

// No minimum length on sign-in: a password policy is checked when a password is set, and
// sign-in should not reveal it. The maximum bounds the hashing work per request.
export const signIn = declareOperation({
  method: 'POST',
  path: '/auth/sign-in',
  summary: 'Sign in with email and password',
  description: 'An unknown email and a wrong password get the same 401.',
  access: 'public',
  body: Named(
    'SignIn',
    Strict({
      email: Email({ maxLength: EMAIL_MAX_LENGTH }),
      password: SingleLine({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
    }),
  ),
  trim: ['email'],
  status: 200,
  response: SignInResult,
  errors: [401],
});
export type SignInBody = Static<NonNullable<typeof signIn.body>>;

export const signOut = declareOperation({
  method: 'POST',
  path: '/auth/sign-out',
  summary: 'End the calling session',
  description: 'For a signed-in session, not an API key. The very next request with its token is refused.',
  access: 'caller',
  status: 204,
  response: null,
});

export const switchWorkspace = declareOperation({
  method: 'POST',
  path: '/auth/switch-workspace',
  summary: 'Move the calling session to another workspace of the person',
  description:
    'For a signed-in session, not an API key. A workspace the person is not an active member of answers 404.',
  access: 'caller',
  body: Named('WorkspaceSwitch', Strict({ organization_id: Uuid() })),
  status: 204,
  response: null,
  errors: [404],
});
export type SwitchWorkspaceBody = Static<NonNullable<typeof switchWorkspace.body>>;
