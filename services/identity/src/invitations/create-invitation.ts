import { invitationCreated } from '@crm/protos';
import {
  AppError,
  type InternalClaims,
  isDuplicateKey,
  newId,
  normaliseEmail,
  notFound,
  validationFailed,
} from '@crm/kit';
import { commit } from '@crm/service-host';
import { mailText } from '@crm/mail';
import type { IdentityRuntime } from '../identity-runtime';
import { memberModel, type MemberRecord } from '../members/member.model';
import { ensureSeatFree } from '../members/seats';
import { OWNER_ROLE } from '../roles/built-in-roles';
import { roleModel, type RoleRecord } from '../roles/role.model';
import { userModel, type UserRecord } from '../users/user.model';
import { workspaceModel, type WorkspaceRecord } from '../workspaces/workspace.model';
import { alreadyMember, invitationPending } from './invitation-errors';
import { invitationState } from '../events/record-states';
import { INVITATION_TTL_DAYS, invitationLink, issueInvitationToken } from './invitation-links';
import { invitationModel, type InvitationRecord } from './invitation.model';
import type { CreateInvitationBody, InvitationView } from './invitation.operations';
import { invitationTokenModel } from './invitation-token.model';
import { invitationView } from './invitation-view';

const DAY_MS = 24 * 60 * 60 * 1000;

// Invites a person by email with a role of this workspace and mails them the acceptance link.
// The invitation, its token digest, its event and the mail succeed or fail together.
export async function createInvitation(
  runtime: IdentityRuntime,
  claims: InternalClaims,
  workspaceId: string,
  body: CreateInvitationBody,
): Promise<InvitationView> {
  const { connection } = runtime.context;
  const email = normaliseEmail(body.email);
  const role = await roleModel(connection)
    .findOne({ _id: body.role_id, workspace_id: workspaceId })
    .lean<RoleRecord>()
    .exec();
  if (!role) throw validationFailed('role_id must be a role of this workspace');
  // Owners hold the workspace itself: only an Owner can make another one.
  if (role.is_system && role.name === OWNER_ROLE && claims.role !== OWNER_ROLE) {
    throw new AppError('forbidden', 'only an Owner can invite someone as Owner');
  }
  const workspace = await workspaceModel(connection).findById(workspaceId).lean<WorkspaceRecord>().exec();
  if (!workspace) throw notFound('workspace');
  const inviter = await userModel(connection).findById(claims.user_id).lean<UserRecord>().exec();

  const issued = issueInvitationToken();
  const link = invitationLink(runtime.config.publicUrl, issued.token);
  try {
    const invitation = await commit(runtime.context, async ({ transaction, publish }) => {
      const now = new Date();
      const nowText = now.toISOString();
      const existingUser = await userModel(connection)
        .findOne({ email })
        .session(transaction)
        .lean<UserRecord>()
        .exec();
      if (existingUser) {
        const member = await memberModel(connection)
          .findOne({ workspace_id: workspaceId, user_id: existingUser._id })
          .session(transaction)
          .lean<MemberRecord>()
          .exec();
        if (member?.status === 'active') throw alreadyMember('this email already belongs to a member of the workspace');
        if (member) {
          throw alreadyMember(
            'this email belongs to a disabled member of the workspace; enable them with PATCH /members/{id}',
          );
        }
      }
      const invitations = invitationModel(connection);
      // A lapsed invitation no longer blocks a new one for the same email.
      await invitations.updateMany(
        { workspace_id: workspaceId, email, status: 'pending', expires_at: { $lte: nowText } },
        { $set: { status: 'expired', updated_at: nowText } },
        { session: transaction },
      );
      if (await invitations.exists({ workspace_id: workspaceId, email, status: 'pending' }).session(transaction)) {
        throw invitationPending();
      }
      // A pending invitation holds a seat: one that could never be accepted is not sent.
      await ensureSeatFree(connection, transaction, workspaceId, claims.plan, 'invitation');
      const record: InvitationRecord = {
        _id: newId(),
        workspace_id: workspaceId,
        email,
        role_id: role._id,
        status: 'pending',
        invited_by: claims.user_id,
        expires_at: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString(),
        accepted_at: null,
        accepted_by: null,
        member_id: null,
        revoked_at: null,
        created_at: nowText,
        updated_at: nowText,
      };
      await invitations.create([record], { session: transaction });
      await invitationTokenModel(connection).create(
        [{ _id: issued.digest, workspace_id: workspaceId, invitation_id: record._id }],
        {
          session: transaction,
        },
      );
      publish(invitationCreated, {
        workspace_id: workspaceId,
        actor: claims.actor,
        data: invitationState(record, role.name),
      });
      // Last, so a mail that cannot be sent leaves no invitation behind.
      await sendInvitationMail(runtime, {
        to: email,
        inviterName: inviter?.name ?? claims.actor.label ?? 'A workspace admin',
        workspaceName: workspace.name,
        roleName: role.name,
        link,
        expiresAt: record.expires_at,
      });
      return record;
    });
    return invitationView(invitation, role.name, new Date().toISOString());
  } catch (error) {
    // Two admins inviting the same email at once: the partial unique index decides.
    if (isDuplicateKey(error, 'email')) throw invitationPending();
    throw error;
  }
}

interface InvitationMail {
  to: string;
  inviterName: string;
  workspaceName: string;
  roleName: string;
  link: string;
  expiresAt: string;
}

async function sendInvitationMail(runtime: IdentityRuntime, mail: InvitationMail): Promise<void> {
  const text = [
    'Hello,',
    '',
    mailText`${mail.inviterName} invited you to join the workspace "${mail.workspaceName}" as ${mail.roleName}.`,
    '',
    'Your invitation:',
    mail.link,
    '',
    `The link can be used once, until ${mail.expiresAt} (UTC). New here? Sign up with this email`,
    'address and the invitation. Already have an account? Sign in with it and accept the invitation.',
    '',
    'If you did not expect this mail, you can ignore it.',
  ].join('\n');
  try {
    await runtime.mailer.send({ to: mail.to, subject: `You are invited to ${mail.workspaceName}`, text });
  } catch (error) {
    runtime.context.logger.warn({ err: error }, 'invitation mail could not be sent');
    throw new AppError('unavailable', 'the invitation mail could not be sent; try again shortly');
  }
}
