// What a caller needs to call an operation: the permissions, and the rule an operation declares.
// Below both the manifest and the operation list, which read it.
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
