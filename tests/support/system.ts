import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSystem, SystemOptions, SystemServices } from '@crm/all-in-one';
import { checkResponse, forgetDocument, linkIn, mailTo, waitUntil } from '@crm/testing';
import { SHARED_SYSTEMS_ENV, type SharedSystemAddress } from './shared-system-address';

export { waitFor, waitUntil } from '@crm/testing';

// What a black-box test knows of each part, as an operator would: where its own HTTP side (its
// /metrics, /readyz and /openapi.json) and gRPC side answer, and how to stop it. Its store, bus,
// adapters and jobs are for the tests beside its code (README, Tests).
export interface PartAddress {
  name: string;
  httpPort: number;
  grpcPort: number;
  stop(): Promise<void>;
}

export interface TestSystem extends Omit<RunningSystem, 'services' | 'gateway'> {
  gateway: { port: number };
  services: Record<keyof SystemServices, PartAddress>;
  dataDir: string;
  // Stops the system and removes its data.
  destroy(): Promise<void>;
}

// The whole system as `npm start` runs it, on a free port with its own data folder.
// Sent outbox rows are deleted once the bus has them (OUTBOX_SENT_RETENTION_MS, 0 by default): a
// test that reads what a service published keeps them.
export const KEEP_SENT_EVENTS_ENV = { OUTBOX_SENT_RETENTION_MS: String(10 * 60 * 1000) };

export async function startTestSystem(options: SystemOptions & { dataDir?: string } = {}): Promise<TestSystem> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'crm-system-'));
  // Erased values leave the disk at the next storage compaction, at most once per interval (10
  // minutes by default, docs/privacy.md): tests wait for it on a shorter one. Passwords are hashed
  // with scrypt at the lowest cost identity allows (2^10, not 2^15): tests sign up hundreds of
  // people, and the cost parameter is identity's config spec's to check.
  const env = {
    STORAGE_COMPACTION_INTERVAL_MS: '250',
    PASSWORD_SCRYPT_LOG2_N: '10',
    ...(options.env ?? process.env),
  };
  // Loaded here, not with this module: a file that uses a shared system never loads the system.
  const { startSystem } = await import('@crm/all-in-one');
  const system = await startSystem({
    port: 0,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'error',
    ...options,
    env,
    dataDir,
  }).catch((error: unknown) => {
    // A system that did not start leaves no folder of its own behind (a port taken, say).
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return Object.assign(system, {
    dataDir,
    destroy: async () => {
      forgetDocument(`${system.url}/openapi.json`);
      await system.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

// A system whose public address (PUBLIC_URL, which signed links name) is its own: the port is
// chosen before the system starts, below the kernel's ephemeral range (32768 and up on Linux) so
// that no socket another test opens on port 0 takes it in between; a port another process holds
// anyway (EADDRINUSE) is given up for the next.
export async function startTestSystemAtPublicUrl(
  options: SystemOptions & { dataDir?: string } = {},
): Promise<TestSystem> {
  for (let attempt = 1; ; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const env = { ...(options.env ?? process.env), PUBLIC_URL: `http://127.0.0.1:${port}` };
    try {
      return await startTestSystem({ ...options, port, env });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) throw error;
    }
  }
}

// The system this jest worker's files share (started by shared-systems-setup.ts, one per worker):
// for a file that needs nothing but a running system and workspaces of its own, which it signs up.
// It is not stopped by the file, and its other workspaces are other files'.
export function sharedTestSystem(): SharedSystemAddress {
  const shared = process.env[SHARED_SYSTEMS_ENV];
  if (!shared) throw new Error(`${SHARED_SYSTEMS_ENV} is not set: run system tests through jest.config.js`);
  const systems = JSON.parse(shared) as SharedSystemAddress[];
  // JEST_WORKER_ID counts from 1; a file run in band is worker 1.
  return systems[(Number(process.env.JEST_WORKER_ID ?? 1) - 1) % systems.length];
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

// Where the answers of a system are checked: its gateway's merged document, unless a test runs
// only some of the services and names the document of those it uses.
const documents = new Map<string, string>();

export function checkAgainst(base: string, documentUrl: string): void {
  documents.set(base, documentUrl);
}

export async function request<T = Record<string, any>>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string | Uint8Array; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, body });
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : undefined;
  // A mailed link is followed as written, from the origin (`/v1/public/...`): checked against
  // the same document as the API base.
  const [apiBase, apiPath] =
    !base.endsWith('/v1') && path.startsWith('/v1/') ? [`${base}/v1`, path.slice(3)] : [base, path];
  // The reference itself is not an operation; everything else must answer as documented.
  if (!/^\/(openapi\.json|docs)\b/.test(apiPath))
    await checkResponse(documents.get(apiBase) ?? `${apiBase}/openapi.json`, method, apiPath, response.status, parsed);
  return { status: response.status, body: parsed as T, headers: response.headers };
}

// Requests as one person: `call(method, path, body)` with their bearer token. Every answer is
// checked against the document, as `request` checks it.
export function callerFor(base: string, person: { token: string }) {
  return <T = Record<string, any>>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> =>
    request<T>(base, method, path, { token: person.token, body });
}

export type Caller = ReturnType<typeof callerFor>;

// How many companies GET /reports/pipeline counts, over all its stages.
export const companiesInPipeline = (pipeline: ApiResponse<{ data?: Array<{ companies: number }> }>) =>
  (pipeline.body.data ?? []).reduce((sum, row) => sum + row.companies, 0);

let counter = 0;

// A refusal fails with its status and whole body, so the failure says which one it was (a diff of
// the status alone does not).
function expectCreated(step: string, answer: ApiResponse): void {
  if (answer.status !== 201) {
    throw new Error(
      `${step} answered ${answer.status}: ${JSON.stringify(answer.body)} (request ${answer.headers.get('x-request-id')})`,
    );
  }
}

// A workspace is what a test starts from, not what it tests: its first signed-in request is sent
// again while it answers 503, with the same Idempotency-Key, as a client (the SDK) does. The
// system's first requests run cold code, and on a starved machine (the suite's other worker
// starting a process per service, say) identity may miss the gateway's 2 s authentication
// deadline: that answer is the documented one (docs/errors.md), not the test's subject.
const ONBOARDING_RETRY_MS = 10_000;

// A fresh person with a fresh workspace, as a client would make one.
export async function signUpWithWorkspace(base: string, name = 'Ann') {
  counter += 1;
  const email = `${name.toLowerCase()}.${process.pid}.${Date.now()}.${counter}@example.com`;
  const password = 'correct horse battery staple';
  const signUp = await request(base, 'POST', '/auth/sign-up', { body: { email, password, name } });
  expectCreated('sign-up', signUp);
  const token = signUp.body.token as string;
  const onboarding = await waitUntil(
    () =>
      request(base, 'POST', '/onboarding', {
        token,
        body: { workspace_name: `${name}'s workspace` },
        headers: { 'idempotency-key': `onboarding-${email}` },
      }),
    (answer) => answer.status !== 503,
    'onboarding answered other than 503',
    ONBOARDING_RETRY_MS,
  );
  expectCreated('onboarding', onboarding);
  return { email, password, token, workspaceId: onboarding.body.workspace_id as string, user: signUp.body.user };
}

const EMAIL_VERIFICATION_PATH = '/v1/public/email-verifications/';

// The token of the latest email verification link mailed to an address (the system's local
// mailbox): what the person finds in their inbox after signing up.
export function verificationTokenMailedTo(system: Pick<TestSystem, 'dataDir'>, email: string): string {
  const mails = mailTo(system.dataDir, email).filter((mail) => mail.text.includes(EMAIL_VERIFICATION_PATH));
  if (mails.length === 0) throw new Error(`no email verification mail to ${email}`);
  return linkIn(mails[mails.length - 1], EMAIL_VERIFICATION_PATH)
    .split('/')
    .pop()!;
}

// Follows that link, as the person would: the account may then accept invitations sent to its
// address (an account signed up from an invitation link is verified by it already).
export async function verifyEmail(system: Pick<TestSystem, 'url' | 'dataDir'>, email: string): Promise<void> {
  const answer = await request(
    system.url,
    'POST',
    `/public/email-verifications/${verificationTokenMailedTo(system, email)}`,
  );
  expect(answer.status).toBe(204);
}

const INVITATION_PATH = '/v1/public/invitations/';

// A fresh person joins the admin's workspace with a role (by name, built-in or made with the roles
// API) the way a client does it: the admin invites the address, the person signs up from the
// mailed link (which proves the address) and works in that workspace.
export async function joinByInvitation(
  base: string,
  system: Pick<TestSystem, 'dataDir'>,
  admin: { token: string; workspaceId: string },
  name: string,
  roleName = 'Sales',
) {
  counter += 1;
  const email = `${name.toLowerCase()}.${process.pid}.${Date.now()}.${counter}@example.com`;
  const roles = await request(base, 'GET', '/roles', { token: admin.token });
  const role = (roles.body.data as Array<{ id: string; name: string }>).find((item) => item.name === roleName);
  if (!role) throw new Error(`no role named ${roleName} in the workspace`);
  const invited = await request(base, 'POST', '/invitations', {
    token: admin.token,
    body: { email, role_id: role.id },
  });
  expect({ status: invited.status, body: invited.status === 201 ? 'sent' : invited.body }).toEqual({
    status: 201,
    body: 'sent',
  });
  const mails = mailTo(system.dataDir, email).filter((mail) => mail.text.includes(INVITATION_PATH));
  const invitation = linkIn(mails[mails.length - 1], INVITATION_PATH)
    .split('/')
    .pop()!;
  const signUp = await request(base, 'POST', '/auth/sign-up', {
    body: { email, password: 'correct horse battery staple', name, invitation_token: invitation },
  });
  expectCreated('sign-up', signUp);
  const token = signUp.body.token as string;
  const switched = await request(base, 'POST', '/auth/switch-workspace', {
    token,
    body: { organization_id: admin.workspaceId },
  });
  expect(switched.status).toBe(204);
  return { email, token, userId: signUp.body.user.id as string };
}
