import { bodyValidator } from '@crm/kit';
import { PERMISSIONS, type Permission } from './permissions';

export interface CreateRoleBody {
  name: string;
  permissions: Permission[];
}

export interface UpdateRoleBody {
  name?: string;
  permissions?: Permission[];
}

export const ROLE_NAME_MAX_LENGTH = 40;

const name = { type: 'string', minLength: 1, maxLength: ROLE_NAME_MAX_LENGTH };
// Permission names of the contract (spec section 5), each at most once.
const permissions = { type: 'array', uniqueItems: true, items: { type: 'string', enum: [...PERMISSIONS] } };

// POST /roles: name and permissions required; no other keys.
export const createRoleSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'permissions'],
  properties: { name, permissions },
};

// PATCH /roles/{id}: either field; no other keys.
export const updateRoleSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { name, permissions },
};

export const validateCreateRole = bodyValidator<CreateRoleBody>(createRoleSchema);
export const validateUpdateRole = bodyValidator<UpdateRoleBody>(updateRoleSchema);
