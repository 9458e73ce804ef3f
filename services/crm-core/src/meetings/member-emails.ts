import type { EventHandler } from '@crm/bus';
import { acrossWorkspaces, isDuplicateKey } from '@crm/kit';
import { memberAdded, memberUpdated, userUpdated, type MemberAddedData, type UserUpdatedData } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { memberNameModel } from '../references/member-name.model';
import { memberEmailModel } from './member-email.model';

export const MEMBER_EMAILS_CONSUMER = 'crm-core.member-emails';

// Emails of members by user id, from crm-core's own copy.
export async function memberEmails(context: ServiceContext, workspaceId: string, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await memberEmailModel(context.connection)
    .find({ workspace_id: workspaceId, user_id: { $in: unique } }, { user_id: 1, email: 1 })
    .lean<Array<{ user_id: string; email: string }>>()
    .exec();
  return new Map(rows.map((row) => [row.user_id, row.email]));
}

export function memberEmailsHandler(context: ServiceContext): EventHandler {
  return async (event) => {
    const model = memberEmailModel(context.connection);
    if (event.type === userUpdated.type) {
      const data = event.data as UserUpdatedData;
      // Every membership crm-core knows of (from identity's answers and events) learns the
      // email, also one whose membership event never came.
      const memberships = await acrossWorkspaces("a person's memberships in every workspace", () =>
        memberNameModel(context.connection).find({ user_id: data.user_id }, { workspace_id: 1 }).lean<Array<{ _id: string; workspace_id: string }>>().exec(),
      );
      for (const membership of memberships) {
        try {
          await acrossWorkspaces("a person's new email on their membership", () =>
            model.updateOne(
              { workspace_id: membership.workspace_id, _id: membership._id, email_version: { $lt: data.version } },
              { $set: { email: data.email, email_version: data.version }, $setOnInsert: { user_id: data.user_id } },
              { upsert: true },
            ),
          );
        } catch (error) {
          // A newer email is stored already.
          if (!isDuplicateKey(error)) throw error;
        }
      }
      return;
    }
    if ((event.type === memberAdded.type || event.type === memberUpdated.type) && event.workspace_id) {
      const data = event.data as MemberAddedData;
      try {
        // Only where no versioned email is known: a membership event's email has no version.
        await model.updateOne(
          { workspace_id: event.workspace_id, _id: data.member_id, email_version: 0 },
          { $set: { email: data.email }, $setOnInsert: { user_id: data.user_id, email_version: 0 } },
          { upsert: true },
        );
      } catch (error) {
        // A versioned email is stored already.
        if (!isDuplicateKey(error)) throw error;
      }
    }
  };
}

export async function subscribeMemberEmails(context: ServiceContext): Promise<void> {
  await context.bus.subscribe(MEMBER_EMAILS_CONSUMER, [userUpdated.type, memberAdded.type, memberUpdated.type], memberEmailsHandler(context));
}
