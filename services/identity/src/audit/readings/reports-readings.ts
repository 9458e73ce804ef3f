import { reportPinned, reportUnpinned, savedReportCreated, savedReportDeleted, savedReportUpdated } from '@crm/protos';
import { reads } from './audit-reading';

// How the audit log reads reports' events (protos/events/reports-events.ts).

export const REPORTS_READINGS = [
  reads(savedReportCreated, { source: 'record', objectName: 'name', summary: 'Saved report "{name}"' }),
  reads(savedReportUpdated, { source: 'record', objectName: 'name', summary: 'Updated saved report "{name}"' }),
  reads(savedReportDeleted, { source: 'record', objectName: 'name', summary: 'Deleted saved report "{name}"' }),
  reads(reportPinned, {
    source: 'record',
    objectType: 'saved_report',
    objectId: (data) => (typeof data.saved_report_id === 'string' ? data.saved_report_id : null),
    objectName: 'report_name',
    summary: 'Pinned report "{report_name}" to Home',
  }),
  reads(reportUnpinned, {
    source: 'record',
    objectType: 'saved_report',
    objectId: (data) => (typeof data.saved_report_id === 'string' ? data.saved_report_id : null),
    objectName: 'report_name',
    summary: 'Unpinned report "{report_name}" from Home',
  }),
];
