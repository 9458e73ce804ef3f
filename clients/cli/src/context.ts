import { Crm } from '@crm/sdk';
import { readCredentials } from './config';

// A problem the user can fix (bad arguments, a bad file, not signed in): its message is printed
// as it is, with exit code 2.
export class UsageError extends Error {
  override name = 'UsageError';
}

// What `npm start` serves.
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080/v1';
export const USER_AGENT = 'crm-cli/0.1.0';

export interface GlobalOptions {
  baseUrl?: string;
}

// The API address: --base-url, then CRM_BASE_URL, then the one `crm login` saved.
export function baseUrl(options: GlobalOptions, env: NodeJS.ProcessEnv = process.env): string {
  const url = options.baseUrl ?? env.CRM_BASE_URL ?? readCredentials(env)?.base_url ?? DEFAULT_BASE_URL;
  if (!/^https?:\/\/[^/]/.test(url))
    throw new UsageError(`The API address "${url}" is not an http(s) URL, such as https://crm.example.com/v1.`);
  return url.replace(/\/+$/, '');
}

// A client with the token of CRM_TOKEN, or the one `crm login` saved.
export function client(options: GlobalOptions, env: NodeJS.ProcessEnv = process.env): Crm {
  const saved = readCredentials(env);
  const token = env.CRM_TOKEN || saved?.token;
  if (!token) throw new UsageError('Not signed in. Run `crm login`, or set CRM_TOKEN (an API key) and CRM_BASE_URL.');
  return new Crm({ baseUrl: baseUrl(options, env), token, userAgent: USER_AGENT });
}
