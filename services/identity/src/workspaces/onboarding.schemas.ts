import { bodyValidator } from '@crm/kit';

export interface OnboardingBody {
  workspace_name: string;
}

// POST /onboarding: `{workspace_name}` 2 to 100 characters, no other keys (spec section 4).
export const onboardingSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_name'],
  properties: {
    workspace_name: { type: 'string', minLength: 2, maxLength: 100 },
  },
};

export const validateOnboarding = bodyValidator<OnboardingBody>(onboardingSchema);
