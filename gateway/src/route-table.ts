// Who answers which path (ARCHITECTURE.md). A path matches an entry when it equals the
// entry's path or continues it with '/'. The first match wins, so specific entries come first.
export const SERVICES = ['identity', 'crm-core', 'marketing', 'reports', 'documents', 'billing', 'webhooks'] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface Route {
  path: string;
  service: ServiceName;
  // Reached without a bearer token (sign-in, signed URLs, webhooks, public forms).
  public?: boolean;
  // The body is forwarded as it arrives, never read whole here (file bytes behind signed URLs).
  streamed?: boolean;
  // A larger body than the gateway's 1 MiB (body-parser notation), for this path alone; the
  // operation declares the same limit (`bodyLimit`) for its service.
  bodyLimit?: string;
  // How long the service may take to answer on this path, when longer than the gateway's default.
  timeoutMs?: number;
  // The cookies this path's service reads (by name); no other cookie is forwarded, to any path.
  cookies?: readonly string[];
}

export const ROUTES: readonly Route[] = [
  // identity
  { path: '/auth/sign-up', service: 'identity', public: true },
  { path: '/auth/sign-in', service: 'identity', public: true },
  { path: '/auth', service: 'identity' },
  // Links sent by mail: looked up and used with the token in the path, before signing in.
  { path: '/public/invitations', service: 'identity', public: true },
  { path: '/public/password-resets', service: 'identity', public: true },
  { path: '/public/email-verifications', service: 'identity', public: true },
  { path: '/onboarding', service: 'identity' },
  { path: '/me', service: 'identity' },
  { path: '/members', service: 'identity' },
  { path: '/workspace', service: 'identity' },
  { path: '/roles', service: 'identity' },
  { path: '/invitations', service: 'identity' },
  { path: '/api-keys', service: 'identity' },
  { path: '/audit-log', service: 'identity' },
  { path: '/notifications', service: 'identity' },
  // crm-core
  { path: '/pipelines', service: 'crm-core' },
  // Deleting a stage with move_to, or changing its kind, rewrites every company in it in one
  // transaction: seconds for 100,000 companies, longer on a busy machine.
  { path: '/pipeline-stages', service: 'crm-core', timeoutMs: 120_000 },
  { path: '/lead-sources', service: 'crm-core' },
  { path: '/custom-fields', service: 'crm-core' },
  { path: '/companies', service: 'crm-core' },
  // An erasure rewrites every kept copy that names the person, in every service: O(workspace).
  { path: '/contacts/{id}/erase', service: 'crm-core', timeoutMs: 60_000 },
  { path: '/contacts', service: 'crm-core' },
  { path: '/deals', service: 'crm-core' },
  { path: '/activities', service: 'crm-core' },
  { path: '/tasks', service: 'crm-core' },
  { path: '/meetings', service: 'crm-core' },
  { path: '/integrations/calendar', service: 'crm-core' },
  // Where a calendar provider returns a member after sign-in: the signed state names them, and
  // the flow's cookie shows it is the browser that asked for the sign-in link (docs/calendar.md).
  { path: '/public/integrations/calendar', service: 'crm-core', public: true, cookies: ['crm_calendar_flow'] },
  { path: '/duplicates', service: 'crm-core' },
  // A spreadsheet of up to 10,000 rows (services/crm-core/src/import/import.operations.ts):
  // seconds of work, longer on a busy machine.
  { path: '/import/companies', service: 'crm-core', bodyLimit: '16mb', timeoutMs: 120_000 },
  { path: '/search', service: 'crm-core' },
  { path: '/recent', service: 'crm-core' },
  { path: '/saved-views', service: 'crm-core' },
  // Builds a ZIP of the whole workspace before answering (services/crm-core/src/export/):
  // seconds for 100,000 companies, longer on a busy machine.
  { path: '/export', service: 'crm-core', timeoutMs: 120_000 },
  // marketing
  { path: '/campaigns', service: 'marketing' },
  { path: '/touchpoints', service: 'marketing' },
  { path: '/web-forms', service: 'marketing' },
  // A web form's action_url: posted by visitors' browsers and sites' scripts, without a token.
  { path: '/public/forms', service: 'marketing', public: true },
  // reports
  { path: '/reports', service: 'reports' },
  // documents
  { path: '/documents', service: 'documents' },
  // Signed upload and download URLs: the capability is the URL itself, no bearer token.
  { path: '/public/files', service: 'documents', public: true, streamed: true },
  // billing
  { path: '/billing', service: 'billing' },
  // The payment provider's webhooks (signed) and, on embedded defaults, the simulated provider's
  // hosted checkout and portal pages (the session id in the address is the key).
  { path: '/public/billing', service: 'billing', public: true },
  // webhooks: endpoints, their deliveries, and the workspace's event feed
  { path: '/webhooks', service: 'webhooks' },
  { path: '/events', service: 'webhooks' },
];

export const API_PREFIX = '/v1';

// Compiled once: the routes that can own a path, by its first segment, in table order. A `{id}`
// segment in an entry's path stands for any one segment.
const ROUTES_BY_SEGMENT = new Map<string, Array<{ route: Route; prefix: string; pattern?: RegExp }>>();
for (const route of ROUTES) {
  const segment = route.path.split('/')[1];
  const candidates = ROUTES_BY_SEGMENT.get(segment) ?? [];
  const pattern = route.path.includes('{id}') ? new RegExp(`^${route.path.replace('{id}', '[^/]+')}(?:/|$)`) : undefined;
  candidates.push({ route, prefix: `${route.path}/`, pattern });
  ROUTES_BY_SEGMENT.set(segment, candidates);
}
const PREFIX = `${API_PREFIX}/`;

export function resolveRoute(path: string): Route | undefined {
  if (!path.startsWith(PREFIX)) return undefined;
  const rest = path.slice(API_PREFIX.length);
  const end = rest.indexOf('/', 1);
  const candidates = ROUTES_BY_SEGMENT.get(end === -1 ? rest.slice(1) : rest.slice(1, end));
  return candidates?.find(({ route, prefix, pattern }) => (pattern ? pattern.test(rest) : rest === route.path || rest.startsWith(prefix)))?.route;
}
