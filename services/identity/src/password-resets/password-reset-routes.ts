import { implement, notFound, type Implementation } from '@crm/kit';
import { personOf } from '../auth/session-guard';
import type { IdentityRuntime } from '../identity-runtime';
import { findOpenPasswordReset } from './password-reset-links';
import { getPasswordReset, requestPasswordChange, setPassword } from './password-reset.operations';
import { requestPasswordChange as issueLink } from './request-password-change';
import { setPassword as changePassword } from './set-password';

// POST /me/password is about the person: API keys cannot ask for a password link. The mailed
// link's routes need no bearer token: the token in the path is the credential.
export function passwordResetOperations(runtime: IdentityRuntime): Implementation[] {
  const { context } = runtime;

  return [
    implement(requestPasswordChange, async ({ req }) => issueLink(runtime, personOf(req))),

    implement(getPasswordReset, async ({ params }) => {
      const open = await findOpenPasswordReset(context.connection, params.token);
      if (!open) throw notFound('password change link');
      return { email: open.user.email, expires_at: open.reset.expires_at };
    }),

    implement(setPassword, async ({ params, body }) => {
      await changePassword(runtime, params.token, body);
    }),
  ];
}
