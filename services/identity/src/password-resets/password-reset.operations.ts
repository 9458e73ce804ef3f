import { DateTime, declareOperation, Named, Strict, Type, Uri, type Static } from '@crm/kit';
import { anyone } from '@crm/protos';
import { NewPassword } from '../auth/auth.operations';

// The token of a mailed link: its alphabet and a bound on its length. An unknown token of that
// shape, whatever its prefix, answers the same 404 as a used or expired one.
export const LinkToken = () => Type.String({ minLength: 1, maxLength: 200, pattern: '^[0-9A-Za-z_]+$' });

export const PasswordChangeLink = Named(
  'PasswordChangeLink',
  Strict({ url: Uri({ description: 'One-time link to set a new password.' }) }),
);
export type PasswordChangeLinkView = Static<typeof PasswordChangeLink>;

export const requestPasswordChange = declareOperation({
  method: 'POST',
  path: '/me/password',
  access: anyone,
  summary: 'Get a one-time link to change your password',
  description:
    'For a signed-in person, not an API key. The link is answered and mailed; asking again replaces the earlier one.',
  status: 200,
  response: PasswordChangeLink,
});

export const getPasswordReset = declareOperation({
  method: 'GET',
  path: '/public/password-resets/{token}',
  summary: 'What a password change link is for, while it can be used',
  access: 'public',
  params: Type.Object({ token: LinkToken() }),
  status: 200,
  response: Named('PasswordResetLink', Strict({ email: Type.String(), expires_at: DateTime() })),
});

export const setPassword = declareOperation({
  method: 'POST',
  path: '/public/password-resets/{token}',
  summary: 'Set a new password with a mailed link',
  description:
    'The link works once. Every session of the person is revoked with the change (whoever learnt the old password is signed out too), unless `sign_out_other_sessions` is false.',
  access: 'public',
  params: Type.Object({ token: LinkToken() }),
  body: Named(
    'PasswordReset',
    Strict({
      password: NewPassword(),
      sign_out_other_sessions: Type.Boolean({
        default: true,
        description: 'false keeps the person’s sessions signed in.',
      }),
    }),
  ),
  status: 204,
  response: null,
});
export type SetPasswordBody = Static<NonNullable<typeof setPassword.body>>;
