import { declareOperation, Named, Strict, Type, type Static } from '@crm/kit';
import { admin } from '@crm/protos';

export const ExportResult = Named(
  'ExportResult',
  Strict({
    url: Type.String({
      description:
        'Download link of the ZIP; no bearer token needed; valid 10 minutes, after which the file is removed.',
    }),
    size: Type.Integer({ minimum: 0, description: "Exact size of the ZIP in bytes (the download's Content-Length)." }),
    file_name: Type.String({
      description: "The workspace slug and the date in the workspace's time zone, e.g. acme-2026-11-24.zip.",
    }),
  }),
);
export type ExportResultView = Static<typeof ExportResult>;

export const exportWorkspace = declareOperation({
  method: 'POST',
  path: '/export',
  access: admin('settings:manage'),
  // The whole workspace as a ZIP.
  cost: 100,
  // Builds a ZIP of the whole workspace before answering: seconds for 100,000 companies, longer
  // on a busy machine.
  timeoutMs: 120_000,
  summary: 'Export the workspace as a ZIP of CSV files',
  description:
    'Builds a ZIP of CSV files (companies, contacts, deals, activities, tasks, meetings, users; columns in docs/export.md), streamed into storage whatever the size of the workspace, and answers a link valid 10 minutes. ' +
    'RFC 4180 CSV in UTF-8 with a byte order mark; cells that a spreadsheet would run as a formula (starting with =, +, -, @) are prefixed with an apostrophe; times ISO 8601 UTC, money as decimal text. ' +
    'Companies and contacts in the recycle bin are left out. Admin only. Every export is recorded in the audit log (crm.export.created). No body (or {}).',
  status: 200,
  response: ExportResult,
});
