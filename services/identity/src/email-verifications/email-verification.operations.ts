import { DateTime, declareOperation, Named, Strict, Type, type Static } from '@crm/kit';
import { LinkToken } from '../password-resets/password-reset.operations';

export const EmailVerificationSent = Named(
  'EmailVerificationSent',
  Strict({
    email: Type.String({ description: 'Where the link was mailed: the account’s address.' }),
    expires_at: DateTime({ description: 'Until when the link works.' }),
  }),
);
export type EmailVerificationSentView = Static<typeof EmailVerificationSent>;

export const sendEmailVerification = declareOperation({
  method: 'POST',
  path: '/me/email-verification',
  summary: 'Mail a new link that verifies your email address',
  description:
    'For a signed-in person, not an API key. The link is mailed only, never answered: following it proves the person receives mail at the address. It replaces the earlier link. At most 5 links an hour per account (the one sent at sign-up counts): then `429 rate_limited` with `Retry-After`. An address already verified answers `409 email_already_verified`.',
  access: 'caller',
  status: 200,
  response: EmailVerificationSent,
  errors: [409],
});

export const getEmailVerification = declareOperation({
  method: 'GET',
  path: '/public/email-verifications/{token}',
  summary: 'What an email verification link is for, while it can be used',
  access: 'public',
  params: Type.Object({ token: LinkToken() }),
  status: 200,
  response: Named('EmailVerificationLink', Strict({ email: Type.String(), expires_at: DateTime() })),
});

export const verifyEmail = declareOperation({
  method: 'POST',
  path: '/public/email-verifications/{token}',
  summary: 'Verify an email address with a mailed link',
  description:
    'The link works once, for 24 hours, and only the latest one sent works. Unknown, used, replaced and expired links answer 404.',
  access: 'public',
  params: Type.Object({ token: LinkToken() }),
  status: 204,
  response: null,
});
