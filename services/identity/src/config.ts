import { bool, ConfigError, int, loadConfig, str, url, type VariableSpec } from '@crm/kit';

// A DNS name such as log.crm.example.com: labels of letters, digits and hyphens.
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

function domain(options: { default: string; description: string }): VariableSpec<string, true> {
  return {
    ...options,
    parse(raw, name) {
      const value = raw.trim().toLowerCase();
      if (!DOMAIN.test(value)) throw new ConfigError(`${name} must be a domain name such as log.crm.example.com`);
      return value;
    },
  };
}

// Identity's own settings, read from the service's environment once at start.
export const IDENTITY_ENV = {
  SIGNUP_ENABLED: bool({
    default: true,
    description:
      'false refuses POST /v1/auth/sign-up with 403 signup_disabled, except for people signing up with an invitation',
  }),
  SESSION_TTL_DAYS: int({ default: 30, min: 1, max: 365, description: 'fixed lifetime of a session token' }),
  // scrypt cost as log2(N). 15 in production; tests lower it to stay fast.
  PASSWORD_SCRYPT_LOG2_N: int({ default: 15, min: 10, max: 20, description: 'scrypt cost parameter, log2 N' }),
  COMPLIMENTARY_DAYS: int({
    default: 30,
    min: 0,
    max: 365,
    description: 'free Standard-plan days for a new workspace',
  }),
  SMTP_URL: url({
    protocols: ['smtp', 'smtps'],
    secret: true,
    description: 'mail server; without it mail is written to DATA_DIR/mailbox',
  }),
  MAIL_FROM: str({ default: 'CRM <no-reply@crm.local>', description: 'sender of password and invitation mail' }),
  MAIL_LOGGING_DOMAIN: domain({
    default: 'log.crm.local',
    description:
      'domain of the personal email-logging addresses (log-<token>@domain) shown by GET /v1/me/email-logging',
  }),
  PUBLIC_URL: url({
    default: 'http://127.0.0.1:8080',
    protocols: ['http', 'https'],
    description: 'public address of the gateway, used in links sent by mail',
  }),
  // Only a replica's own writes clear its cache: with several replicas on one database, a key
  // revoked through another replica would still pass here, so it stays off unless identity runs
  // alone (npm start turns it on).
  AUTHENTICATION_CACHE: bool({
    default: false,
    description:
      'true keeps Authenticate answers in memory until this process next writes what they come from; only for a single identity replica',
  }),
};

export interface IdentityConfig {
  signupEnabled: boolean;
  sessionTtlDays: number;
  scryptLog2N: number;
  complimentaryDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  // Domain of personal email-logging addresses (GET /me/email-logging).
  mailLoggingDomain: string;
  // Without a trailing slash; links are `${publicUrl}/v1/...`.
  publicUrl: string;
  authenticationCache: boolean;
}

export function loadIdentityConfig(env: NodeJS.ProcessEnv): IdentityConfig {
  const config = loadConfig(IDENTITY_ENV, env);
  return {
    signupEnabled: config.SIGNUP_ENABLED,
    sessionTtlDays: config.SESSION_TTL_DAYS,
    scryptLog2N: config.PASSWORD_SCRYPT_LOG2_N,
    complimentaryDays: config.COMPLIMENTARY_DAYS,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    mailLoggingDomain: config.MAIL_LOGGING_DOMAIN,
    publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
    authenticationCache: config.AUTHENTICATION_CACHE,
  };
}
