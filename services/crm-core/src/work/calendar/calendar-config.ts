import { ConfigError, int, loadConfig, str, url, type VariableSpec } from '@crm/kit';
import type { CalendarProviderName } from '../meetings/meeting.model';

// 32 bytes, base64 (or base64url): the AES-256-GCM key OAuth tokens are encrypted with; the
// state signing key is derived from it.
const key32 = (options: { secret: true; description: string }): VariableSpec<Buffer, false> => ({
  ...options,
  parse(raw, name) {
    const bytes = Buffer.from(raw.trim(), 'base64');
    if (bytes.length !== 32)
      throw new ConfigError(`${name} must be 32 random bytes in base64 (openssl rand -base64 32)`);
    return bytes;
  },
});

const providerEnv = (prefix: 'CALENDAR_PROVIDER_A' | 'CALENDAR_PROVIDER_B', label: string) => ({
  [`${prefix}_CLIENT_ID`]: str({
    description: `OAuth client id registered at ${label}; unset runs the built-in simulated provider`,
  }),
  [`${prefix}_CLIENT_SECRET`]: str({ secret: true, description: `OAuth client secret of ${label}` }),
  [`${prefix}_AUTHORIZE_URL`]: url({
    protocols: ['https', 'http'],
    description: `${label}'s authorisation (sign-in) endpoint`,
  }),
  [`${prefix}_TOKEN_URL`]: url({ protocols: ['https', 'http'], description: `${label}'s token endpoint` }),
  [`${prefix}_USERINFO_URL`]: url({
    protocols: ['https', 'http'],
    description: `${label}'s endpoint naming the signed-in account (its email)`,
  }),
  [`${prefix}_API_URL`]: url({ protocols: ['https', 'http'], description: `base address of ${label}'s calendar API` }),
  [`${prefix}_SCOPES`]: str({ description: `space-separated OAuth scopes asked of ${label}` }),
});

export const CALENDAR_ENV = {
  PUBLIC_URL: url({
    default: 'http://127.0.0.1:8080',
    protocols: ['http', 'https'],
    description:
      'public address of the gateway: the OAuth callback is PUBLIC_URL/v1/public/integrations/calendar/{provider}/callback',
  }),
  CALENDAR_TOKEN_KEY: key32({
    secret: true,
    description:
      'AES-256-GCM key for stored OAuth tokens, 32 bytes base64; required with MONGO_URL, else kept in DATA_DIR',
  }),
  CALENDAR_STATE_TTL_SECONDS: int({
    default: 600,
    min: 60,
    max: 3600,
    description: 'how long a sign-in link (its state) may be used',
  }),
  CALENDAR_SIMULATOR_HOST: str({ default: '127.0.0.1', description: 'interface the simulated provider listens on' }),
  CALENDAR_SIMULATOR_PORT: int({
    default: 0,
    min: 0,
    max: 65535,
    description: 'port of the simulated provider (0: any free port)',
  }),
  CALENDAR_SIMULATOR_PUBLIC_URL: url({
    protocols: ['http', 'https'],
    description: 'address a browser reaches the simulated provider at (default http://host:port)',
  }),
  ...providerEnv('CALENDAR_PROVIDER_A', 'provider_a'),
  ...providerEnv('CALENDAR_PROVIDER_B', 'provider_b'),
};

export interface ProviderEndpoints {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  apiUrl: string;
  scopes: string;
}

export interface CalendarConfig {
  // Without a trailing slash.
  publicUrl: string;
  // null: no key configured, one is kept in the data folder (embedded mode only).
  tokenKey: Buffer | null;
  stateTtlMs: number;
  simulator: { host: string; port: number; publicUrl: string | undefined };
  // null: the simulated provider stands in for it.
  providers: Record<CalendarProviderName, ProviderEndpoints | null>;
}

const PROVIDER_PREFIX: Record<CalendarProviderName, 'CALENDAR_PROVIDER_A' | 'CALENDAR_PROVIDER_B'> = {
  provider_a: 'CALENDAR_PROVIDER_A',
  provider_b: 'CALENDAR_PROVIDER_B',
};
const ENDPOINT_FIELDS = {
  clientId: 'CLIENT_ID',
  clientSecret: 'CLIENT_SECRET',
  authorizeUrl: 'AUTHORIZE_URL',
  tokenUrl: 'TOKEN_URL',
  userinfoUrl: 'USERINFO_URL',
  apiUrl: 'API_URL',
  scopes: 'SCOPES',
} as const;

// A provider is real when any of its settings is given; then all of them must be.
function providerOf(config: Record<string, unknown>, provider: CalendarProviderName): ProviderEndpoints | null {
  const prefix = PROVIDER_PREFIX[provider];
  const values = Object.fromEntries(
    Object.entries(ENDPOINT_FIELDS).map(([field, suffix]) => [
      field,
      config[`${prefix}_${suffix}`] as string | undefined,
    ]),
  );
  if (Object.values(values).every((value) => value === undefined)) return null;
  const missing = Object.entries(ENDPOINT_FIELDS).find(([field]) => values[field] === undefined);
  if (missing) throw new ConfigError(`${prefix}_${missing[1]} is required when ${provider} is configured`);
  const trimmed = (value: string) => value.replace(/\/+$/, '');
  return {
    ...(values as unknown as ProviderEndpoints),
    apiUrl: trimmed(values.apiUrl!),
  };
}

export function loadCalendarConfig(env: NodeJS.ProcessEnv): CalendarConfig {
  const config = loadConfig(CALENDAR_ENV, env);
  const tokenKey = config.CALENDAR_TOKEN_KEY ?? null;
  // Replicas on one database must share the key: it cannot be made up by each.
  if (tokenKey === null && env.MONGO_URL)
    throw new ConfigError('CALENDAR_TOKEN_KEY is required with MONGO_URL (openssl rand -base64 32)');
  return {
    publicUrl: String(config.PUBLIC_URL).replace(/\/+$/, ''),
    tokenKey,
    stateTtlMs: Number(config.CALENDAR_STATE_TTL_SECONDS) * 1000,
    simulator: {
      host: String(config.CALENDAR_SIMULATOR_HOST),
      port: Number(config.CALENDAR_SIMULATOR_PORT),
      publicUrl: config.CALENDAR_SIMULATOR_PUBLIC_URL
        ? String(config.CALENDAR_SIMULATOR_PUBLIC_URL).replace(/\/+$/, '')
        : undefined,
    },
    providers: { provider_a: providerOf(config, 'provider_a'), provider_b: providerOf(config, 'provider_b') },
  };
}
