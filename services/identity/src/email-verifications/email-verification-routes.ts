import { implement, notFound, type Implementation } from '@crm/kit';
import { personOf } from '../auth/session-guard';
import type { IdentityRuntime } from '../identity-runtime';
import { findOpenEmailVerification } from './email-verification-links';
import { getEmailVerification, sendEmailVerification, verifyEmail } from './email-verification.operations';
import { resendEmailVerification } from './send-email-verification';
import { verifyEmail as verify } from './verify-email';

// Asking for a link is about the person: API keys cannot. The mailed link's routes need no
// bearer token: the token in the path is the credential.
export function emailVerificationOperations(runtime: IdentityRuntime): Implementation[] {
  const { context } = runtime;

  return [
    implement(sendEmailVerification, async ({ req }) => resendEmailVerification(runtime, personOf(req).user_id)),

    implement(getEmailVerification, async ({ params }) => {
      const open = await findOpenEmailVerification(context.connection, params.token);
      if (!open) throw notFound('email verification link');
      return { email: open.user.email, expires_at: open.verification.expires_at };
    }),

    implement(verifyEmail, async ({ params }) => {
      await verify(runtime, params.token);
    }),
  ];
}
