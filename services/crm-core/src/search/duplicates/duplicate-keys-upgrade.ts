import type { DataUpgrade } from '@crm/service-host';
import { acrossWorkspaces, writeInBatches } from '@crm/kit';
import { companyModel, type CompanyRecord } from '../../records/companies/company.model';
import { contactModel, type ContactRecord } from '../../records/contacts/contact.model';
import { DUPLICATE_KEY_MEMBERS_KEPT, duplicateKeyModel, RETIRED_DUPLICATE_COLLECTIONS } from './duplicate-counts.model';
import { duplicateKeysOf, keyId, splitKey } from './duplicate-counts';
import type { DuplicateObject } from './duplicate.operations';

const BATCH = 2000;

// Until this version, a count was kept for every key of every record (duplicate_counts) beside
// each record's keys (duplicate_entries). The shared keys are counted once from the records, and
// the old collections dropped; a store of records without counts (filled before duplicates were
// kept) is counted the same way.
export const sharedDuplicateKeysUpgrade: DataUpgrade = {
  name: 'crm-core.duplicate-shared-keys',
  description: 'duplicate keys counted from the records; only the shared ones kept',
  async run(context) {
    const { connection } = context;
    let built = 0;
    await acrossWorkspaces('counting the duplicate keys records share, once', async () => {
      const holders = new Map<string, { workspace_id: string; object: DuplicateObject; key: string; ids: string[] }>();
      for (const object of ['company', 'contact'] as const) {
        const cursor =
          object === 'company'
            ? companyModel(connection).find({ deleted_at: null }).lean<CompanyRecord[]>().cursor({ batchSize: BATCH })
            : contactModel(connection).find({ deleted_at: null }).lean<ContactRecord[]>().cursor({ batchSize: BATCH });
        for await (const stored of cursor) {
          const record = stored as unknown as { _id: string; workspace_id: string } & Record<string, unknown>;
          for (const key of duplicateKeysOf(object, record)) {
            const id = keyId(record.workspace_id, object, key);
            const holder = holders.get(id) ?? { workspace_id: record.workspace_id, object, key, ids: [] };
            holder.ids.push(record._id);
            holders.set(id, holder);
          }
        }
      }
      const rows = [...holders.entries()]
        .filter(([, holder]) => holder.ids.length >= 2)
        .map(([_id, holder]) => ({
          _id,
          workspace_id: holder.workspace_id,
          object: holder.object,
          ...splitKey(holder.key),
          count: holder.ids.length,
          members: holder.ids.slice(0, DUPLICATE_KEY_MEMBERS_KEPT),
        }));
      // Replaced, not inserted: a replica running this at the same time writes the same rows.
      const keys = duplicateKeyModel(connection).collection;
      await writeInBatches(
        rows.map((row) => ({
          replaceOne: { filter: { _id: row._id, workspace_id: row.workspace_id }, replacement: row, upsert: true },
        })),
        (batch) => keys.bulkWrite(batch as never),
        BATCH,
      );
      built = rows.length;
      const existing = new Set((await connection.listCollections()).map((found) => found.name));
      for (const retired of RETIRED_DUPLICATE_COLLECTIONS)
        if (existing.has(retired)) await connection.dropCollection(retired);
    });
    return built;
  },
};
