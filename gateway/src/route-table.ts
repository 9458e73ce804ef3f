import { OPERATION_MANIFEST, SERVICE_NAMES, type ManifestRoute, type ServiceName } from '@crm/protos';

// Who answers which path (ARCHITECTURE.md), generated with the operation manifest from the
// services' declarations (protos/rest/operation-manifest.json, `npm run operations`): a path
// matches an entry when it equals the entry's path or continues it with '/'; the first match wins,
// so specific entries come first. Each entry says whether its path is reached without a bearer
// token (`public`), whether the body is forwarded as it arrives (`streamed`, file bytes behind
// signed URLs), a larger body than the gateway's 1 MiB (`bodyLimit`), a longer wait for the answer
// than the default (`timeoutMs`) and the only cookies forwarded (`cookies`): what the operations
// under it declare.
export const SERVICES = SERVICE_NAMES;
export type { ServiceName };
export type Route = ManifestRoute;

export const ROUTES: readonly Route[] = OPERATION_MANIFEST.routes;

export const API_PREFIX = '/v1';

// Compiled once: the routes that can own a path, by its first segment, in table order. A `{id}`
// segment in an entry's path stands for any one segment.
const ROUTES_BY_SEGMENT = new Map<string, Array<{ route: Route; prefix: string; pattern?: RegExp }>>();
for (const route of ROUTES) {
  const segment = route.path.split('/')[1];
  const candidates = ROUTES_BY_SEGMENT.get(segment) ?? [];
  const pattern = route.path.includes('{id}')
    ? new RegExp(`^${route.path.replace('{id}', '[^/]+')}(?:/|$)`)
    : undefined;
  candidates.push({ route, prefix: `${route.path}/`, pattern });
  ROUTES_BY_SEGMENT.set(segment, candidates);
}
const PREFIX = `${API_PREFIX}/`;

export function resolveRoute(path: string): Route | undefined {
  if (!path.startsWith(PREFIX)) return undefined;
  const rest = path.slice(API_PREFIX.length);
  const end = rest.indexOf('/', 1);
  const candidates = ROUTES_BY_SEGMENT.get(end === -1 ? rest.slice(1) : rest.slice(1, end));
  return candidates?.find(({ route, prefix, pattern }) =>
    pattern ? pattern.test(rest) : rest === route.path || rest.startsWith(prefix),
  )?.route;
}
