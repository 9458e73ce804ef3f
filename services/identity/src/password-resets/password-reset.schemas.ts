import { bodyValidator } from '@crm/kit';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth/auth.schemas';

export interface SetPasswordBody {
  password: string;
  sign_out_other_sessions: boolean;
}

// POST /public/password-resets/{token} (not in the spec; README.md documents it). The same
// password rule as sign-up; no other keys.
export const setPasswordSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['password'],
  properties: {
    password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
    sign_out_other_sessions: { type: 'boolean', default: false },
  },
};

export const validateSetPassword = bodyValidator<SetPasswordBody>(setPasswordSchema);
