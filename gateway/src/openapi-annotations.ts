import type { OpenApiDocument } from '@crm/kit';
import { DEFAULT_OPERATION_COST, OPERATION_COSTS } from '@crm/protos';
import { deprecationHeaders, type DeprecatedOperation } from './deprecations';

type JsonObject = Record<string, unknown>;

const RATE_LIMIT_HEADERS: Record<string, JsonObject> = {
  RateLimit: {
    description:
      'What is left of the policy nearest to exhaustion: `"<policy>";r=<quota units left>;t=<seconds until the window starts again>` (draft-ietf-httpapi-ratelimit-headers, a Structured Field list). See docs/rate-limits.md.',
    schema: { type: 'string' },
  },
  RateLimitPolicy: {
    description:
      'The policies this request counts against: `"workspace";q=6000;w=60, "token";q=1200;w=60` (quota units per window of `w` seconds), or `"address";q=…;w=60` on the paths reached without a token.',
    schema: { type: 'string' },
  },
  RetryAfter: {
    description: 'Seconds until the refusing policy’s window starts again.',
    schema: { type: 'integer', format: 'int32', minimum: 1 },
  },
  Deprecation: {
    description:
      'The operation is deprecated (RFC 9745): `@<seconds since the epoch>` of the deprecation. See docs/versioning.md.',
    schema: { type: 'string' },
  },
  Sunset: {
    description: 'From when the deprecated operation may stop answering (RFC 8594, an HTTP-date).',
    schema: { type: 'string' },
  },
  Link: {
    description: 'The changelog entry of the deprecation: `rel="deprecation"` and, with a Sunset, `rel="sunset"`.',
    schema: { type: 'string' },
  },
};

const HEADER_REFS = {
  RateLimit: { $ref: '#/components/headers/RateLimit' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
};

const DEPRECATION_REFS = {
  Deprecation: { $ref: '#/components/headers/Deprecation' },
  Sunset: { $ref: '#/components/headers/Sunset' },
  Link: { $ref: '#/components/headers/Link' },
};

function withHeaders(response: JsonObject, headers: Record<string, JsonObject>): void {
  if ('$ref' in response) return;
  response.headers = { ...(response.headers as JsonObject | undefined), ...headers };
}

// What the gateway adds to the services' merged document: each operation's cost against the rate
// limits (`x-rate-limit-cost`), the RateLimit headers on every answer, Retry-After on 429, and
// `deprecated: true` with the deprecation headers for the operations in the deprecation table.
export function annotateDocument(document: OpenApiDocument, deprecated: readonly DeprecatedOperation[]): void {
  Object.assign(document.components.headers, RATE_LIMIT_HEADERS);
  for (const [status, response] of Object.entries(document.components.responses)) {
    withHeaders(
      response,
      status === '429' ? { ...HEADER_REFS, 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } : HEADER_REFS,
    );
  }
  const deprecations = new Map(deprecated.map((entry) => [entry.operation, entry]));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const key = `${method.toUpperCase()} ${path}`;
      operation['x-rate-limit-cost'] = OPERATION_COSTS[key] ?? DEFAULT_OPERATION_COST;
      const entry = deprecations.get(key);
      if (entry !== undefined) {
        operation.deprecated = true;
        const headers = deprecationHeaders(entry);
        operation.description = [
          operation.description,
          `**Deprecated** since ${entry.deprecatedAt}${entry.sunsetAt ? `; may stop answering after ${entry.sunsetAt}` : ''}: see ${entry.link}.`,
        ]
          .filter(Boolean)
          .join('\n\n');
        const refs: Record<string, JsonObject> = {
          Deprecation: DEPRECATION_REFS.Deprecation,
          Link: DEPRECATION_REFS.Link,
        };
        if (headers.Sunset !== undefined) refs.Sunset = DEPRECATION_REFS.Sunset;
        for (const response of Object.values(operation.responses as Record<string, JsonObject>))
          withHeaders(response, refs);
      }
      for (const [status, response] of Object.entries(operation.responses as Record<string, JsonObject>)) {
        if (status.startsWith('2') || status === '304') withHeaders(response, HEADER_REFS);
      }
    }
  }
  document.info.description = `${document.info.description ?? ''}

## Deprecations
An operation due to be removed is marked \`deprecated\` here and answers with \`Deprecation\`, \`Sunset\` and a
\`Link\` to its changelog entry; what may change within v1 and the notice a removal gets are in docs/versioning.md.`;
}
