// billing's own error codes and the status of each (docs/errors.md says when each is answered).
export const BILLING_ERRORS = {
  already_subscribed: 409,
  no_billing_account: 409,
} as const;
