import { deletesFor, type AccessRule } from '@crm/protos';
import { AppError } from './errors';
import type { InternalClaims } from './internal-jwt';

// What an operation needs: its declaration states it (`access`; the permission matrix is generated
// from the declarations), and the owning service checks it before the handler runs.
export type { AccessRule };

const READS = ['GET', 'HEAD', 'OPTIONS'];

// `body` is the request's parsed JSON, for a rule that refuses agent keys some bodies only.
export function checkAccess(claims: InternalClaims, method: string, rule: AccessRule, body?: unknown): void {
  // Staff support access in read mode changes nothing in the workspace (their own session,
  // such as signing out, is not an operation of the workspace and stays theirs).
  if (claims.support?.mode === 'read' && !READS.includes(method)) {
    throw new AppError('forbidden', 'support access is read-only');
  }
  if (claims.actor.type === 'agent' && deletesFor(rule, body)) {
    throw new AppError('forbidden', 'agent keys cannot delete');
  }
  if (rule.adminOnly && !claims.is_admin) {
    throw new AppError('forbidden', 'this operation needs a workspace admin');
  }
  if (rule.permission && !claims.permissions.includes(rule.permission)) {
    throw new AppError('forbidden', `this operation needs the ${rule.permission} permission`);
  }
  if (rule.plan && claims.plan !== rule.plan) {
    throw new AppError('plan_required', `this feature needs the ${rule.plan} plan`);
  }
}
