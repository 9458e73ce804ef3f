import { bodyValidator } from '@crm/kit';
import { AVATAR_MAX_LENGTH } from './avatar';

export interface UpdateMeBody {
  first_name?: string;
  last_name?: string;
  avatar?: string | null;
  email_notifications?: boolean;
}

export const FIRST_NAME_MAX_LENGTH = 60;
export const LAST_NAME_MAX_LENGTH = 60;

// PATCH /me (spec section 4): all optional; no other keys. The avatar's content is checked
// further by avatarProblem.
export const updateMeSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    first_name: { type: 'string', minLength: 1, maxLength: FIRST_NAME_MAX_LENGTH },
    last_name: { type: 'string', maxLength: LAST_NAME_MAX_LENGTH },
    avatar: { type: 'string', nullable: true, maxLength: AVATAR_MAX_LENGTH },
    email_notifications: { type: 'boolean' },
  },
};

export const validateUpdateMe = bodyValidator<UpdateMeBody>(updateMeSchema);
