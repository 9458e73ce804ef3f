import {
  declareOperation,
  ListOf,
  Named,
  Nullable,
  SingleLine,
  Strict,
  StringEnum,
  Type,
  Uuid,
  type Static,
} from '@crm/kit';
import { admin, anyone } from '@crm/protos';
import { normaliseWorkspaceBody } from './workspace-body';
import { DATE_FORMATS } from './workspace.model';

const WorkspaceName = (options: { description?: string } = {}) =>
  SingleLine({ minLength: 2, maxLength: 100, ...options });

export const WorkspaceSettings = Named(
  'WorkspaceSettings',
  Strict({
    currency: Type.String({ maxLength: 3, pattern: '^[A-Z]{3}$', description: 'ISO 4217 code; default GBP.' }),
    date_format: StringEnum(DATE_FORMATS),
    timezone: SingleLine({ minLength: 1, maxLength: 60, description: 'An IANA time zone; default Europe/London.' }),
    page_size: Type.Integer({ minimum: 10, maximum: 100 }),
  }),
);

export const Workspace = Named(
  'Workspace',
  Strict({ id: Uuid(), slug: Type.String(), name: Type.String(), plan: Type.String(), settings: WorkspaceSettings }),
);
export type WorkspaceView = Static<typeof Workspace>;

// Me.workspace (spec section 2).
export const MeWorkspace = Named(
  'MeWorkspace',
  Strict({
    id: Uuid(),
    slug: Type.String(),
    name: Type.String(),
    plan: Type.String(),
    complimentary_until: Nullable(Type.String({ format: 'date-time' })),
    billing_set_up: Type.Boolean(),
  }),
);
export type MeWorkspaceView = Static<typeof MeWorkspace>;

export const CreatedWorkspace = Named(
  'OnboardingResult',
  Strict({ workspace_id: Uuid(), slug: Type.String(), organization_id: Uuid() }),
);
export type CreatedWorkspaceView = Static<typeof CreatedWorkspace>;

export const listOwnWorkspaces = declareOperation({
  method: 'GET',
  path: '/onboarding/workspaces',
  access: anyone,
  summary: 'List the workspaces the signed-in person belongs to',
  description: 'For a signed-in person, not an API key.',
  status: 200,
  response: Named('OnboardingWorkspaceList', ListOf(Strict({ name: Type.String(), organization_id: Uuid() }))),
});

export const onboard = declareOperation({
  method: 'POST',
  path: '/onboarding',
  access: anyone,
  summary: 'Create a workspace and switch the session to it',
  description: 'For a signed-in person, not an API key. The person becomes its Owner.',
  body: Named('OnboardingCreate', Strict({ workspace_name: WorkspaceName() })),
  trim: ['workspace_name'],
  status: 201,
  response: CreatedWorkspace,
});

export const getWorkspace = declareOperation({
  method: 'GET',
  path: '/workspace',
  access: admin('settings:manage'),
  summary: 'The workspace and its settings',
  status: 200,
  response: Workspace,
});

export const updateWorkspace = declareOperation({
  method: 'PATCH',
  path: '/workspace',
  access: admin('settings:manage'),
  summary: 'Rename the workspace or change its settings',
  description: 'Absent fields are unchanged. The currency is upper-cased; the time zone must be an IANA zone.',
  body: Named(
    'WorkspaceUpdate',
    Strict({
      name: Type.Optional(WorkspaceName()),
      settings: Type.Optional(Type.Partial(Type.Object(WorkspaceSettings.properties), { additionalProperties: false })),
    }),
  ),
  prepare: normaliseWorkspaceBody,
  status: 200,
  response: Workspace,
});
export type UpdateWorkspaceBody = Static<NonNullable<typeof updateWorkspace.body>>;
