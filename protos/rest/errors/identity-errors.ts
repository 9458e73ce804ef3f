// identity's own error codes and the status of each (docs/errors.md says when each is answered).
export const IDENTITY_ERRORS = {
  signup_disabled: 403,
  email_unverified: 403,
  email_taken: 409,
  email_already_verified: 409,
  last_owner: 409,
  role_name_taken: 409,
  role_is_system: 409,
  role_in_use: 409,
  already_member: 409,
  invitation_pending: 409,
  invitation_not_pending: 409,
  invitation_email_mismatch: 409,
  seat_limit_reached: 409,
} as const;
