import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { identityV1 } from '@crm/protos';
import { deepFreeze } from './deep-freeze';
import { unauthenticated } from './errors';

// The gateway authenticates the client's bearer token, then forwards the request with a
// short-lived internal JWT that every service verifies. Services never see client tokens.
export const INTERNAL_TOKEN_HEADER = 'x-crm-internal-token';
export const REQUEST_ID_HEADER = 'x-request-id';
const ALGORITHM = 'ES256';
const ISSUER = 'crm-gateway';
const AUDIENCE = 'crm-services';

export type ActorType = 'user' | 'agent' | 'app';

export interface SupportAccess {
  staff_email: string;
  mode: 'read' | 'full';
  expires_at: string;
}

export interface InternalClaims {
  // Null until the person has created or joined a workspace (onboarding).
  workspace_id: string | null;
  // The member the request acts as (for keys: the member who created the key).
  user_id: string;
  actor: { type: ActorType; id: string; label: string | null };
  role: string | null;
  permissions: string[];
  is_admin: boolean;
  plan: string;
  session_id?: string;
  key_id?: string;
  support?: SupportAccess | null;
}

// The claims an identity Authenticate answer grants: what the gateway forwards.
export function claimsFromAuthentication(answer: identityV1.AuthenticateResponse): InternalClaims {
  return {
    workspace_id: answer.workspace_id ?? null,
    user_id: answer.user_id,
    actor: { type: answer.actor_type as ActorType, id: answer.actor_id, label: answer.actor_label ?? null },
    role: answer.role ?? null,
    permissions: answer.permissions,
    is_admin: answer.is_admin,
    plan: answer.plan,
    session_id: answer.session_id,
    key_id: answer.key_id,
    support: answer.support
      ? {
          staff_email: answer.support.staff_email,
          mode: answer.support.mode === 'full' ? 'full' : 'read',
          expires_at: answer.support.expires_at,
        }
      : null,
  };
}

export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

// Embedded mode mints a fresh pair per process: internal tokens live seconds, so nothing breaks.
export function generateInternalKeyPair(): KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey, privateKey };
}

// Parsing a PEM costs more than signing with it: keep one KeyObject per key.
const parsedKeys = new Map<string, KeyObject>();

function keyObject(pem: string, parse: (pem: string) => KeyObject): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) {
    key = parse(pem);
    parsedKeys.set(pem, key);
  }
  return key;
}

// Minted tokens for identical claims are reused for part of their lifetime: signing is the
// gateway's most expensive step, and the same caller sends the same claims request after request.
const REUSE_FRACTION = 0.5;
// Bounds each cache; when full the oldest entries go first.
const CACHE_LIMIT = 10_000;

interface Minted {
  token: string;
  reuseUntil: number;
}

interface Verified {
  claims: InternalClaims;
  expiresAt: number;
}

// Per key (the PEM string a process holds for its life), then by claims or by token: the key's
// text is never part of a per-request lookup string.
const minted = new Map<string, Map<string, Minted>>();
const verified = new Map<string, Map<string, Verified>>();

function cacheOf<V>(caches: Map<string, Map<string, V>>, pem: string): Map<string, V> {
  let cache = caches.get(pem);
  if (!cache) {
    cache = new Map();
    caches.set(pem, cache);
  }
  return cache;
}

function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
}

export function signInternalToken(privateKey: string, claims: InternalClaims, ttlSeconds = 60): string {
  const now = Date.now();
  const cache = cacheOf(minted, privateKey);
  const cacheKey = `${ttlSeconds}\n${JSON.stringify(claims)}`;
  const reusable = cache.get(cacheKey);
  if (reusable && reusable.reuseUntil > now) return reusable.token;
  const token = jwt.sign({ ...claims }, keyObject(privateKey, createPrivateKey), {
    algorithm: ALGORITHM,
    expiresIn: ttlSeconds,
    issuer: ISSUER,
    audience: AUDIENCE,
  });
  cache.delete(cacheKey);
  remember(cache, cacheKey, { token, reuseUntil: now + ttlSeconds * 1000 * REUSE_FRACTION });
  return token;
}

// A token verified once is the same bytes with the same signature until it expires: later
// requests carrying it reuse the claims (frozen, as every request shares them).
export function verifyInternalToken(publicKey: string, token: string): InternalClaims {
  const cache = cacheOf(verified, publicKey);
  const known = cache.get(token);
  if (known) {
    if (known.expiresAt > Date.now()) return known.claims;
    cache.delete(token);
  }
  let claims: InternalClaims;
  let expiresAt: number;
  try {
    const payload = jwt.verify(token, keyObject(publicKey, createPublicKey), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (typeof payload === 'string' || !('workspace_id' in payload) || typeof payload.exp !== 'number') {
      throw new Error('bad claims');
    }
    claims = deepFreeze(payload as unknown as InternalClaims);
    expiresAt = payload.exp * 1000;
  } catch {
    throw unauthenticated('invalid internal token');
  }
  remember(cache, token, { claims, expiresAt });
  return claims;
}
