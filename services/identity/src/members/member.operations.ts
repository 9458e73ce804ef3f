import { declareOperation, ListOf, Named, Nullable, Strict, StringEnum, Type, Uuid, type Static } from '@crm/kit';
import { admin, anyone } from '@crm/protos';
import { MEMBER_STATUSES } from './member.model';

// Member (spec section 2): the membership with the person's name, email and avatar and the role's name.
export const Member = Named(
  'Member',
  Strict({
    id: Uuid({
      description:
        "The person's id: the one every field naming a person takes and answers (owner_id, assignee_id, organiser_id, user_ids, created_by, the owner filters) and GET /me shows as user.id.",
    }),
    name: Type.String(),
    email: Type.String(),
    avatar: Nullable(Type.String()),
    role: Type.String(),
    status: StringEnum(MEMBER_STATUSES),
  }),
);
export type MemberView = Static<typeof Member>;

export const listMembers = declareOperation({
  method: 'GET',
  path: '/members',
  access: anyone,
  summary: 'List the members of the workspace',
  description:
    "For owner and assignee pickers: every member, active and disabled, by name. A member's id is the person's id, taken by every field that names a person.",
  status: 200,
  response: Named('MemberList', ListOf(Member)),
});

export const updateMember = declareOperation({
  method: 'PATCH',
  path: '/members/{id}',
  access: admin('users:manage'),
  summary: "Change a member's role or status",
  description:
    'Disabling a member or changing their role takes effect on their very next request. The last active Owner cannot be demoted or disabled (409 `last_owner`). Re-enabling a member when the active members take every seat of the plan is 409 `seat_limit_reached` (docs/billing.md).',
  params: Type.Object({ id: Uuid({ description: "The member's id as GET /members shows it (the person's id)." }) }),
  body: Named(
    'MemberUpdate',
    Strict({ role_id: Type.Optional(Uuid()), status: Type.Optional(StringEnum(MEMBER_STATUSES)) }),
  ),
  status: 204,
  response: null,
  errors: [409],
});
export type UpdateMemberBody = Static<NonNullable<typeof updateMember.body>>;
