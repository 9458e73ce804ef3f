import type { ClientSession } from 'mongoose';
import { AppError, call } from '@crm/kit';
import { identityV1, planDefinition } from '@crm/protos';
import { peerClient, type ServiceContext } from '@crm/service-host';
import { companyModel } from './companies/company.model';
import { contactModel } from './contacts/contact.model';
import { dealModel } from '../sales/deals/deal.model';
import { recordLimitGuard } from './record-limit-guard.model';

// The record limit of the workspace's plan (protos/rest/plans.ts, docs/billing.md): companies,
// contacts and deals together, the recycle bin included. Every way crm-core creates one of them
// (POST /companies, /contacts, /deals, the import, web form leads) checks it here. A plan without
// a limit counts nothing; a limited one counts at most its limit of index keys.

const COUNTED = [companyModel, contactModel, dealModel] as const;

const thousands = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

// What a refusal says: the plan and its limit, and how to make room.
export function recordLimitMessage(plan: string | null | undefined): string {
  const { title, limits } = planDefinition(plan);
  return (
    `the ${title} plan allows ${thousands(limits.records ?? 0)} records (companies, contacts and deals together, the recycle bin included) ` +
    'and the workspace holds that many; a deleted deal frees its place at once, a company or contact when the recycle bin purges it ' +
    '(30 days after its deletion); or upgrade to Standard'
  );
}

const recordLimitReached = (plan: string | null | undefined) =>
  new AppError('record_limit_reached', recordLimitMessage(plan), 409);

// How many more records the workspace may create under its plan now: null when the plan has no
// limit (nothing is counted then). Each kind is counted only up to what is still left.
export async function recordRoom(
  context: ServiceContext,
  workspaceId: string,
  plan: string | null | undefined,
  session?: ClientSession,
): Promise<number | null> {
  const limit = planDefinition(plan).limits.records;
  if (limit === null) return null;
  let used = 0;
  for (const model of COUNTED) {
    if (used >= limit) break;
    used += await model(context.connection)
      .countDocuments({ workspace_id: workspaceId }, { limit: limit - used })
      .session(session ?? null)
      .exec();
  }
  return Math.max(0, limit - used);
}

// Inside the transaction that creates `adding` records, before it inserts them: refuses with 409
// `record_limit_reached` when they do not fit. The guard row is written first, so creates running
// at the same moment in the workspace conflict and the one retried counts the other's records.
export async function claimRecordRoom(
  context: ServiceContext,
  transaction: ClientSession,
  workspaceId: string,
  plan: string | null | undefined,
  adding: number,
): Promise<void> {
  if (adding <= 0 || planDefinition(plan).limits.records === null) return;
  await recordLimitGuard.take(context.connection, transaction, workspaceId);
  const room = await recordRoom(context, workspaceId, plan, transaction);
  if (room !== null && adding > room) throw recordLimitReached(plan);
}

// The plan of a workspace for work without a REST caller (a web form's lead, a calendar sync
// job): asked of identity, which owns it, at the time (what the next internal token carries).
export async function workspacePlan(context: ServiceContext, workspaceId: string): Promise<string> {
  const client = peerClient(context, 'identity', identityV1.IdentityServiceClient);
  const answer = await call(client.getWorkspace.bind(client), { workspace_id: workspaceId });
  return answer.plan;
}
