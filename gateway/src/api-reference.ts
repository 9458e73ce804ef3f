import { dirname } from 'node:path';
import express, { type Router } from 'express';
import {
  AppError,
  API_VERSION,
  mergeOpenApiDocuments,
  pruneUnusedComponents,
  type Logger,
  type OpenApiDocument,
} from '@crm/kit';
import { EVENT_CONTRACTS, eventCatalogueSchemas, eventCatalogueWebhooks } from '@crm/protos';
import type { DeprecatedOperation } from './deprecations';
import { TAG_DESCRIPTIONS } from './api-tags';
import { annotateDocument } from './openapi-annotations';
import { workspaceQuota, type RateLimitOptions } from './rate-limits';
import { API_PREFIX, SERVICES, type ServiceName } from './route-table';

// The package's files only: requiring its entry would load the whole browser bundle into Node.
const SWAGGER_UI_ASSETS = dirname(require.resolve('swagger-ui-dist/package.json'));

export interface ApiReferenceOptions {
  serviceUrls: Record<ServiceName, string>;
  rateLimits: RateLimitOptions;
  // Marked `deprecated` in the document (src/deprecations.ts).
  deprecations?: readonly DeprecatedOperation[];
  logger: Logger;
  // How long a merged document is served before the services are asked again (they deploy
  // independently, so their documents change without the gateway restarting).
  cacheMs?: number;
}

function description(limits: RateLimitOptions): string {
  return `The JSON REST API of the CRM. Every path below is relative to \`${API_PREFIX}\`.

## Authentication
Send \`Authorization: Bearer <token>\` with every request except the few marked "No token needed".
The token is a user session token (\`POST /auth/sign-in\`, \`crm_ses_…\`) or an API key
(\`POST /api-keys\`, \`crm_ak_…\`, shown once). A missing, invalid, expired or revoked token answers 401;
a token without the right answers 403. Revoking a key, disabling a member or changing a role takes
effect on the very next request. Each operation's description says what it needs.

## Errors
Every error answers \`{"error": {"code": "...", "message": "..."}}\`. Codes: \`validation_failed\` 400
(the message names the field), \`unauthenticated\` 401, \`forbidden\` and \`plan_required\` 403,
\`not_found\` 404 (also for another workspace's record), \`method_not_allowed\` 405, \`conflict\` 409 or a
more specific 409 code, \`payload_too_large\` 413, \`headers_too_large\` 431, \`rate_limited\` 429,
\`internal\` 500, \`unavailable\` 503. The full catalogue, with every specific code, is docs/errors.md.

## Rate limits
${limits.perTokenPerMinute} quota units a minute per token and ${workspaceQuota(limits)} per workspace (an operation costs
\`x-rate-limit-cost\` units, 1 unless stated); ${limits.publicPerMinute} requests a minute per client address on the paths
reached without a token and with tokens not yet accepted. Past a limit the answer is 429 \`rate_limited\` with \`Retry-After\` (seconds); every
answer carries the \`RateLimit\` and \`RateLimit-Policy\` headers. See docs/rate-limits.md.

## Lists and paging
Lists answer \`{"data": [...]}\`. Cursor-paged lists add \`next_cursor\` (a string, or null on the last
page): pass it back as \`cursor\` to get the next page; a cursor is opaque and stays valid when records
are added. Offset-paged lists add \`total\` (all matching records) and take \`offset\` and \`limit\`. A
\`limit\` outside an operation's range answers 400. Unknown query parameters answer 400.

## Conventions
Bodies are JSON (\`Content-Type: application/json\`); bodies marked as not allowing other fields refuse
unknown fields. Ids are UUIDs, answered in lower case; an id in a path names the same record in any
case, and a malformed one answers 400; timestamps ISO 8601 in UTC with milliseconds (\`2026-01-31T09:30:00.000Z\`);
dates \`YYYY-MM-DD\`; money is a number in major units. In a PATCH an absent field is unchanged and
\`null\` clears it. One-line text fields refuse control characters and bidirectional controls; a
body that gives a field twice is refused.`;
}

// The merged document of the services' own: the gateway's description, rate-limit and deprecation
// annotations, the event catalogue as webhooks, a description for every tag, and only the
// components something refers to.
export function buildApiDocument(
  documents: readonly OpenApiDocument[],
  options: Pick<ApiReferenceOptions, 'rateLimits' | 'deprecations'>,
): OpenApiDocument {
  const document = mergeOpenApiDocuments(
    documents,
    {
      title: 'CRM API',
      version: API_VERSION,
      description: description(options.rateLimits),
      // The hosted service's terms govern its use; the document is served to its customers.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // Relative: each installation (production, staging or a local one) serves its own document.
    [
      {
        url: API_PREFIX,
        description: 'This server: the installation serving this document (production, staging or local)',
        'x-internal': false,
      },
    ],
  );
  annotateDocument(document, options.deprecations ?? []);
  // The public event catalogue: what webhook deliveries and GET /events carry (docs/webhooks.md).
  const webhooks = eventCatalogueWebhooks(EVENT_CONTRACTS);
  Object.assign(document, { webhooks });
  Object.assign(document.components.schemas, eventCatalogueSchemas(EVENT_CONTRACTS));
  const tags = new Set((document.tags ?? []).map((tag) => tag.name));
  for (const item of Object.values(webhooks))
    for (const tag of (item.post as { tags?: string[] }).tags ?? []) tags.add(tag);
  document.tags = [...tags]
    .sort()
    .map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) }));
  pruneUnusedComponents(document);
  return document;
}

const REFERENCE_PATHS = [`${API_PREFIX}/openapi.json`, `${API_PREFIX}/docs`];

// Whether a path is the reference's (the document, the page, its script and assets).
export function isReferencePath(path: string): boolean {
  return REFERENCE_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

// The merged OpenAPI 3.1 document of every service at /v1/openapi.json and a browsable
// reference at /v1/docs (Swagger UI from the npm package: it works offline). No token needed.
export function apiReference(options: ApiReferenceOptions): Router {
  const router = express.Router({ caseSensitive: true, strict: true });
  const cacheMs = options.cacheMs ?? 30_000;
  let cached: { document: OpenApiDocument; at: number } | undefined;

  async function fetchDocument(service: ServiceName): Promise<OpenApiDocument> {
    const response = await fetch(`${options.serviceUrls[service]}/openapi.json`, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`${service} answered ${response.status}`);
    return (await response.json()) as OpenApiDocument;
  }

  async function merged(): Promise<OpenApiDocument> {
    if (cached && Date.now() - cached.at < cacheMs) return cached.document;
    let documents: OpenApiDocument[];
    try {
      documents = await Promise.all(SERVICES.map(fetchDocument));
    } catch (error) {
      options.logger.warn({ reason: (error as Error).message }, 'a service document is unavailable');
      throw new AppError('unavailable', 'the API reference is being assembled, try again shortly');
    }
    const document = buildApiDocument(documents, options);
    cached = { document, at: Date.now() };
    return document;
  }

  router.get(`${API_PREFIX}/openapi.json`, async (_req, res) => {
    res.json(await merged());
  });

  router.get(`${API_PREFIX}/docs`, (_req, res) => {
    res.type('html').send(REFERENCE_PAGE);
  });
  router.get(`${API_PREFIX}/docs/init.js`, (_req, res) => {
    res.type('application/javascript').send(REFERENCE_INIT);
  });
  router.use(`${API_PREFIX}/docs/assets`, express.static(SWAGGER_UI_ASSETS, { index: false, fallthrough: false }));
  return router;
}

const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>CRM API reference</title>
  <link rel="stylesheet" href="${API_PREFIX}/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="${API_PREFIX}/docs/assets/swagger-ui-bundle.js"></script>
  <script src="${API_PREFIX}/docs/init.js"></script>
</body>
</html>
`;

const REFERENCE_INIT = `window.ui = SwaggerUIBundle({
  url: '${API_PREFIX}/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  persistAuthorization: false,
});
`;
