// reports' own error codes and the status of each (docs/errors.md says when each is answered).
export const REPORTS_ERRORS = {
  report_field_unavailable: 409,
} as const;
