// crm-core's own error codes and the status of each (docs/errors.md says when each is answered).
export const CRM_CORE_ERRORS = {
  calendar_not_connected: 400,
  calendar_state_invalid: 400,
  calendar_access_denied: 400,
  name_taken: 409,
  pipeline_is_default: 409,
  pipeline_in_use: 409,
  stage_in_use: 409,
  stage_required: 409,
  lead_source_in_use: 409,
  duplicate_group_changed: 409,
  contact_erased: 409,
  record_limit_reached: 409,
} as const;
