import { declareOperation, ListOf, Named, SingleLine, Strict, StringEnum, Type, Uuid, type Static } from '@crm/kit';
import { admin } from '@crm/protos';
import { PERMISSIONS } from './permissions';

export const ROLE_NAME_MAX_LENGTH = 40;

const Permission = () => StringEnum(PERMISSIONS);
const RoleName = () =>
  SingleLine({
    minLength: 1,
    maxLength: ROLE_NAME_MAX_LENGTH,
    description: 'Unique in the workspace whatever its case.',
  });
// Permission names of the contract (spec section 5), each at most once.
const Permissions = () => Type.Array(Permission(), { uniqueItems: true, maxItems: PERMISSIONS.length });

// Role (spec section 2).
export const Role = Named(
  'Role',
  Strict({
    id: Uuid(),
    name: Type.String(),
    permissions: Type.Array(Permission()),
    is_system: Type.Boolean({ description: 'A built-in role: it cannot be changed or deleted.' }),
    members: Type.Integer({ minimum: 0, description: 'Members holding the role, active or disabled.' }),
  }),
);
export type RoleView = Static<typeof Role>;

export const listRoles = declareOperation({
  method: 'GET',
  path: '/roles',
  access: admin('users:manage'),
  summary: 'List the roles of the workspace and the permission names',
  description: 'Built-in roles first, then custom roles by name.',
  status: 200,
  response: Named('RoleList', ListOf(Role, { permissions: Type.Array(Permission()) })),
});

export const createRole = declareOperation({
  method: 'POST',
  path: '/roles',
  access: admin('users:manage'),
  summary: 'Create a custom role',
  body: Named('RoleCreate', Strict({ name: RoleName(), permissions: Permissions() })),
  trim: ['name'],
  status: 201,
  response: Role,
  errors: [409],
});
export type CreateRoleBody = Static<NonNullable<typeof createRole.body>>;

export const updateRole = declareOperation({
  method: 'PATCH',
  path: '/roles/{id}',
  access: admin('users:manage'),
  summary: 'Rename a custom role or change its permissions',
  description:
    'Built-in roles are fixed (409 `role_is_system`). Holders get the new permissions on their next request.',
  params: Type.Object({ id: Uuid() }),
  body: Named('RoleUpdate', Strict({ name: Type.Optional(RoleName()), permissions: Type.Optional(Permissions()) })),
  trim: ['name'],
  status: 200,
  response: Role,
  errors: [409],
});
export type UpdateRoleBody = Static<NonNullable<typeof updateRole.body>>;

export const deleteRole = declareOperation({
  method: 'DELETE',
  path: '/roles/{id}',
  access: admin('users:manage'),
  summary: 'Delete an unused custom role',
  description: 'A role given to a member, an invitation or an API key cannot be deleted (409 `role_in_use`).',
  params: Type.Object({ id: Uuid() }),
  status: 204,
  response: null,
  errors: [409],
});
