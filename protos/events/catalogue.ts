import type { EventContract, EventContractRegistry } from './event-contract';

// The public event catalogue: the event types a workspace's integrations may receive (webhooks,
// GET /v1/events), each with its versioned payload schema. Every declared event is public unless
// listed here: what is left out is about credentials or sessions, concerns a person rather than
// a workspace, or is internal bookkeeping of one service. Payloads carry ids and public fields
// only (defineEvent refuses secret-looking fields).
const PRIVATE_EVENT_PATTERNS: readonly RegExp[] = [
  // Sign-ins, sessions, password changes and sign-ups: a person's own, outside any workspace.
  /^identity\.session\./,
  /^identity\.user\./,
  // Credentials and the links that act as them.
  /^identity\.api_key\./,
  /^identity\.invitation\./,
  /^identity\.support_access\./,
  /^crm\.calendar_connection\./,
  // Internal steps: a reminder firing, an export file, a checkout page opened.
  /^crm\.task\.reminded$/,
  /^crm\.export\./,
  /^billing\.subscription\.checkout_started$/,
  // The webhooks service's own facts (endpoints, their addresses) stay with admins.
  /^webhooks\./,
];

export function isPublicEventType(type: string): boolean {
  return !PRIVATE_EVENT_PATTERNS.some((pattern) => pattern.test(type));
}

// Public contracts, sorted by type.
export function publicEventContracts(registry: EventContractRegistry): EventContract[] {
  return registry
    .all()
    .filter((contract) => isPublicEventType(contract.type))
    .sort((a, b) => a.type.localeCompare(b.type));
}

// A pattern of event types as endpoints filter them: `*` for all, `crm.deal.*` for every event
// of one entity, `crm.*` for a context, or an exact type.
export function eventTypeMatches(pattern: string, type: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}

// Whether a filter pattern names at least one public event type (a misspelt filter would
// silently receive nothing).
export function patternNamesPublicEvents(registry: EventContractRegistry, pattern: string): boolean {
  return publicEventContracts(registry).some((contract) => eventTypeMatches(pattern, contract.type));
}

type JsonObject = Record<string, unknown>;

// Plain JSON of a TypeBox schema (its symbol keys dropped).
const plain = (schema: unknown): JsonObject => JSON.parse(JSON.stringify(schema)) as JsonObject;

// The name of an event type's schemas in the OpenAPI document, without its context:
// `crm.company.created` is `CompanyCreatedData` (its payload) and `CompanyCreatedEvent` (a
// delivery's body). Public types are unique without their context (a test checks it).
export function eventSchemaName(type: string): string {
  const [, ...rest] = type.split('.');
  return rest
    .map((part) =>
      part
        .split('_')
        .map((word) => word[0].toUpperCase() + word.slice(1))
        .join(''),
    )
    .join('');
}

// The payload schema of one event type as the OpenAPI document names it (components.schemas,
// declared by the webhooks service with GET /events).
export function eventDataSchema(contract: EventContract): JsonObject {
  return { ...plain(contract.payload), title: `${eventSchemaName(contract.type)}Data` };
}

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

// The delivered body of one event type: `{type, timestamp, data}`.
export function deliveryBodySchema(contract: EventContract): JsonObject {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['type', 'timestamp', 'data'],
    properties: {
      type: { type: 'string', const: contract.type },
      timestamp: { type: 'string', format: 'date-time', description: 'When the event occurred (ISO 8601 UTC)' },
      data: schemaRef(`${eventSchemaName(contract.type)}Data`),
    },
  };
}

// The delivery bodies of the public event types, for components.schemas: `CompanyCreatedEvent`, …
export function eventCatalogueSchemas(registry: EventContractRegistry): Record<string, JsonObject> {
  return Object.fromEntries(
    publicEventContracts(registry).map((contract) => [
      `${eventSchemaName(contract.type)}Event`,
      deliveryBodySchema(contract),
    ]),
  );
}

// The OpenAPI 3.1 `webhooks` section: one entry per public event type, the body of a delivery
// (`eventCatalogueSchemas`), the Standard Webhooks headers and what the receiver answers.
// `x-event-schema-version` is the payload schema's version (a breaking change is a new type or a
// new version).
export function eventCatalogueWebhooks(registry: EventContractRegistry): Record<string, JsonObject> {
  const header = (description: string) => ({ required: true, schema: { type: 'string' }, description });
  const webhooks: Record<string, JsonObject> = {};
  for (const contract of publicEventContracts(registry)) {
    webhooks[contract.type] = {
      post: {
        summary: contract.type,
        description: contract.description,
        operationId: `event_${contract.type.replace(/\./g, '_')}`,
        tags: ['Events'],
        'x-event-schema-version': contract.schemaVersion,
        parameters: [
          {
            name: 'webhook-id',
            in: 'header',
            ...header("The event's id: the same on every retry and in GET /v1/events"),
          },
          {
            name: 'webhook-timestamp',
            in: 'header',
            ...header('Seconds since the epoch when this attempt was signed'),
          },
          {
            name: 'webhook-signature',
            in: 'header',
            ...header('Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation'),
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: schemaRef(`${eventSchemaName(contract.type)}Event`) } },
        },
        responses: {
          '2XX': {
            description:
              'Received. Any other answer, or none within the timeout, is retried with backoff for up to three days.',
          },
        },
      },
    };
  }
  return webhooks;
}
