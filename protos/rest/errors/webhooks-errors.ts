// webhooks' own error codes and the status of each (docs/errors.md says when each is answered).
export const WEBHOOKS_ERRORS = {
  webhook_limit_reached: 409,
  webhook_disabled: 409,
} as const;
