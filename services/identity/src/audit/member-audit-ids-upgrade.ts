import type { AnyBulkWriteOperation } from 'mongoose';
import { acrossWorkspaces } from '@crm/kit';
import type { DataUpgrade } from '@crm/service-host';
import { memberModel, type MemberRecord } from '../members/member.model';
import { auditEntryModel, type AuditEntryRecord } from './audit-entry.model';

// Memberships read per step: one bulk write of the audit entries about them.
const BATCH = 500;

// Entries about members were once named by the membership record's id; the audit log now names
// a member by the person's id, as GET /members shows it, so each older entry is given its
// member's person id. Running it again changes nothing: a rewritten entry holds a person's id,
// which is no membership's record id.
export const memberAuditIdsUpgrade: DataUpgrade = {
  name: 'audit-entries-name-members-by-person-id',
  description: "audit entries about members carry the person's id",
  run: ({ connection }) =>
    acrossWorkspaces('audit entries about the members of every workspace, upgraded once at start', async () => {
      let changed = 0;
      let after = '';
      for (;;) {
        const members = await memberModel(connection)
          .find(after ? { _id: { $gt: after } } : {}, { workspace_id: 1, user_id: 1 })
          .sort({ _id: 1 })
          .limit(BATCH)
          .lean<Array<Pick<MemberRecord, '_id' | 'workspace_id' | 'user_id'>>>()
          .exec();
        if (members.length === 0) return changed;
        const updates: Array<AnyBulkWriteOperation<AuditEntryRecord>> = members.map((member) => ({
          updateMany: {
            filter: { workspace_id: member.workspace_id, object_type: 'member', object_id: member._id },
            update: { $set: { object_id: member.user_id } },
          },
        }));
        changed += (await auditEntryModel(connection).bulkWrite(updates, { ordered: false })).modifiedCount;
        after = members[members.length - 1]._id;
      }
    }),
};
