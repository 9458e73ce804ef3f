import type { AnyBulkWriteOperation } from 'mongoose';
import { acrossWorkspaces } from '@crm/kit';
import type { DataUpgrade } from '@crm/service-host';
import { auditEntryModel, type AuditEntryRecord } from './audit-entry.model';
import { auditTime, MILLISECONDS_TIME } from './audit-time';

// Entries rewritten per step: one bulk write.
const BATCH = 500;

// Entries stored while events carried milliseconds get the three zeros that entries have now, so
// the list orders old and new alike and a page's `next_before` misses none of them. Running it
// again changes nothing: no entry is left with milliseconds.
export const auditTimeUpgrade: DataUpgrade = {
  name: 'audit-entries-at-in-microseconds',
  description: 'audit entry times carry microseconds',
  run: ({ connection }) =>
    acrossWorkspaces('the audit entries of every workspace, upgraded once at start', async () => {
      let changed = 0;
      let after = '';
      for (;;) {
        const entries = await auditEntryModel(connection)
          .find(
            { ...(after ? { _id: { $gt: after } } : {}), at: { $regex: MILLISECONDS_TIME } },
            { workspace_id: 1, at: 1 },
          )
          .sort({ _id: 1 })
          .limit(BATCH)
          .lean<Array<Pick<AuditEntryRecord, '_id' | 'workspace_id' | 'at'>>>()
          .exec();
        if (entries.length === 0) return changed;
        const updates: Array<AnyBulkWriteOperation<AuditEntryRecord>> = entries.map((entry) => ({
          updateOne: {
            filter: { _id: entry._id, workspace_id: entry.workspace_id },
            update: { $set: { at: auditTime(entry.at) } },
          },
        }));
        changed += (await auditEntryModel(connection).bulkWrite(updates, { ordered: false })).modifiedCount;
        after = entries[entries.length - 1]._id;
      }
    }),
};
