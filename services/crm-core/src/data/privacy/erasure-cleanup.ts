import type { Connection, Model } from 'mongoose';
import { on, redactKeptEvents, routeEvents, type EventRoute } from '@crm/bus';
import { contactErased, contactErasureOf, EVENT_CONTRACTS, recordStateOf } from '@crm/protos';
import { requestStorageCompaction, type ServiceContext } from '@crm/service-host';
import { duplicateKeyModel } from '../../search/duplicates/duplicate-counts.model';
import { searchDocumentModel } from '../../search/search/search-document.model';

// What crm-core does once a contact's erasure committed (crm.contact.erased): wait until its own
// projections of the contact (the search projection, the duplicate keys) have let the person go,
// as each does on its own delivery, then rewrite the workspace's kept events naming the contact
// (outbox rows, dead letters) by their contracts' erasure rules and ask for the store's
// compaction, so the old values leave the disk within its interval (storage-compaction in
// @crm/service-host).

export const ERASURE_CLEANUP_CONSUMER = 'crm-core.erasure-cleanup';
// Projections apply an event within milliseconds; this bounds a wait behind a slow one before the
// delivery fails and is retried by the bus.
const SETTLE_TIMEOUT_MS = 10_000;
const SETTLE_POLL_MS = 50;
// Collections whose old values an erasure rewrote (the embedded store compacts all at once).
const COMPACTED = [
  'contacts',
  'activities',
  'tasks',
  'meetings',
  'search_documents',
  'duplicate_keys',
  'outbox',
  'dead_letters',
  'idempotency_keys',
];

interface Versioned {
  version: number;
  deleted?: boolean;
}

// A projection row of the contact is settled once it holds the erasure's version or later.
async function settled(
  model: Model<Versioned>,
  workspaceId: string,
  contactId: string,
  version: number,
): Promise<boolean> {
  const row = await model
    .findOne({ _id: contactId, workspace_id: workspaceId }, { version: 1 })
    .lean<Versioned>()
    .exec();
  return row === null || row.version >= version;
}

async function waitForProjections(
  connection: Connection,
  workspaceId: string,
  contactId: string,
  version: number,
): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  const checks = [
    () => settled(searchDocumentModel(connection) as unknown as Model<Versioned>, workspaceId, contactId, version),
    // The shared keys count the person no more (a key only they held is gone with its value).
    async () => !(await duplicateKeyModel(connection).exists({ workspace_id: workspaceId, members: contactId })),
  ];
  for (;;) {
    const done = await Promise.all(checks.map((check) => check()));
    if (done.every(Boolean)) return;
    if (Date.now() > deadline) throw new Error(`contact ${contactId}: projections have not applied its erasure yet`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

export function erasureCleanupHandler(context: ServiceContext): EventRoute {
  const { connection } = context;
  return on(contactErased, async (event) => {
    const record = recordStateOf(EVENT_CONTRACTS, event);
    const workspaceId = event.workspace_id;
    if (!record || !workspaceId) return;
    await waitForProjections(connection, workspaceId, record.id, record.version);
    await redactKeptEvents(connection, workspaceId, contactErasureOf(record.id));
    await requestStorageCompaction(context, COMPACTED);
  });
}

export async function subscribeErasureCleanup(context: ServiceContext): Promise<void> {
  const { patterns, handler } = routeEvents(erasureCleanupHandler(context));
  await context.bus.subscribe(ERASURE_CLEANUP_CONSUMER, patterns, handler);
}
