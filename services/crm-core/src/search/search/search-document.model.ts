import { Schema, type Connection, type Model } from 'mongoose';
import { PROJECTION_FIELDS } from '@crm/bus';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';
import type { SearchDocument, SearchType } from './search-text';

// The search projection: one document per company or contact, the newest version its events
// carried (libs/bus projections). The index (embedded or Meilisearch) mirrors the live ones; a
// record in the recycle bin stays here with live=false, a purged or erased one as a tombstone.
const searchDocumentFields = {
  ...PROJECTION_FIELDS,
  // Absent on a tombstone, which no state wrote.
  type: field.string<SearchType>(),
  live: field.boolean({ default: false }),
  name: field.string({ default: null }),
  email: field.string({ default: null }),
  domain: field.string({ default: null }),
  account_number: field.string({ default: null }),
  postcode: field.string({ default: null }),
  phone: field.string({ default: null }),
};

export type SearchDocumentRecord = ScopedRecordOf<typeof searchDocumentFields>;

export const SEARCH_DOCUMENT_MODEL = 'SearchDocument';

const searchDocumentSchema = new Schema<SearchDocumentRecord>(schemaOf(searchDocumentFields), {
  collection: 'search_documents',
  versionKey: false,
  minimize: false,
});
searchDocumentSchema.plugin(tenantScoped);
// Loading the index at start and rebuilding one workspace read the live documents.
searchDocumentSchema.index({ workspace_id: 1, deleted: 1, live: 1 });
searchDocumentSchema.index({ deleted: 1, live: 1 });

export function registerSearchDocumentModel(connection: Connection): void {
  connection.model(SEARCH_DOCUMENT_MODEL, searchDocumentSchema);
}

export function searchDocumentModel(connection: Connection): Model<SearchDocumentRecord> {
  return connection.model<SearchDocumentRecord>(SEARCH_DOCUMENT_MODEL);
}

export function indexDocumentOf(
  record: Pick<
    SearchDocumentRecord,
    '_id' | 'workspace_id' | 'type' | 'name' | 'email' | 'domain' | 'account_number' | 'postcode' | 'phone'
  >,
): SearchDocument {
  return {
    id: record._id,
    workspace_id: record.workspace_id,
    // Only live documents are indexed, and each has its type.
    type: record.type!,
    name: record.name ?? null,
    email: record.email ?? null,
    domain: record.domain ?? null,
    account_number: record.account_number ?? null,
    postcode: record.postcode ?? null,
    phone: record.phone ?? null,
  };
}
