import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ConfigError, type VariableSpec } from './config';
import { unauthenticated } from './errors';
import { newId } from './ids';
import type { ActorType } from './internal-jwt';
import { currentContext, type RequestContext } from './request-context';
import { continueTrace } from './trace-context';

// The service token: who calls, for whom. Every gRPC call between our processes carries a short-lived HS256 JWT in the
// `x-crm-service-token` metadata, signed with SERVICE_TOKEN_SECRET, which the gateway and the
// services share (and nobody else). It names the calling service and the context of the work it
// does: request id, workspace, actor, trace. A symmetric key because every service both calls
// and is called, and signing runs on every call: HMAC costs microseconds where the gateway's ES256
// key costs a signature per call. Issuer and audience differ from the internal JWT's, so neither
// token is accepted in place of the other.
export const SERVICE_TOKEN_METADATA = 'x-crm-service-token';
const SERVICE_TOKEN_ALGORITHM = 'HS256';
const SERVICE_TOKEN_ISSUER = 'crm-service';
const SERVICE_TOKEN_AUDIENCE = 'crm-grpc';
// Longer than any deadline, short enough that a token seen in a log is soon useless.
const SERVICE_TOKEN_TTL_SECONDS = 60;
// Clocks of two pods may disagree a little; a caller running behind must not be refused.
const CLOCK_TOLERANCE_SECONDS = 30;
// 256 bits, the size of the HMAC-SHA-256 block it keys.
export const SERVICE_TOKEN_SECRET_MIN_LENGTH = 32;

export interface ServiceCredential {
  // The calling process: a service name or `gateway`.
  service: string;
  secret: string;
}

export interface GrpcCaller {
  service: string;
  context: RequestContext;
}

interface ServiceTokenClaims {
  sub: string;
  request_id: string;
  workspace_id: string | null;
  actor?: { type: ActorType | 'system'; id: string | null; label: string | null };
  traceparent: string;
}

// jsonwebtoken given the secret as a string first tries to parse it as a PEM key, which costs
// about a millisecond per token; a KeyObject made once costs microseconds.
const secretKeys = new Map<string, KeyObject>();

function secretKey(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    secretKeys.set(secret, key);
  }
  return key;
}

export function assertSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length < SERVICE_TOKEN_SECRET_MIN_LENGTH) {
    throw new ConfigError(`SERVICE_TOKEN_SECRET must be at least ${SERVICE_TOKEN_SECRET_MIN_LENGTH} characters`);
  }
}

// The environment variable, validated at start like every setting (and never echoed).
export const serviceTokenSecret = (): VariableSpec<string, false> => ({
  secret: true,
  description: 'shared secret that signs service-to-service gRPC calls',
  parse: (raw, name) => {
    if (raw.length < SERVICE_TOKEN_SECRET_MIN_LENGTH)
      throw new ConfigError(`${name} must be at least ${SERVICE_TOKEN_SECRET_MIN_LENGTH} characters`);
    return raw;
  },
});

// Embedded mode and tests: one per process, shared by its parts.
export function generateServiceTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

// The token for one call, made from the context the call is made in: the caller's request, or
// a fresh request id for work that has none (start-up, a timer).
export function signServiceToken(
  credential: ServiceCredential,
  context: RequestContext | undefined = currentContext(),
): string {
  const claims: ServiceTokenClaims = {
    sub: credential.service,
    request_id: context?.request_id || newId(),
    workspace_id: context?.workspace_id ?? null,
    // The callee's span is a child of this call's.
    traceparent: continueTrace(context?.traceparent),
  };
  if (context?.actor) claims.actor = context.actor;
  return jwt.sign(claims, secretKey(credential.secret), {
    algorithm: SERVICE_TOKEN_ALGORITHM,
    expiresIn: SERVICE_TOKEN_TTL_SECONDS,
    issuer: SERVICE_TOKEN_ISSUER,
    audience: SERVICE_TOKEN_AUDIENCE,
  });
}

export function verifyServiceToken(secret: string, token: unknown): GrpcCaller {
  return verifiedServiceToken(secret, token).caller;
}

// The caller a valid token names, and when the token stops being valid (ms since the epoch).
export function verifiedServiceToken(secret: string, token: unknown): { caller: GrpcCaller; expiresAt: number } {
  if (typeof token !== 'string') throw unauthenticated('missing service token');
  let payload: string | jwt.JwtPayload;
  try {
    payload = jwt.verify(token, secretKey(secret), {
      algorithms: [SERVICE_TOKEN_ALGORITHM],
      issuer: SERVICE_TOKEN_ISSUER,
      audience: SERVICE_TOKEN_AUDIENCE,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
  } catch {
    throw unauthenticated('invalid service token');
  }
  const claims = payload as Partial<ServiceTokenClaims>;
  if (typeof payload === 'string' || typeof claims.sub !== 'string' || typeof claims.request_id !== 'string') {
    throw unauthenticated('invalid service token');
  }
  const context: RequestContext = {
    request_id: claims.request_id,
    workspace_id: typeof claims.workspace_id === 'string' ? claims.workspace_id : null,
  };
  if (claims.actor) context.actor = claims.actor;
  if (typeof claims.traceparent === 'string') context.traceparent = claims.traceparent;
  const expiresAt = ((claims as jwt.JwtPayload).exp ?? 0) * 1000 + CLOCK_TOLERANCE_SECONDS * 1000;
  return { caller: { service: claims.sub, context }, expiresAt };
}
