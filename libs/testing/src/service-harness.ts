import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  InProcessBroker,
  JobWorker,
  outboxModel,
  SENT_RETENTION_SETTING,
  storedEvent,
  type EventEnvelope,
} from '@crm/bus';
import {
  createLogger,
  generateInternalKeyPair,
  INTERNAL_TOKEN_HEADER,
  signInternalToken,
  type DestinationStream,
  type InternalClaims,
  type KeyPair,
} from '@crm/kit';
import { Query } from 'mingo';
import { serviceJobs, startService, type RunningService, type ServiceDefinition } from '@crm/service-host';
import { checkResponse, forgetDocument } from './openapi-check';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  // Sent as is (with the given headers): for malformed or non-JSON bodies.
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface ServiceHarness<R = unknown> {
  service: RunningService<R>;
  dataDir: string;
  // http://127.0.0.1:<port>/v1
  baseUrl: string;
  keys: KeyPair;
  // A request as the gateway forwards it: with an internal JWT carrying these claims, or
  // none (public operations). Every answer is checked against the service's OpenAPI document.
  call<T = any>(claims: InternalClaims | null, method: string, path: string, options?: CallOptions): Promise<Answer<T>>;
  // Events the service wrote to its outbox, oldest first; `filter` is a query over `event.*`.
  events(filter?: Record<string, unknown>): Promise<EventEnvelope[]>;
  // A job worker of this service (every module's jobs) whose clock runs `days` ahead, as a replica
  // would see the future: `runDue()` runs what falls due by then instead of waiting for it. Two
  // of them at once race for the same jobs as two replicas do.
  jobsAt(days: number): JobWorker;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  env?: NodeJS.ProcessEnv;
  peers?: Record<string, string>;
  // The data of an earlier run, to start again on it: kept at stop (the caller removes it).
  dataDir?: string;
  // Where the service's log lines go, redacted as on stdout, and from which level (errors only
  // unless TEST_LOG_LEVEL says otherwise): a test that checks what the logs say reads them here.
  logDestination?: DestinationStream;
  logLevel?: string;
}

const DAY = 24 * 60 * 60 * 1000;

// One service on loopback ports with embedded storage in a fresh directory and its own
// in-process broker (a test file may run two, each consuming only its own events).
export async function startServiceForTest<R>(
  definition: ServiceDefinition<R>,
  options: HarnessOptions = {},
): Promise<ServiceHarness<R>> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `crm-${definition.name}-`));
  const keys = generateInternalKeyPair();
  const service = await startService(definition, {
    httpPort: 0,
    grpcPort: 0,
    host: '127.0.0.1',
    dataDir,
    internalPublicKey: keys.publicKey,
    inProcessBroker: new InProcessBroker(),
    // Sent outbox rows are kept (they are deleted once published by default), for `events()`.
    env: { [SENT_RETENTION_SETTING]: String(10 * 60 * 1000), ...(options.env ?? process.env) },
    peers: options.peers,
    // As the system tests: errors only, unless the test or TEST_LOG_LEVEL says otherwise.
    logger: createLogger(
      definition.name,
      options.logLevel ?? process.env.TEST_LOG_LEVEL ?? 'error',
      options.logDestination,
    ),
  });
  const origin = `http://127.0.0.1:${service.httpPort}`;
  const baseUrl = `${origin}/v1`;
  const documentUrl = `${origin}/openapi.json`;

  return {
    service,
    dataDir,
    baseUrl,
    keys,
    async call<T>(claims: InternalClaims | null, method: string, path: string, callOptions: CallOptions = {}) {
      const headers: Record<string, string> = { ...callOptions.headers };
      if (claims) headers[INTERNAL_TOKEN_HEADER] = signInternalToken(keys.privateKey, claims);
      let body = callOptions.rawBody;
      if (callOptions.body !== undefined) {
        body = JSON.stringify(callOptions.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
      const text = await response.text();
      const parsed = text ? JSON.parse(text) : undefined;
      await checkResponse(documentUrl, method, path, response.status, parsed);
      return { status: response.status, body: parsed as T, headers: response.headers };
    },
    async events(filter = {}) {
      const rows = await outboxModel(service.context.connection).find({}).sort({ created_at: 1, _id: 1 }).lean().exec();
      // The outbox keeps each event serialized: the filter (over `event.*`) is applied to the rows
      // as they read parsed, as the query would have to a stored envelope.
      const stray = Object.keys(filter).find(
        (key) => !key.startsWith('$') && key !== 'event' && !key.startsWith('event.'),
      );
      if (stray) throw new Error(`events() filters the envelope as event.*, not ${stray}`);
      const wanted = new Query(filter);
      return rows.map(storedEvent).filter((event) => wanted.test({ event }));
    },
    jobsAt(days) {
      return new JobWorker({
        connection: service.context.connection,
        logger: service.context.logger,
        handlers: serviceJobs(definition, service.runtime),
        now: () => new Date(Date.now() + days * DAY),
      });
    },
    async stop() {
      forgetDocument(documentUrl);
      await service.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Claims of a member of a fresh workspace (a new tenant), as the gateway would mint them.
export function tenantClaims(overrides: Partial<InternalClaims> = {}): InternalClaims {
  const userId = randomUUID();
  return {
    workspace_id: randomUUID(),
    user_id: userId,
    actor: { type: 'user', id: userId, label: 'Test Owner' },
    role: 'Owner',
    permissions: [],
    is_admin: true,
    plan: 'free',
    ...overrides,
  };
}
