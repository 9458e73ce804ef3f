import {
  forbidden,
  implement,
  isDuplicateKey,
  newId,
  validationFailed,
  workspaceOf,
  type Implementation,
} from '@crm/kit';
import { commit, type ServiceContext } from '@crm/service-host';
import { erasedAmong, liveHits } from './recent-hits';
import { listRecent, RECENT_LIMIT, recordRecent, type RecordRecentBody, type RecentType } from './recent.operations';
import { recentVisitModel, type RecentVisitRecord } from './recent-visit.model';

let lastVisit = 0;

// Strictly increasing within a process, so two visits in the same millisecond keep their order.
function visitTime(): string {
  lastVisit = Math.max(Date.now(), lastVisit + 1);
  return new Date(lastVisit).toISOString();
}

// Recent visits are the member's own navigation, not a change to the workspace's data: no event,
// nothing in the audit log.
async function record(
  context: ServiceContext,
  workspaceId: string,
  userId: string,
  body: RecordRecentBody,
): Promise<void> {
  const hits = await liveHits(context.connection, workspaceId, { company: [], contact: [], [body.type]: [body.id] });
  if (!hits.has(`${body.type}:${body.id}`)) {
    if (body.type === 'contact' && (await erasedAmong(context.connection, workspaceId, [body.id])).size > 0)
      throw validationFailed('id is an erased contact: there is no one left to visit');
    throw validationFailed(`id is not a ${body.type} of this workspace`);
  }
  const visits = recentVisitModel(context.connection);
  const member = { workspace_id: workspaceId, user_id: userId };
  // Two first visits of the same record at once: the unique index refuses one insert, which
  // then finds the record and moves it.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await commit(context, async ({ transaction }) => {
        await visits.updateOne(
          { ...member, type: body.type, record_id: body.id },
          { $set: { visited_at: visitTime() }, $setOnInsert: { _id: newId() } },
          { upsert: true, session: transaction },
        );
        const older = await visits
          .find(member, { _id: 1 })
          .sort({ visited_at: -1, _id: -1 })
          .skip(RECENT_LIMIT)
          .session(transaction)
          .lean<Array<Pick<RecentVisitRecord, '_id'>>>()
          .exec();
        if (older.length > 0)
          await visits.deleteMany(
            { ...member, _id: { $in: older.map((visit) => visit._id) } },
            { session: transaction },
          );
      });
      return;
    } catch (error) {
      if (!isDuplicateKey(error) || attempt === 2) throw error;
    }
  }
}

// Newest first; a record since moved to the recycle bin or erased is left out when read, and so
// are contacts for a caller without contacts:read (an API key of a member who visited them).
async function list(context: ServiceContext, workspaceId: string, userId: string, readsContacts: boolean) {
  const visits = await recentVisitModel(context.connection)
    .find(
      { workspace_id: workspaceId, user_id: userId, ...(readsContacts ? {} : { type: { $ne: 'contact' } }) },
      { type: 1, record_id: 1 },
    )
    .sort({ visited_at: -1, _id: -1 })
    .limit(RECENT_LIMIT)
    .lean<Array<Pick<RecentVisitRecord, 'type' | 'record_id'>>>()
    .exec();
  const idsOf = (type: RecentType) => visits.filter((visit) => visit.type === type).map((visit) => visit.record_id);
  const hits = await liveHits(context.connection, workspaceId, {
    company: idsOf('company'),
    contact: idsOf('contact'),
  });
  return { data: visits.flatMap((visit) => hits.get(`${visit.type}:${visit.record_id}`) ?? []) };
}

export function recentOperations(context: ServiceContext): Implementation[] {
  return [
    implement(listRecent, async ({ req, auth }) =>
      list(context, workspaceOf(req), auth.user_id, auth.permissions.includes('contacts:read')),
    ),
    implement(recordRecent, async ({ req, auth, body }) => {
      if (body.type === 'contact' && !auth.permissions.includes('contacts:read'))
        throw forbidden('visiting a contact needs the contacts:read permission');
      return record(context, workspaceOf(req), auth.user_id, body);
    }),
  ];
}
