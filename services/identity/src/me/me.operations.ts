import {
  DateTime,
  declareOperation,
  Email,
  Named,
  Nullable,
  SingleLine,
  Strict,
  StringEnum,
  Type,
  Uuid,
  type Static,
} from '@crm/kit';
import { anyone } from '@crm/protos';
import { MeWorkspace } from '../workspaces/workspace.operations';
import { AVATAR_MAX_LENGTH } from './avatar';

// Me.user (spec section 2).
export const User = Named(
  'User',
  Strict({
    id: Uuid(),
    name: Type.String(),
    email: Type.String(),
    avatar: Nullable(Type.String()),
    email_notifications: Type.Boolean(),
    email_verified: Type.Boolean({
      description:
        'The person followed the verification link mailed to `email`. Needed to accept an invitation while signed in; everything else works without it.',
    }),
  }),
);
export type UserView = Static<typeof User>;

export const Me = Named(
  'Me',
  Strict({
    user: User,
    workspace: Nullable(MeWorkspace),
    permissions: Type.Array(Type.String()),
    actor_type: StringEnum(['user', 'agent', 'app']),
    support: Nullable(
      Strict({ staff_email: Type.String(), mode: StringEnum(['read', 'full']), expires_at: DateTime() }),
    ),
  }),
);

export const getMe = declareOperation({
  method: 'GET',
  path: '/me',
  access: anyone,
  summary: 'Who the request acts as',
  description:
    'The person (for a key: the member who created it), the current workspace (null before onboarding), the permissions, and staff support access if any.',
  status: 200,
  response: Me,
});

export const updateMe = declareOperation({
  method: 'PATCH',
  path: '/me',
  access: anyone,
  summary: 'Change your own profile',
  description:
    'For a signed-in person, not an API key. The avatar is a data:image URL (webp, png or jpeg, base64); null removes it.',
  body: Named(
    'MeUpdate',
    Strict({
      first_name: Type.Optional(SingleLine({ minLength: 1, maxLength: 60 })),
      last_name: Type.Optional(SingleLine({ maxLength: 60 })),
      avatar: Type.Optional(Nullable(Type.String({ maxLength: AVATAR_MAX_LENGTH }))),
      email_notifications: Type.Optional(Type.Boolean()),
    }),
  ),
  trim: ['first_name', 'last_name'],
  status: 204,
  response: null,
});
export type UpdateMeBody = Static<NonNullable<typeof updateMe.body>>;

export const EmailLogging = Named('EmailLogging', Strict({ enabled: Type.Boolean(), address: Nullable(Email()) }));
export type EmailLoggingView = Static<typeof EmailLogging>;

export const getEmailLogging = declareOperation({
  method: 'GET',
  path: '/me/email-logging',
  access: anyone,
  summary: 'Your personal address for logging emails',
  description: 'BCC or forward emails to the address to log them on the timeline.',
  status: 200,
  response: EmailLogging,
});
