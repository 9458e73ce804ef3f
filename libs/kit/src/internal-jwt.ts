import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { identityV1 } from '@crm/protos';
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

export function signInternalToken(privateKey: string, claims: InternalClaims, ttlSeconds = 60): string {
  return jwt.sign({ ...claims }, keyObject(privateKey, createPrivateKey), {
    algorithm: ALGORITHM,
    expiresIn: ttlSeconds,
    issuer: ISSUER,
    audience: AUDIENCE,
  });
}

export function verifyInternalToken(publicKey: string, token: string): InternalClaims {
  try {
    const payload = jwt.verify(token, keyObject(publicKey, createPublicKey), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (typeof payload === 'string' || !('workspace_id' in payload)) throw new Error('bad claims');
    return payload as unknown as InternalClaims;
  } catch {
    throw unauthenticated('invalid internal token');
  }
}
