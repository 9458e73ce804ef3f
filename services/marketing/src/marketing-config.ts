import { int, loadConfig, url } from '@crm/kit';

// marketing's own settings, read from the service's environment once at start.
export const MARKETING_ENV = {
  PUBLIC_URL: url({
    default: 'http://127.0.0.1:8080',
    protocols: ['http', 'https'],
    description: "public address of the gateway: a web form's action_url and embed_html point there",
  }),
  FORM_SUBMISSIONS_PER_ADDRESS: int({
    default: 5,
    min: 1,
    max: 1000,
    description:
      'submissions one email address may make to one form per FORM_SUBMISSION_WINDOW_MINUTES; more answer 429',
  }),
  FORM_SUBMISSION_WINDOW_MINUTES: int({
    default: 60,
    min: 1,
    max: 1440,
    description: 'the window of FORM_SUBMISSIONS_PER_ADDRESS',
  }),
};

export interface MarketingConfig {
  // Without a trailing slash; the public form endpoint is `${publicUrl}/v1/public/forms/{key}`.
  publicUrl: string;
  submissionsPerAddress: number;
  submissionWindowMs: number;
}

export function loadMarketingConfig(env: NodeJS.ProcessEnv): MarketingConfig {
  const parsed = loadConfig(MARKETING_ENV, env);
  return {
    publicUrl: parsed.PUBLIC_URL.replace(/\/+$/, ''),
    submissionsPerAddress: parsed.FORM_SUBMISSIONS_PER_ADDRESS,
    submissionWindowMs: parsed.FORM_SUBMISSION_WINDOW_MINUTES * 60_000,
  };
}
