import { Schema, type Connection, type Model } from 'mongoose';
import { PROJECTION_FIELDS, type ProjectedFields } from '@crm/bus';
import { tenantScoped } from '@crm/kit';
import type { SearchDocument, SearchType } from './search-text';

// The search projection: one document per company or contact, the newest version its events
// carried (libs/bus projections). The index (embedded or Meilisearch) mirrors the live ones; a
// record in the recycle bin stays here with live=false, a purged or erased one as a tombstone.
export interface SearchDocumentRecord extends ProjectedFields {
  workspace_id: string;
  type: SearchType;
  live: boolean;
  name: string | null;
  email: string | null;
  domain: string | null;
  account_number: string | null;
  postcode: string | null;
  phone: string | null;
}

export const SEARCH_DOCUMENT_MODEL = 'SearchDocument';

const searchDocumentSchema = new Schema<SearchDocumentRecord>(
  {
    ...PROJECTION_FIELDS,
    type: { type: String },
    live: { type: Boolean, default: false },
    name: { type: String, default: null },
    email: { type: String, default: null },
    domain: { type: String, default: null },
    account_number: { type: String, default: null },
    postcode: { type: String, default: null },
    phone: { type: String, default: null },
  },
  { collection: 'search_documents', versionKey: false, minimize: false },
);
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
    type: record.type,
    name: record.name ?? null,
    email: record.email ?? null,
    domain: record.domain ?? null,
    account_number: record.account_number ?? null,
    postcode: record.postcode ?? null,
    phone: record.phone ?? null,
  };
}
