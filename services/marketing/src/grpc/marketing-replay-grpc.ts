import type { Connection } from 'mongoose';
import { unary, validationFailed, type GrpcRegistration } from '@crm/kit';
import { replayV1 } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { campaignModel, type CampaignRecord } from '../campaigns/campaign.model';
import { campaignState } from '../campaigns/campaign-view';
import { spendModel, type SpendRecord } from '../spend/spend.model';
import { spendState } from '../spend/spend-writes';
import { touchpointModel, type TouchpointRecord } from '../touchpoints/touchpoint.model';
import { touchpointState } from '../touchpoints/touchpoint-view';

export const REPLAY_PAGE_MAX = 1000;
const KINDS = ['campaign', 'spend', 'touchpoint'] as const;

// One page of a workspace's campaigns, spend lines or touchpoints, ids ascending, each as its
// latest event carries it (spend and touchpoints with their campaign's name and currency).
export async function replayRecords(
  connection: Connection,
  request: replayV1.ReplayRecordsRequest,
): Promise<replayV1.ReplayRecordsResponse> {
  if (!request.workspace_id) throw validationFailed('workspace_id is required');
  if (!(KINDS as readonly string[]).includes(request.kind))
    throw validationFailed(`kind must be one of ${KINDS.join(', ')}`);
  const limit = Math.min(Math.max(request.limit || REPLAY_PAGE_MAX, 1), REPLAY_PAGE_MAX);
  const filter: Record<string, unknown> = { workspace_id: request.workspace_id };
  if (request.after_id) filter._id = { $gt: request.after_id };
  const page = <T>(query: {
    sort(order: Record<string, 1>): { limit(count: number): { lean<R>(): { exec(): Promise<R> } } };
  }) => query.sort({ _id: 1 }).limit(limit).lean<T[]>().exec();
  let states: Array<{ id: string; state: { version: number } }>;
  if (request.kind === 'campaign') {
    const rows = await page<CampaignRecord>(campaignModel(connection).find(filter));
    states = rows.map((row) => ({ id: row._id, state: campaignState(row) }));
  } else {
    const rows =
      request.kind === 'spend'
        ? await page<SpendRecord>(spendModel(connection).find(filter))
        : await page<TouchpointRecord>(touchpointModel(connection).find(filter));
    const campaignIds = [...new Set(rows.map((row) => row.campaign_id))];
    const campaigns = new Map(
      (
        await campaignModel(connection)
          .find({ workspace_id: request.workspace_id, _id: { $in: campaignIds } })
          .lean<CampaignRecord[]>()
          .exec()
      ).map((campaign) => [campaign._id, campaign]),
    );
    states = rows.map((row) => {
      const campaign = campaigns.get(row.campaign_id);
      const state =
        request.kind === 'spend'
          ? spendState(row as SpendRecord, { name: campaign?.name ?? '', currency: campaign?.currency ?? '' })
          : touchpointState(row as TouchpointRecord, campaign?.name ?? '');
      return { id: row._id, state };
    });
  }
  return {
    records: states.map(({ id, state }) => ({ id, version: state.version, state_json: JSON.stringify(state) })),
    next_after_id: states.length === limit ? states[states.length - 1].id : '',
  };
}

export function marketingReplayGrpc(context: ServiceContext): GrpcRegistration {
  const implementation: replayV1.RecordReplayServiceServer = {
    replayRecords: unary<replayV1.ReplayRecordsRequest, replayV1.ReplayRecordsResponse>(context.logger, (request) =>
      replayRecords(context.connection, request),
    ),
  };
  return { definition: replayV1.RecordReplayServiceService, implementation };
}
