import type { ClientSession } from 'mongoose';
import { AppError, isDuplicateKey } from '@crm/kit';
import type { DocumentsRuntime } from '../documents-runtime';
import { storageUsageModel } from './storage-usage.model';

// The workspace's usage row exists before a reservation's transaction, so that transaction only
// increments it: two first uploads of a workspace never race to insert it.
export async function ensureUsageRow(runtime: DocumentsRuntime, workspaceId: string): Promise<void> {
  try {
    await storageUsageModel(runtime.context.connection).updateOne(
      { _id: workspaceId, workspace_id: workspaceId },
      { $setOnInsert: { used_bytes: 0 } },
      { upsert: true },
    );
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

// Reserves `bytes` in the transaction of the upload that needs them, or refuses when they would
// take the workspace over its quota. One conditional increment of one row: concurrent
// reservations conflict on it and are retried, so the quota holds under races.
export async function reserveBytes(
  runtime: DocumentsRuntime,
  workspaceId: string,
  bytes: number,
  quota: number,
  session: ClientSession,
): Promise<void> {
  const reserved = await storageUsageModel(runtime.context.connection).updateOne(
    { _id: workspaceId, workspace_id: workspaceId, used_bytes: { $lte: quota - bytes } },
    { $inc: { used_bytes: bytes } },
    { session },
  );
  if (reserved.matchedCount === 0) {
    throw new AppError(
      'storage_quota_exceeded',
      `this file would take the workspace over its storage quota of ${quota} bytes; delete files or change plan`,
      409,
    );
  }
}

export async function releaseBytes(
  runtime: DocumentsRuntime,
  workspaceId: string,
  bytes: number,
  session: ClientSession,
): Promise<void> {
  if (bytes === 0) return;
  await storageUsageModel(runtime.context.connection).updateOne(
    { _id: workspaceId, workspace_id: workspaceId },
    { $inc: { used_bytes: -bytes } },
    { session },
  );
}

export async function usedBytes(runtime: DocumentsRuntime, workspaceId: string): Promise<number> {
  const row = await storageUsageModel(runtime.context.connection)
    .findOne({ _id: workspaceId, workspace_id: workspaceId }, { used_bytes: 1 })
    .lean<{ used_bytes: number }>()
    .exec();
  return row?.used_bytes ?? 0;
}
