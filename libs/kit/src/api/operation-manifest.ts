import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  accessRule,
  DEFAULT_OPERATION_COST,
  SERVICE_NAMES,
  type ManifestOperation,
  type ManifestRoute,
  type OperationManifest,
  type ServiceName,
} from '@crm/protos';
import type { OperationDeclaration } from './operation';

// The manifest of every service's operations (protos/rest/operation-manifest.json), built from
// their declarations: `npm run operations` (scripts/generate-operation-manifest.mjs) writes it
// from the built services, and tests/docs/operation-manifest.test.ts fails while it is stale.

export const OPERATION_MANIFEST_FILE = join('protos', 'rest', 'operation-manifest.json');
export const OPERATION_MANIFEST_COMMAND = 'npm run operations';
const CONTRACT_FILE = join('docs', 'api', 'crm-api.md');
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

// What the gateway reads whole (BODY_LIMIT, 1 MiB): a raw body that may be larger (a file's bytes)
// is passed on as it arrives.
const GATEWAY_BODY_BYTES = 1024 * 1024;

// The contract's operations: the rows `| METHOD /path |` of docs/api/crm-api.md.
export function contractOperations(contractText: string): Set<string> {
  return new Set(
    [...contractText.matchAll(/^\| (GET|POST|PATCH|PUT|DELETE) (\/[^ |]*) \|/gm)].map(
      (match) => `${match[1]} ${match[2]}`,
    ),
  );
}

// The files that declare a service's operations (`*.operations.ts`, or `.js` once built), in
// path order, tests aside.
function operationFiles(folder: string, extension: 'ts' | 'js'): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory() && entry.name !== '__tests__') found.push(...operationFiles(path, extension));
    else if (entry.isFile() && entry.name.endsWith(`.operations.${extension}`)) found.push(path);
  }
  return found.sort();
}

function isDeclaration(value: unknown): value is OperationDeclaration {
  return (
    typeof value === 'object' &&
    value !== null &&
    'operationId' in value &&
    'method' in value &&
    'path' in value &&
    'access' in value
  );
}

function manifestOperation(
  declaration: OperationDeclaration,
  service: ServiceName,
  contract: boolean,
): ManifestOperation {
  const { method, path } = declaration;
  if (contract && declaration.access === 'public')
    throw new Error(`${method} ${path} is in the contract: it needs a token`);
  return {
    method,
    path,
    service,
    contract,
    access:
      declaration.access === 'public'
        ? 'public'
        : accessRule(method, declaration.access === 'caller' ? { permission: null } : declaration.access),
    cost: declaration.cost ?? DEFAULT_OPERATION_COST,
    ...(declaration.bodyLimit !== undefined ? { bodyLimit: declaration.bodyLimit } : {}),
    ...(declaration.timeoutMs !== undefined ? { timeoutMs: declaration.timeoutMs } : {}),
    ...(declaration.rawBody && declaration.rawBodyMaxBytes! > GATEWAY_BODY_BYTES ? { streamed: true as const } : {}),
    ...(declaration.cookies !== undefined ? { cookies: declaration.cookies } : {}),
    ...(declaration.deprecation !== undefined ? { deprecation: declaration.deprecation } : {}),
  };
}

// What the gateway does alike for every operation of a route.
function routeSettings(operation: ManifestOperation): Omit<ManifestRoute, 'path' | 'streamed'> {
  return {
    service: operation.service,
    ...(operation.access === 'public' ? { public: true as const } : {}),
    ...(operation.bodyLimit !== undefined ? { bodyLimit: operation.bodyLimit } : {}),
    ...(operation.timeoutMs !== undefined ? { timeoutMs: operation.timeoutMs } : {}),
    ...(operation.cookies !== undefined ? { cookies: operation.cookies } : {}),
  };
}

// The literal segments every path shares from the start, up to the first `{…}` segment.
function sharedPrefix(paths: readonly string[]): string {
  const split = paths.map((path) => path.split('/').slice(1));
  const shared: string[] = [];
  for (const [i, segment] of split[0].entries()) {
    if (segment.startsWith('{') || !split.every((segments) => segments[i] === segment)) break;
    shared.push(segment);
  }
  return `/${shared.join('/')}`;
}

function route(path: string, operations: readonly ManifestOperation[]): ManifestRoute {
  return {
    path,
    ...routeSettings(operations[0]),
    ...(operations.some((operation) => operation.streamed) ? { streamed: true as const } : {}),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
}

// The gateway's route table. The operations under one first segment that the gateway treats alike
// (one service, with a token, default limits) make one route: the path they all begin with. The
// others come first: a public area, one route per service and second segment (`/public/forms`,
// `/auth/sign-in`); an operation with its own limits, a route of its own path
// (`/contacts/{id}/erase`).
export function deriveRoutes(operations: readonly ManifestOperation[]): ManifestRoute[] {
  const routes: ManifestRoute[] = [];
  for (const group of groupBy(operations, (operation) => operation.path.split('/')[1])) {
    const kinds = groupBy(group, (operation) => JSON.stringify(routeSettings(operation)));
    if (kinds.length === 1 && group[0].access !== 'public') {
      routes.push(route(sharedPrefix(group.map((operation) => operation.path)), group));
      continue;
    }
    const usual = kinds.find((kind) => Object.keys(routeSettings(kind[0])).length === 1);
    for (const kind of kinds.filter((kind) => kind !== usual)) {
      if (kind[0].access === 'public') {
        for (const area of groupBy(kind, (operation) => operation.path.split('/').slice(0, 3).join('/')))
          routes.push(route(sharedPrefix(area.map((operation) => operation.path)), area));
      } else {
        for (const same of groupBy(kind, (operation) => operation.path)) routes.push(route(same[0].path, same));
      }
    }
    if (usual !== undefined) routes.push(route(sharedPrefix(group.map((operation) => operation.path)), usual));
  }
  const paths = routes.map((entry) => entry.path);
  const twice = paths.find((path, i) => paths.indexOf(path) !== i);
  if (twice !== undefined)
    throw new Error(`two routes of the gateway are ${twice}: give the operations under it the same limits`);
  return routes;
}

// The manifest of the services' declarations. `load` reads a declaring module: `require` of the
// built `.js` (the generator) or of the `.ts` source (under jest).
export function buildOperationManifest(
  root: string,
  load: (file: string) => Record<string, unknown>,
  built: boolean,
): OperationManifest {
  const contract = contractOperations(readFileSync(join(root, CONTRACT_FILE), 'utf8'));
  const operations: ManifestOperation[] = [];
  const seen = new Set<string>();
  for (const service of SERVICE_NAMES) {
    const folder = join(root, 'services', service, built ? 'dist' : 'src');
    const declarations = [
      ...new Set(
        operationFiles(folder, built ? 'js' : 'ts').flatMap((file) => Object.values(load(file)).filter(isDeclaration)),
      ),
    ];
    // By path, then method: the same order whichever compiler wrote the modules' exports.
    declarations.sort((a, b) =>
      a.path === b.path ? METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) : a.path < b.path ? -1 : 1,
    );
    for (const declaration of declarations) {
      const key = `${declaration.method} ${declaration.path}`;
      if (seen.has(key)) throw new Error(`${key} is declared twice`);
      seen.add(key);
      operations.push(manifestOperation(declaration, service, contract.has(key)));
    }
  }
  const undeclared = [...contract].filter((key) => !seen.has(key));
  if (undeclared.length > 0)
    throw new Error(`operations of the contract that no service declares: ${undeclared.join(', ')}`);
  return { operations, routes: deriveRoutes(operations) };
}

export function renderOperationManifest(manifest: OperationManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

// Why the checked-in manifest is not what the declarations say, with the command that rewrites it;
// undefined when it is up to date.
export function staleManifestMessage(root: string, rendered: string): string | undefined {
  if (readFileSync(join(root, OPERATION_MANIFEST_FILE), 'utf8') === rendered) return undefined;
  return `${OPERATION_MANIFEST_FILE} is stale: the services' operation declarations changed since it was written. Run \`${OPERATION_MANIFEST_COMMAND}\` and commit the file.`;
}
