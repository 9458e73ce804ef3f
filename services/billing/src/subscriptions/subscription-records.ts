import type { ClientSession } from 'mongoose';
import { conflict, isDuplicateKey, isoNow } from '@crm/kit';
import { isPlanName, type PlanName } from '@crm/protos';
import { commit, type UnitOfWork } from '@crm/service-host';
import { identityWorkspace, type BillingRuntime } from '../billing-runtime';
import { subscriptionModel, type SubscriptionRecord } from './subscription.model';
import { ANNOUNCED_FIELDS } from './subscription-state';

export const COMPLIMENTARY_END_JOB = 'billing.complimentary_end';

// How a workspace starts, as identity has it (its workspace.created event, or GetWorkspace for a
// workspace billing has not heard of yet).
export interface WorkspaceStart {
  plan: string;
  complimentary_until: string | null;
}

export async function findSubscription(
  runtime: BillingRuntime,
  workspaceId: string,
  session?: ClientSession,
): Promise<SubscriptionRecord | null> {
  return subscriptionModel(runtime.context.connection)
    .findOne({ workspace_id: workspaceId })
    .session(session ?? null)
    .lean<SubscriptionRecord>()
    .exec();
}

// The workspace's record, made on first need with the plan identity gave it, and the durable job
// that ends the complimentary period on time. Idempotent: the first of several callers makes it.
export async function ensureSubscription(
  runtime: BillingRuntime,
  workspaceId: string,
  start: WorkspaceStart,
): Promise<SubscriptionRecord> {
  const existing = await findSubscription(runtime, workspaceId);
  if (existing) return existing;
  const now = isoNow();
  const plan: PlanName = isPlanName(start.plan) ? start.plan : 'free';
  const record: SubscriptionRecord = {
    _id: workspaceId,
    workspace_id: workspaceId,
    version: 1,
    provider: runtime.provider.name,
    plan,
    status: plan === 'standard' ? 'complimentary' : 'none',
    complimentary_until: start.complimentary_until,
    customer_id: null,
    provider_subscription_id: null,
    interval: null,
    seats: null,
    current_period_end: null,
    cancel_at_period_end: false,
    trial_end: null,
    created_at: now,
    updated_at: now,
  };
  try {
    await commit(runtime.context, async (unit) => {
      await subscriptionModel(runtime.context.connection).create([record], { session: unit.transaction });
      if (record.status === 'complimentary' && record.complimentary_until !== null) {
        await scheduleComplimentaryEnd(unit, workspaceId, record.complimentary_until);
      }
    });
    return record;
  } catch (error) {
    // Another caller made it first.
    if (!isDuplicateKey(error)) throw error;
    return (await findSubscription(runtime, workspaceId))!;
  }
}

export function scheduleComplimentaryEnd(
  unit: UnitOfWork,
  workspaceId: string,
  complimentaryUntil: string,
): Promise<string> {
  return unit.schedule({
    name: COMPLIMENTARY_END_JOB,
    key: workspaceId,
    runAt: new Date(complimentaryUntil),
    workspace_id: workspaceId,
  });
}

// For requests: the record, or one made from identity's answer now.
export async function subscriptionFor(runtime: BillingRuntime, workspaceId: string): Promise<SubscriptionRecord> {
  const existing = await findSubscription(runtime, workspaceId);
  if (existing) return existing;
  const workspace = await identityWorkspace(runtime.context, workspaceId);
  return ensureSubscription(runtime, workspaceId, {
    plan: workspace.plan,
    complimentary_until: workspace.complimentary_until ?? null,
  });
}

// The fields of `next` that differ from `record` among those events announce.
export function changedFields(record: SubscriptionRecord, next: SubscriptionRecord): string[] {
  return ANNOUNCED_FIELDS.filter((field) => record[field] !== next[field]);
}

// Writes `next` over `record` if nobody changed it since it was read (its version), bumping the
// version; another writer in between answers 409 conflict and the caller reads again.
export async function replaceSubscription(
  runtime: BillingRuntime,
  unit: UnitOfWork,
  record: SubscriptionRecord,
  next: Omit<SubscriptionRecord, 'version' | 'updated_at'>,
): Promise<SubscriptionRecord> {
  const written: SubscriptionRecord = { ...next, version: record.version + 1, updated_at: isoNow() };
  const { _id, workspace_id: workspaceId, ...fields } = written;
  const result = await subscriptionModel(runtime.context.connection).updateOne(
    { _id, workspace_id: workspaceId, version: record.version },
    { $set: fields },
    { session: unit.transaction },
  );
  if (result.matchedCount !== 1) throw conflict('the subscription changed at the same time, try again');
  return written;
}
