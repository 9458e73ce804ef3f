// The permission matrix: every operation of the REST contract (spec section 4), the service that
// owns it, and what a caller needs. The owning service enforces it (libs/service-host) and
// docs/permissions.md is rendered from it (tests/docs/render-permissions.ts; a test fails while the
// two differ, and `UPDATE_DOCS=1` with that test writes it anew).

export const PERMISSIONS = [
  'companies:read',
  'companies:write',
  'contacts:read',
  'contacts:write',
  'activities:write',
  'tasks:read',
  'tasks:write',
  'settings:manage',
  'users:manage',
  'privacy:override',
] as const;

export type Permission = (typeof PERMISSIONS)[number];
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type OwnerService = 'identity' | 'crm-core' | 'marketing' | 'reports' | 'documents' | 'billing';

// A call whose body has this value in this field (`POST /companies/bulk` with `action: delete`).
export interface BodyMatch {
  field: string;
  value: string;
}

// What a caller needs to call an operation.
export interface AccessRule {
  // null: any member of the workspace (or, for onboarding and /me, any signed-in person).
  permission: Permission | null;
  // Needs a workspace admin (a role that grants settings:manage).
  adminOnly?: boolean;
  // Belongs to the Standard plan.
  plan?: 'standard';
  // Agent keys cannot delete (contract 5.3): the operation deletes, bins, merges away or erases,
  // so agent keys are refused it. `true`: every call; a BodyMatch: only the calls that do
  // (a bulk action that bins).
  forbidAgents?: true | BodyMatch;
}

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
// concerned. Operations outside the contract (webhooks) declare theirs through this too.
export function accessRule<R extends AccessRule>(method: Method, rule: R): R {
  return method === 'DELETE' ? { ...rule, forbidAgents: true } : rule;
}

// Whether a call deletes by the rule, so an agent key is refused it (the body as validation reads it).
export function deletesFor(rule: AccessRule, body: unknown): boolean {
  const deletes = rule.forbidAgents;
  if (deletes === undefined) return false;
  if (deletes === true) return true;
  return typeof body === 'object' && body !== null && (body as Record<string, unknown>)[deletes.field] === deletes.value;
}

function define(service: OwnerService, rows: Array<[string, Rule]>): Operation[] {
  return rows.map(([operation, rule]) => {
    const [method, path] = operation.split(' ') as [Method, string];
    return { method, path, service, ...accessRule(method, rule) };
  });
}

export const OPERATIONS: readonly Operation[] = [
  ...define('identity', [
    ['GET /onboarding/workspaces', anyone],
    ['POST /onboarding', anyone],
    ['GET /me', anyone],
    ['PATCH /me', anyone],
    ['GET /me/email-logging', anyone],
    ['POST /me/password', anyone],
    ['GET /members', anyone],
    ['GET /workspace', admin('settings:manage')],
    ['PATCH /workspace', admin('settings:manage')],
    ['GET /audit-log', admin('settings:manage')],
    ['GET /roles', admin('users:manage')],
    ['POST /roles', admin('users:manage')],
    ['PATCH /roles/{id}', admin('users:manage')],
    ['DELETE /roles/{id}', admin('users:manage')],
    ['PATCH /members/{id}', admin('users:manage')],
    ['GET /invitations', admin('users:manage')],
    ['POST /invitations', admin('users:manage')],
    ['DELETE /invitations/{id}', admin('users:manage')],
    ['GET /api-keys', admin('settings:manage')],
    ['POST /api-keys', admin('settings:manage')],
    ['DELETE /api-keys/{id}', admin('settings:manage')],
    ['GET /notifications', anyone],
    ['POST /notifications/read', anyone],
  ]),
  ...define('crm-core', [
    ['GET /pipeline-stages', needs('companies:read')],
    ['GET /lead-sources', needs('companies:read')],
    ['GET /pipelines', admin('settings:manage')],
    ['POST /pipelines', admin('settings:manage')],
    ['PATCH /pipelines/{id}', admin('settings:manage')],
    ['DELETE /pipelines/{id}', admin('settings:manage')],
    ['POST /pipeline-stages', admin('settings:manage')],
    ['PATCH /pipeline-stages/{id}', admin('settings:manage')],
    ['DELETE /pipeline-stages/{id}', admin('settings:manage')],
    ['POST /lead-sources', admin('settings:manage')],
    ['PATCH /lead-sources/{id}', admin('settings:manage')],
    ['DELETE /lead-sources/{id}', admin('settings:manage')],
    // Everyone needs the field definitions to show and edit records; defining them is admin work.
    ['GET /custom-fields', needs('companies:read')],
    ['POST /custom-fields', admin('settings:manage')],
    ['PATCH /custom-fields/{id}', admin('settings:manage')],
    ['POST /export', admin('settings:manage')],
    ['GET /companies', needs('companies:read')],
    ['POST /companies', needs('companies:write')],
    ['GET /companies/counts', needs('companies:read')],
    ['POST /companies/bulk', removeWhen(needs('companies:write'), { field: 'action', value: 'delete' })],
    ['GET /companies/{id}', needs('companies:read')],
    ['PATCH /companies/{id}', needs('companies:write')],
    ['DELETE /companies/{id}', remove('companies:write')],
    ['POST /companies/{id}/merge', remove('companies:write')],
    ['GET /contacts', needs('contacts:read')],
    ['POST /contacts', needs('contacts:write')],
    ['GET /contacts/{id}', needs('contacts:read')],
    ['PATCH /contacts/{id}', needs('contacts:write')],
    ['DELETE /contacts/{id}', remove('contacts:write')],
    ['POST /contacts/{id}/restore', needs('contacts:write')],
    ['POST /contacts/{id}/merge', remove('contacts:write')],
    ['GET /contacts/{id}/personal-data', needs('privacy:override')],
    ['POST /contacts/{id}/erase', remove('privacy:override')],
    // Deals hang off companies and share their permissions.
    ['GET /deals', contactsAside(needs('companies:read'), '`contact_name` is null')],
    ['POST /deals', contactsAside(needs('companies:write'), '`contact_name` is null')],
    ['GET /deals/forecast', needs('companies:read')],
    ['GET /deals/{id}', contactsAside(needs('companies:read'), '`contact_name` is null')],
    ['PATCH /deals/{id}', contactsAside(needs('companies:write'), '`contact_name` is null')],
    ['DELETE /deals/{id}', remove('companies:write')],
    ['GET /activities', contactsAside(needs('companies:read'), "refused for a contact's timeline; a company's leaves out its contacts' entries")],
    ['POST /activities', needs('activities:write')],
    ['GET /tasks', contactsAside(needs('tasks:read'), "refused for a contact's tasks (`target_type=contact`); tasks about a contact left out")],
    ['POST /tasks', needs('tasks:write')],
    ['PATCH /tasks/{id}', needs('tasks:write')],
    // Meetings are scheduled work, like tasks.
    ['GET /meetings', contactsAside(needs('tasks:read'), "contact attendees' names and emails left out (`null`)")],
    ['POST /meetings', contactsAside(needs('tasks:write'), "contact attendees' names and emails left out (`null`)")],
    ['GET /meetings/{id}', contactsAside(needs('tasks:read'), "contact attendees' names and emails left out (`null`)")],
    ['PATCH /meetings/{id}', contactsAside(needs('tasks:write'), "contact attendees' names and emails left out (`null`)")],
    ['GET /duplicates', contactsAside(needs('companies:read'), 'refused for `object=contact`')],
    ['POST /duplicates/dismiss', needs('companies:write')],
    ['POST /import/companies', needs('companies:write')],
    ['GET /search', contactsAside(needs('companies:read'), 'companies only')],
    ['GET /recent', contactsAside(needs('companies:read'), 'contacts left out')],
    ['POST /recent', contactsAside(needs('companies:read'), 'refused for a contact')],
    // A member connects their own calendar; syncing it is a Standard plan feature.
    ['GET /integrations/calendar', anyone],
    ['POST /integrations/calendar/{provider}/connect', standard(anyone)],
    ['DELETE /integrations/calendar/{provider}', remove(null)],
    ['GET /saved-views', needs('companies:read')],
    ['POST /saved-views', needs('companies:read')],
    ['PATCH /saved-views/{id}', needs('companies:read')],
    ['DELETE /saved-views/{id}', remove('companies:read')],
  ]),
  ...define('marketing', [
    ['GET /campaigns', standard(needs('companies:read'))],
    ['POST /campaigns', standard(needs('companies:write'))],
    ['GET /campaigns/{id}', standard(needs('companies:read'))],
    ['PATCH /campaigns/{id}', standard(needs('companies:write'))],
    ['DELETE /campaigns/{id}', standard(remove('companies:write'))],
    ['GET /campaigns/{id}/spend', standard(needs('companies:read'))],
    ['POST /campaigns/{id}/spend', standard(needs('companies:write'))],
    ['DELETE /campaigns/{id}/spend/{spend_id}', standard(remove('companies:write'))],
    ['GET /touchpoints', contactsAside(standard(needs('companies:read')), '`contact_name` is null')],
    ['POST /touchpoints', standard(needs('companies:write'))],
    ['GET /web-forms', admin('settings:manage')],
    ['POST /web-forms', admin('settings:manage')],
    ['PATCH /web-forms/{id}', admin('settings:manage')],
  ]),
  ...define('reports', [
    ['GET /reports/pipeline', needs('companies:read')],
    ['GET /reports/summary', needs('companies:read')],
    ['GET /reports/marketing', standard(needs('companies:read'))],
    ['GET /reports/fields', needs('companies:read')],
    ['POST /reports/run', contactsAside(needs('companies:read'), 'refused for a contact report or a grouping by contact')],
    ['GET /reports/saved', needs('companies:read')],
    ['POST /reports/saved', needs('companies:read')],
    ['PATCH /reports/saved/{id}', needs('companies:read')],
    ['DELETE /reports/saved/{id}', remove('companies:read')],
    ['POST /reports/records', contactsAside(needs('companies:read'), 'refused like a run; tasks and timeline entries about a contact left out, no contact named')],
    ['PUT /reports/saved/{id}/pin', needs('companies:read')],
    ['DELETE /reports/saved/{id}/pin', remove('companies:read')],
    ['GET /reports/saved/{id}/run', contactsAside(needs('companies:read'), 'refused for a contact report or a grouping by contact')],
    ['GET /reports/sales', needs('companies:read')],
  ]),
  ...define('documents', [
    ['GET /documents', contactsAside(needs('companies:read'), "refused for a contact's documents")],
    ['POST /documents', needs('companies:write')],
    ['POST /documents/{id}/complete', needs('companies:write')],
    ['GET /documents/usage', needs('companies:read')],
    ['GET /documents/{id}/download', contactsAside(needs('companies:read'), "refused for a contact's document")],
    ['DELETE /documents/{id}', remove('companies:write')],
  ]),
  ...define('billing', [
    ['GET /billing', admin('settings:manage')],
    ['POST /billing/checkout', admin('settings:manage')],
    ['POST /billing/portal', admin('settings:manage')],
  ]),
];

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
