import { on, routeEvents, type RoutedHandler } from '@crm/bus';
import { acrossWorkspaces, isDuplicateKey } from '@crm/kit';
import { memberAdded, memberUpdated, userUpdated } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { memberNameModel } from '../../records/references/member-name.model';
import { memberEmailModel } from './member-email.model';

export const MEMBER_EMAILS_CONSUMER = 'crm-core.member-emails';

// Emails of members by user id, from crm-core's own copy.
export async function memberEmails(
  context: ServiceContext,
  workspaceId: string,
  ids: string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await memberEmailModel(context.connection)
    .find({ workspace_id: workspaceId, user_id: { $in: unique } }, { user_id: 1, email: 1 })
    .lean<Array<{ user_id: string; email: string }>>()
    .exec();
  return new Map(rows.map((row) => [row.user_id, row.email]));
}

export function memberEmailCopies(context: ServiceContext): RoutedHandler {
  const model = memberEmailModel(context.connection);
  return routeEvents(
    on(userUpdated, async (event) => {
      const data = event.data;
      // Every membership crm-core knows of (from identity's answers and events) learns the
      // email, also one whose membership event never came.
      const memberships = await acrossWorkspaces("a person's memberships in every workspace", () =>
        memberNameModel(context.connection)
          .find({ user_id: data.user_id }, { workspace_id: 1 })
          .lean<Array<{ _id: string; workspace_id: string }>>()
          .exec(),
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
    }),
    on([memberAdded, memberUpdated], async (event) => {
      if (!event.workspace_id) return;
      const data = event.data;
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
    }),
  );
}

export async function subscribeMemberEmails(context: ServiceContext): Promise<void> {
  const { patterns, handler } = memberEmailCopies(context);
  await context.bus.subscribe(MEMBER_EMAILS_CONSUMER, patterns, handler);
}
