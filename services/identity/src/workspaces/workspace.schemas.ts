import { bodyValidator } from '@crm/kit';
import { DATE_FORMATS, type WorkspaceSettings } from './workspace.model';

export interface UpdateWorkspaceBody {
  name?: string;
  settings?: Partial<WorkspaceSettings>;
}

export const WORKSPACE_NAME_MIN_LENGTH = 2;
export const WORKSPACE_NAME_MAX_LENGTH = 100;
export const TIMEZONE_MAX_LENGTH = 60;

// PATCH /workspace (spec sections 2 and 4): name and any WorkspaceSettings fields; no other
// keys at either level. The timezone is further checked against the IANA database.
export const updateWorkspaceSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: WORKSPACE_NAME_MIN_LENGTH, maxLength: WORKSPACE_NAME_MAX_LENGTH },
    settings: {
      type: 'object',
      additionalProperties: false,
      properties: {
        // ISO 4217 style: three letters, upper-cased before validation.
        currency: { type: 'string', pattern: '^[A-Z]{3}$' },
        date_format: { type: 'string', enum: [...DATE_FORMATS] },
        timezone: { type: 'string', minLength: 1, maxLength: TIMEZONE_MAX_LENGTH },
        page_size: { type: 'integer', minimum: 10, maximum: 100 },
      },
    },
  },
};

export const validateUpdateWorkspace = bodyValidator<UpdateWorkspaceBody>(updateWorkspaceSchema);
