import { Type } from '@sinclair/typebox';
import { defineEvent, type PayloadOf } from './event-contract';

// The reports service's facts: saved reports and pins to a member's Home page. Each payload is
// the record's full public state and its version. The definition travels as stored (defaults
// filled in), so a consumer can show or replay the report without asking.

const nullableString = () => Type.Union([Type.String(), Type.Null()]);

const definition = Type.Object(
  {
    object: Type.String(),
    group_by: Type.Array(Type.String()),
    measure: Type.String(),
    filters: Type.Array(
      Type.Object({ field: Type.String(), values: Type.Array(Type.Union([Type.String(), Type.Null()])) }),
    ),
    date: Type.Optional(
      Type.Object({ field: Type.String(), from: Type.Optional(Type.String()), to: Type.Optional(Type.String()) }),
    ),
    chart: Type.String(),
  },
  { description: 'The ReportDefinition with its defaults filled in.' },
);

const savedReportState = {
  saved_report_id: Type.String(),
  name: Type.String(),
  definition,
  shared: Type.Boolean(),
  owner_id: Type.String(),
  owner_name: nullableString(),
  created_at: Type.String(),
  updated_at: Type.String(),
};

const savedReport = { entity: 'saved_report', idField: 'saved_report_id' };

export const savedReportCreated = defineEvent({
  type: 'reports.saved_report.created',
  description: 'A report definition was saved (POST /reports/saved).',
  record: savedReport,
  payload: savedReportState,
});

export const savedReportUpdated = defineEvent({
  type: 'reports.saved_report.updated',
  description: 'A saved report was renamed, given another definition, shared or unshared.',
  record: savedReport,
  payload: { ...savedReportState, fields: Type.Array(Type.String(), { description: 'The fields this change set.' }) },
});

export const savedReportDeleted = defineEvent({
  type: 'reports.saved_report.deleted',
  description: 'A saved report was deleted (its pins with it); the payload is its last state with the next version.',
  record: { ...savedReport, deletes: true },
  payload: savedReportState,
});

const reportPinState = {
  report_pin_id: Type.String(),
  saved_report_id: Type.String(),
  // The member whose Home page shows the report.
  user_id: Type.String(),
  report_name: Type.String(),
  created_at: Type.String(),
};

const reportPin = { entity: 'report_pin', idField: 'report_pin_id' };

export const reportPinned = defineEvent({
  type: 'reports.report_pin.pinned',
  description:
    'A member pinned a saved report to their Home page (PUT /reports/saved/{id}/pin; pinning again changes nothing and publishes nothing).',
  record: reportPin,
  payload: reportPinState,
});

export const reportUnpinned = defineEvent({
  type: 'reports.report_pin.unpinned',
  description:
    'A member took a saved report off their Home page, or the report was deleted; the payload is the last state with the next version.',
  record: { ...reportPin, deletes: true },
  payload: reportPinState,
});

export const REPORTS_EVENT_CONTRACTS = [
  savedReportCreated,
  savedReportUpdated,
  savedReportDeleted,
  reportPinned,
  reportUnpinned,
] as const;

export type SavedReportCreatedData = PayloadOf<typeof savedReportCreated>;
export type SavedReportUpdatedData = PayloadOf<typeof savedReportUpdated>;
export type ReportPinData = PayloadOf<typeof reportPinned>;

export const REPORTS_EVENTS_TYPES = {
  savedReportCreated: savedReportCreated.type,
  savedReportUpdated: savedReportUpdated.type,
  savedReportDeleted: savedReportDeleted.type,
  reportPinned: reportPinned.type,
  reportUnpinned: reportUnpinned.type,
} as const;
