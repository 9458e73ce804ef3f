import type { ClientSession, Connection } from 'mongoose';
import { AppError, isoNow } from '@crm/kit';
import { planDefinition } from '@crm/protos';
import { invitationModel } from '../invitations/invitation.model';
import { memberModel } from './member.model';
import { seatGuard } from './seat-guard.model';

// The seat limit of the workspace's plan (protos/rest/plans.ts, docs/billing.md): seats are
// active members; API keys and disabled members take none. Pending invitations hold a seat
// against new invitations only, so an admin cannot send an invitation that could never be
// accepted, while joining and re-enabling need a seat among the active members.

export type SeatClaim = 'invitation' | 'member';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

// Inside the transaction of the change that would take one more seat: refuses it with 409
// `seat_limit_reached` when the plan's seats are taken. A plan without a seat limit counts
// nothing. A workspace over its limit (moved to a smaller plan) keeps its members: only a new
// seat is refused.
export async function ensureSeatFree(
  connection: Connection,
  transaction: ClientSession,
  workspaceId: string,
  plan: string | null | undefined,
  claim: SeatClaim,
): Promise<void> {
  const { title, limits } = planDefinition(plan);
  if (limits.seats === null) return;
  await seatGuard.take(connection, transaction, workspaceId);
  const active = await memberModel(connection)
    .countDocuments({ workspace_id: workspaceId, status: 'active' }, { limit: limits.seats + 1 })
    .session(transaction)
    .exec();
  const pending =
    claim === 'invitation' && active < limits.seats
      ? await invitationModel(connection)
          .countDocuments(
            { workspace_id: workspaceId, status: 'pending', expires_at: { $gt: isoNow() } },
            { limit: limits.seats },
          )
          .session(transaction)
          .exec()
      : 0;
  if (active + pending < limits.seats) return;
  const taken =
    pending > 0
      ? `${plural(active, 'active member')} and ${plural(pending, 'pending invitation')}`
      : plural(active, 'active member');
  const way = claim === 'invitation' && pending > 0 ? 'revoke an invitation, disable a member' : 'disable a member';
  throw new AppError(
    'seat_limit_reached',
    `the ${title} plan allows ${plural(limits.seats, 'seat')}, and ${taken} take them all; ${way} or upgrade to Standard`,
    409,
  );
}
