import { bool, int, loadConfig } from '@crm/kit';

// Identity's own settings, read from the service's environment once at start.
export const IDENTITY_ENV = {
  SIGNUP_ENABLED: bool({ default: true, description: 'false refuses POST /v1/auth/sign-up with 403 signup_disabled' }),
  SESSION_TTL_DAYS: int({ default: 30, min: 1, max: 365, description: 'fixed lifetime of a session token' }),
  // scrypt cost as log2(N). 15 in production; tests lower it to stay fast.
  PASSWORD_SCRYPT_LOG2_N: int({ default: 15, min: 10, max: 20, description: 'scrypt cost parameter, log2 N' }),
  COMPLIMENTARY_DAYS: int({ default: 30, min: 0, max: 365, description: 'free Standard-plan days for a new workspace' }),
};

export interface IdentityConfig {
  signupEnabled: boolean;
  sessionTtlDays: number;
  scryptLog2N: number;
  complimentaryDays: number;
}

export function loadIdentityConfig(env: NodeJS.ProcessEnv): IdentityConfig {
  const config = loadConfig(IDENTITY_ENV, env);
  return {
    signupEnabled: config.SIGNUP_ENABLED,
    sessionTtlDays: config.SESSION_TTL_DAYS,
    scryptLog2N: config.PASSWORD_SCRYPT_LOG2_N,
    complimentaryDays: config.COMPLIMENTARY_DAYS,
  };
}
