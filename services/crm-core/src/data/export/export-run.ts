import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { call, isoNow, type InternalClaims } from '@crm/kit';
import { exportCreated, type ExportCreatedData, identityV1 } from '@crm/protos';
import { commit, peerClient, type ServiceContext } from '@crm/service-host';
import { csvStream, EXPORT_FILES, type ExportFile } from './export-files';
import type { ExportResultView } from './export.operations';
import { storeExport } from './export-upload';

// The date in the workspace's time zone (YYYY-MM-DD), as its members would write it.
function localDate(now: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

// `<slug>-<date>.zip`, from identity's record of the workspace (the slug is not in the claims).
async function fileNameOf(context: ServiceContext, workspaceId: string, now: Date): Promise<string> {
  const client = peerClient(context, 'identity', identityV1.IdentityServiceClient);
  const workspace = await call(client.getWorkspace.bind(client), { workspace_id: workspaceId });
  return `${workspace.slug}-${localDate(now, workspace.settings?.timezone ?? 'UTC')}.zip`;
}

// The ZIP: one CSV per file, each made only when the ZIP reaches it and read as it is
// compressed, so memory holds a batch of records and a part of output, never a whole file.
function zipOf(
  context: ServiceContext,
  workspaceId: string,
  now: Date,
  counts: Partial<Record<ExportFile, number>>,
): Readable {
  const zip = new ZipFile();
  for (const file of EXPORT_FILES) {
    zip.addReadStreamLazy(`${file}.csv`, { mtime: now, compress: true }, (done) =>
      done(
        null,
        csvStream(context, workspaceId, file, (rows) => (counts[file] = rows)),
      ),
    );
  }
  zip.end();
  const output = zip.outputStream as Readable;
  // A failed read (the database, identity) fails the output, so the upload stops with it.
  zip.on('error', (error: Error) => output.destroy(error));
  return output;
}

// POST /export: build, store through documents, then record who exported what (the audit log).
export async function buildExport(
  context: ServiceContext,
  auth: InternalClaims,
  workspaceId: string,
): Promise<ExportResultView> {
  const now = new Date();
  const fileName = await fileNameOf(context, workspaceId, now);
  const counts: Partial<Record<ExportFile, number>> = {};
  const stored = await storeExport(context, workspaceId, fileName, zipOf(context, workspaceId, now, counts));
  const data: ExportCreatedData = {
    export_id: stored.export_id,
    file_name: stored.file_name,
    size: stored.size_bytes,
    companies: counts.companies ?? 0,
    contacts: counts.contacts ?? 0,
    deals: counts.deals ?? 0,
    activities: counts.activities ?? 0,
    tasks: counts.tasks ?? 0,
    meetings: counts.meetings ?? 0,
    users: counts.users ?? 0,
    expires_at: stored.expires_at,
    created_at: isoNow(),
    version: 1,
  };
  await commit(context, async (unit) => {
    unit.publish(exportCreated, { workspace_id: workspaceId, actor: auth.actor, data });
  });
  return { url: stored.url, size: stored.size_bytes, file_name: stored.file_name };
}
