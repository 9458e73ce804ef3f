import { AppError } from './errors';
import type { InternalClaims } from './internal-jwt';

// What an operation needs: the permission matrix (protos/rest/operations.ts) states it for every
// operation of the contract, and the owning service checks it before the handler runs.
export interface AccessRule {
  permission?: string | null;
  adminOnly?: boolean;
  // Plan that must be active, e.g. 'standard' for campaigns.
  plan?: string;
  // Agent keys may not delete.
  forbidAgents?: boolean;
}

const READS = ['GET', 'HEAD', 'OPTIONS'];

export function checkAccess(claims: InternalClaims, method: string, rule: AccessRule): void {
  // Staff support access in read mode changes nothing in the workspace (their own session,
  // such as signing out, is not an operation of the workspace and stays theirs).
  if (claims.support?.mode === 'read' && !READS.includes(method)) {
    throw new AppError('forbidden', 'support access is read-only');
  }
  if (rule.forbidAgents && claims.actor.type === 'agent') {
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
