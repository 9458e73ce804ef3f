import { OPERATIONS, PERMISSIONS, type Operation } from '@crm/protos';

function rule(operation: Operation): string[] {
  return [
    operation.permission ? `\`${operation.permission}\`` : 'any member',
    operation.adminOnly ? 'yes' : '',
    operation.plan ? 'Standard' : '',
    operation.forbidAgents === true
      ? 'no'
      : operation.forbidAgents
        ? `not with \`${operation.forbidAgents.field}: ${operation.forbidAgents.value}\``
        : '',
    operation.withoutContacts ?? '',
  ];
}

// docs/permissions.md, rendered from the operations table so the two cannot drift.
export function renderPermissionsDoc(roles: ReadonlyArray<{ name: string; permissions: readonly string[] }>): string {
  const lines = [
    '# Permissions',
    '',
    "<!-- Generated from the operations' declared access (protos/rest/operation-manifest.json, `npm run operations`)",
    '     and the built-in roles by services/identity/src/roles/__tests__/permissions-doc.spec.ts (run',
    '     `UPDATE_DOCS=1 npx jest services/identity/src/roles` after changing either). -->',
    '',
    'Every request acts as a workspace member. An operation answers `403 forbidden` when the caller lacks',
    'the permission it needs, is not an admin where it is admin-only, or is an agent key where agents may',
    'not act (agents cannot delete); `403 plan_required` when it belongs to the Standard plan and the',
    'workspace is on another plan. An admin is a member whose role grants `settings:manage`; for an API',
    "key, the key's own role decides, never its creator's.",
    '',
    'Agent keys cannot delete: every operation that deletes, bins, merges away or erases refuses them',
    '(`agent keys cannot delete`), whatever its method: every `DELETE`, the merges, the erasure and',
    '`POST /companies/bulk` with `action: delete` (its other actions are theirs). Operations beyond the',
    "contract follow the same rule: the webhooks' `DELETE /webhooks/{id}` refuses agent keys even when",
    "their role is an admin's.",
    '',
    'A caller without `contacts:read` sees no contact: an operation about contacts refuses it (`403',
    'forbidden`), and one that mixes records leaves contacts, and their names, out of its answer. The',
    'last column says which, for each operation that could show a contact; the others show none. A task',
    'written about a contact is left out of `GET /tasks` (its title names them); `PATCH /tasks/{id}` still',
    'answers the task it changed to a caller with `tasks:write`.',
    '',
    `Permission names: ${PERMISSIONS.map((name) => `\`${name}\``).join(', ')}.`,
    '',
    '## Built-in roles',
    '',
    'Every workspace has these roles; they cannot be changed or deleted. API keys may be given any role',
    'except Owner and Admin (default `Agent (read only)`).',
    '',
    `| role | ${PERMISSIONS.map((name) => `\`${name}\``).join(' | ')} |`,
    `|---|${PERMISSIONS.map(() => ':-:').join('|')}|`,
    ...roles.map(
      (role) =>
        `| ${role.name} | ${PERMISSIONS.map((name) => (role.permissions.includes(name) ? '✓' : '')).join(' | ')} |`,
    ),
    '',
    '## Operations',
    '',
    '| operation | needs | admin only | plan | agent keys | without `contacts:read` |',
    '|---|---|---|---|---|---|',
    ...OPERATIONS.map((operation) => `| \`${operation.method} ${operation.path}\` | ${rule(operation).join(' | ')} |`),
    '',
  ];
  return lines.join('\n');
}
