import type { Request } from 'express';
import { AppError, authOf, type InternalClaims } from '@crm/kit';

export type SessionClaims = InternalClaims & { session_id: string };

// Operations for the person themself (their workspaces, onboarding) are not for API keys: a
// key is bound to one workspace and acts there only.
export function personOf(req: Request): InternalClaims {
  const claims = authOf(req);
  if (claims.actor.type !== 'user') {
    throw new AppError('forbidden', 'this operation needs a signed-in person, not an API key');
  }
  return claims;
}

// Operations on the caller's own session (sign-out, switching workspace) need one.
export function sessionOf(req: Request): SessionClaims {
  const claims = personOf(req);
  if (!claims.session_id) throw new AppError('forbidden', 'this operation needs a signed-in session');
  return claims as SessionClaims;
}
