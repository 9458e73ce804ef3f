// marketing's own error codes and the status of each (docs/errors.md says when each is answered).
export const MARKETING_ERRORS = {
  web_form_disabled: 409,
} as const;
