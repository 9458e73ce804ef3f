import type { AccessRule, BodyMatch, Method, Permission } from './access-rules';
import { OPERATION_MANIFEST } from './operation-manifest';

export * from './access-rules';

// The permission matrix: every operation of the REST contract (spec section 4), the service that
// owns it, and what a caller needs. Each operation's declaration states its rule (`access`, written
// with the helpers below); the matrix is read from the manifest generated from the declarations
// (operation-manifest.ts). The owning service enforces it (libs/kit `serveOperations`) and
// docs/permissions.md is rendered from it (services/identity/src/roles/__tests__/render-permissions.ts;
// a test fails while the two differ, and `UPDATE_DOCS=1` with that test writes it anew).

export type OwnerService = 'identity' | 'crm-core' | 'marketing' | 'reports' | 'documents' | 'billing';

export interface Operation extends AccessRule {
  method: Method;
  // Path template relative to /v1, as the spec writes it.
  path: string;
  service: OwnerService;
  // What a caller without contacts:read meets where the operation could show a contact: refused
  // where it is about contacts, contacts left out where it mixes records (docs/permissions.md).
  // The owning service applies it; the note is what the documentation says.
  withoutContacts?: string;
}

// What a declaration states as its access (`access:` of `declareOperation`): a rule and, for an
// operation that could show a contact, what a caller without contacts:read meets.
export type AccessDeclaration = AccessRule & Pick<Operation, 'withoutContacts'>;
type Rule = AccessDeclaration;

// The vocabulary of access rules, as the declarations write them.
export const anyone: Rule = { permission: null };
export const admin = (permission: Permission): Rule => ({ permission, adminOnly: true });
export const needs = (permission: Permission): Rule => ({ permission });
export const remove = (permission: Permission | null): Rule => ({ permission, forbidAgents: true });
export const removeWhen = (rule: Rule, match: BodyMatch): Rule => ({ ...rule, forbidAgents: match });
export const standard = (rule: Rule): Rule => ({ ...rule, plan: 'standard' });
export const contactsAside = (rule: Rule, withoutContacts: string): Rule => ({ ...rule, withoutContacts });

// The rule an operation is checked against: every DELETE is a deletion as far as agent keys are
// concerned, whatever its declaration says.
export function accessRule<R extends AccessRule>(method: Method, rule: R): R {
  return method === 'DELETE' ? { ...rule, forbidAgents: true } : rule;
}

// Whether a call deletes by the rule, so an agent key is refused it (the body as validation reads it).
export function deletesFor(rule: AccessRule, body: unknown): boolean {
  const deletes = rule.forbidAgents;
  if (deletes === undefined) return false;
  if (deletes === true) return true;
  return (
    typeof body === 'object' && body !== null && (body as Record<string, unknown>)[deletes.field] === deletes.value
  );
}

export const OPERATIONS: readonly Operation[] = OPERATION_MANIFEST.operations
  .filter((operation) => operation.contract)
  .map(({ method, path, service, access }) => ({
    method,
    path,
    service: service as OwnerService,
    ...(access as AccessDeclaration),
  }));

interface CompiledOperation {
  operation: Operation;
  pattern: RegExp;
  literalSegments: number;
}

const compiled: CompiledOperation[] = OPERATIONS.map((operation) => ({
  operation,
  pattern: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
  literalSegments: operation.path.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
}));

// The operation a request is for (path relative to /v1). Where two templates match
// (`/deals/forecast` and `/deals/{id}`) the one with more literal segments wins.
export function findOperation(method: string, path: string): Operation | undefined {
  let best: CompiledOperation | undefined;
  for (const candidate of compiled) {
    if (candidate.operation.method !== method || !candidate.pattern.test(path)) continue;
    if (!best || candidate.literalSegments > best.literalSegments) best = candidate;
  }
  return best?.operation;
}
