import type { Readable } from 'node:stream';
import { call } from '@crm/kit';
import { documentsV1 } from '@crm/protos';
import { peerClient, type ServiceContext } from '@crm/service-host';

// Bytes per part sent to documents: large enough for few calls (a 100,000-company export is a
// handful), small enough that one part is all either side holds at a time.
export const EXPORT_PART_BYTES = 1024 * 1024;
// Storing one part or joining them can take longer than a point lookup.
const PART_DEADLINE_MS = 30_000;
const FINISH_DEADLINE_MS = 120_000;

export type StoredExport = documentsV1.FinishExportResponse & { export_id: string };

// Streams a ZIP to documents as it is produced: a part is sent once 1 MiB has gathered, and the
// part after next is not started before documents has stored it (back-pressure all the way to
// the database reads). Answers the link, exact size and file name documents gives.
export async function storeExport(
  context: ServiceContext,
  workspaceId: string,
  fileName: string,
  zip: Readable,
): Promise<StoredExport> {
  const client = peerClient(context, 'documents', documentsV1.ExportsServiceClient);
  const { export_id: exportId } = await call(client.beginExport.bind(client), {
    workspace_id: workspaceId,
    file_name: fileName,
  });
  let index = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  // One part may be on its way while the next is built: the database reads and compression
  // overlap with documents storing, and at most two parts are held.
  let inFlight: Promise<unknown> = Promise.resolve();
  const send = async () => {
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await inFlight;
    inFlight = call(
      client.appendExportPart.bind(client),
      { workspace_id: workspaceId, export_id: exportId, index, data },
      PART_DEADLINE_MS,
    );
    // A failure is seen when the next part (or the finish) waits for it; never unhandled meanwhile.
    inFlight.catch(() => undefined);
    index += 1;
  };
  for await (const chunk of zip) {
    const bytes = chunk as Buffer;
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes >= EXPORT_PART_BYTES) await send();
  }
  if (pendingBytes > 0) await send();
  await inFlight;
  const finished = await call(
    client.finishExport.bind(client),
    { workspace_id: workspaceId, export_id: exportId },
    FINISH_DEADLINE_MS,
  );
  return { ...finished, export_id: exportId };
}
