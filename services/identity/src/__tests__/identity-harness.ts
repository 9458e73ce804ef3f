import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@crm/bus';
import { call, claimsFromAuthentication, insecureCredentials, type InternalClaims } from '@crm/kit';
import { identityV1 } from '@crm/protos';
import type { RunningService } from '@crm/service-host';
import { linkIn, mailTo, startServiceForTest, type Answer as ServiceAnswer } from '@crm/testing';
import type { IdentityRuntime } from '../identity-runtime';
import { identityService } from '../identity-service';

// Shared by identity's service tests: one identity service (embedded storage, its own broker)
// driven over HTTP and gRPC the way the gateway drives it. Every answer is checked against
// identity's OpenAPI document.

// Identity's tests compare whole answers (`{status, body}`) and none reads a header, so the
// headers are left out of what they receive.
export type Answer<T = any> = Omit<ServiceAnswer<T>, 'headers'>;

export interface IdentityHarness {
  service: RunningService<IdentityRuntime>;
  // Authenticate over gRPC (the unary call; the gateway asks the same on AuthenticateStream).
  authenticate(token: string): Promise<identityV1.AuthenticateResponse>;
  // A request as the gateway forwards it: the bearer token authenticated, then an internal JWT.
  api<T = any>(token: string, method: string, path: string, body?: unknown): Promise<Answer<T>>;
  // A request whose body is sent as is, with its content type (malformed or non-JSON bodies).
  sendRaw(token: string, method: string, path: string, rawBody: string, contentType: string): Promise<Answer>;
  // A request to a public route (no token).
  publicApi<T = any>(method: string, path: string, body?: unknown): Promise<Answer<T>>;
  // A request carrying the given internal claims, bypassing Authenticate.
  withClaims<T = any>(claims: InternalClaims, method: string, path: string, body?: unknown): Promise<Answer<T>>;
  // Events in the outbox, oldest first.
  events(filter?: Record<string, unknown>): Promise<EventEnvelope[]>;
  stop(): Promise<void>;
}

// Low scrypt cost keeps tests fast; production defaults to 2^15.
export const TEST_ENV = { PASSWORD_SCRYPT_LOG2_N: '10' };

export async function startIdentity(env: NodeJS.ProcessEnv = {}): Promise<IdentityHarness> {
  const harness = await startServiceForTest(identityService, { env: { ...TEST_ENV, ...env } });
  const client = new identityV1.IdentityServiceClient(
    `127.0.0.1:${harness.service.grpcPort}`,
    insecureCredentials(),
    harness.service.context.grpcClientOptions,
  );
  const authenticate = (token: string) => call(client.authenticate.bind(client), { token });
  const withClaims = async <T>(
    claims: InternalClaims | null,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Answer<T>> => {
    const { status, body: answered } = await harness.call<T>(claims, method, path, body === undefined ? {} : { body });
    return { status, body: answered };
  };

  return {
    service: harness.service,
    authenticate,
    withClaims,
    async api<T>(token: string, method: string, path: string, body?: unknown) {
      return withClaims<T>(claimsFrom(await authenticate(token)), method, path, body);
    },
    async sendRaw(token: string, method: string, path: string, rawBody: string, contentType: string) {
      const options = { rawBody, headers: { 'content-type': contentType } };
      const { status, body } = await harness.call(claimsFrom(await authenticate(token)), method, path, options);
      return { status, body };
    },
    publicApi: <T>(method: string, path: string, body?: unknown) => withClaims<T>(null, method, path, body),
    events: (filter) => harness.events(filter),
    async stop() {
      client.close();
      await harness.stop();
    },
  };
}

// The gateway's translation of an Authenticate answer into internal claims.
export const claimsFrom = claimsFromAuthentication;

export interface Person {
  token: string;
  email: string;
  password: string;
  name: string;
  userId: string;
}

export interface Owner extends Person {
  workspaceId: string;
  slug: string;
}

let sequence = 0;

export function buildSignUp(overrides: Partial<{ email: string; password: string; name: string }> = {}) {
  sequence += 1;
  return {
    email: `person-${sequence}-${randomUUID().slice(0, 8)}@example.test`,
    password: 'a long enough password',
    name: `Person ${sequence}`,
    ...overrides,
  };
}

export async function signUpPerson(harness: IdentityHarness, overrides = {}): Promise<Person> {
  const input = buildSignUp(overrides);
  const answer = await harness.publicApi('POST', '/auth/sign-up', input);
  if (answer.status !== 201) throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { ...input, email: answer.body.user.email, token: answer.body.token, userId: answer.body.user.id };
}

export const EMAIL_VERIFICATION_PATH = '/v1/public/email-verifications/';

// The latest email verification link mailed to an address (the local mailbox).
export function verificationLinkMailedTo(harness: IdentityHarness, email: string): string {
  const mails = mailTo(harness.service.context.dataDir, email).filter((mail) =>
    mail.text.includes(EMAIL_VERIFICATION_PATH),
  );
  if (mails.length === 0) throw new Error(`no email verification mail to ${email}`);
  return linkIn(mails[mails.length - 1], EMAIL_VERIFICATION_PATH);
}

// Follows the verification link mailed at sign-up, as the person would from their inbox.
export async function verifyEmail(harness: IdentityHarness, person: Pick<Person, 'email'>): Promise<void> {
  const token = verificationLinkMailedTo(harness, person.email).split('/').pop();
  const answer = await harness.publicApi('POST', `/public/email-verifications/${token}`);
  if (answer.status !== 204)
    throw new Error(`email verification failed: ${answer.status} ${JSON.stringify(answer.body)}`);
}

// A person who followed their verification link: they may accept invitations.
export async function signUpVerifiedPerson(harness: IdentityHarness, overrides = {}): Promise<Person> {
  const person = await signUpPerson(harness, overrides);
  await verifyEmail(harness, person);
  return person;
}

export async function createOwner(harness: IdentityHarness, workspaceName = 'Acme Ltd'): Promise<Owner> {
  const person = await signUpPerson(harness);
  const answer = await harness.api(person.token, 'POST', '/onboarding', { workspace_name: workspaceName });
  if (answer.status !== 201) throw new Error(`onboarding failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { ...person, workspaceId: answer.body.workspace_id, slug: answer.body.slug };
}

export async function createApiKey(
  harness: IdentityHarness,
  owner: Owner,
  body: Record<string, unknown> = {},
): Promise<{ key: string; id: string; record: any }> {
  const answer = await harness.api(owner.token, 'POST', '/api-keys', { name: 'Script', kind: 'integration', ...body });
  if (answer.status !== 201)
    throw new Error(`API key creation failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { key: answer.body.key, id: answer.body.id, record: answer.body };
}

export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
