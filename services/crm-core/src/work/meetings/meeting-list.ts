import { validationFailed } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import type { FilterQuery } from 'mongoose';
import { meetingModel, type MeetingRecord } from './meeting.model';
import { MEETING_DEFAULT_WINDOW_DAYS, type ListMeetingsQuery, type MeetingView } from './meeting.operations';
import { meetingViews } from './meeting-view';

const DAY_MS = 24 * 60 * 60 * 1000;

// The window of the list: meetings starting at or after `from` and before `to`. Without `from`
// it starts now; without `to` it ends 30 days after `from`.
export function meetingWindow(
  query: Pick<ListMeetingsQuery, 'from' | 'to'>,
  now = new Date(),
): { from: string; to: string } {
  const from = query.from ? new Date(query.from) : now;
  const to = query.to ? new Date(query.to) : new Date(from.getTime() + MEETING_DEFAULT_WINDOW_DAYS * DAY_MS);
  if (to.getTime() <= from.getTime())
    throw validationFailed(query.to ? 'to must be after from' : 'from must be before to');
  return { from: from.toISOString(), to: to.toISOString() };
}

export async function listMeetingPage(
  context: ServiceContext,
  workspaceId: string,
  userId: string,
  query: ListMeetingsQuery,
): Promise<{ data: MeetingView[] }> {
  const window = meetingWindow(query);
  const filter: FilterQuery<MeetingRecord> = {
    workspace_id: workspaceId,
    starts_at: { $gte: window.from, $lt: window.to },
  };
  if (query.company_id) filter.company_id = query.company_id.toLowerCase();
  if (query.mine) filter.$or = [{ organiser_id: userId }, { user_ids: userId }];
  const records = await meetingModel(context.connection)
    .find(filter)
    .sort({ starts_at: 1, _id: 1 })
    .limit(query.limit)
    .lean<MeetingRecord[]>()
    .exec();
  return { data: await meetingViews(context, workspaceId, records) };
}
