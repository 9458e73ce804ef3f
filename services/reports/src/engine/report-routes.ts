import { implement, validationFailed, workspaceOf, type Implementation } from '@crm/kit';
import type { ReportsRuntime } from '../reports-runtime';
import { workspaceData } from '../read-model/workspace-data';
import { catalogueOf, REPORT_OBJECTS } from './field-catalogue';
import { checkReportContacts, readsContacts, shownWithoutContacts } from './report-contacts';
import { checkReportPlan } from './report-plan';
import { compileReport, withDefaults } from './report-definition';
import { reportRecords } from './report-records';
import { runReport } from './report-run';
import { reportFields, reportRecordsOperation, runReportOperation } from './report.operations';

export function reportEngineOperations({ workspaceCache }: ReportsRuntime): Implementation[] {
  return [
    implement(reportFields, async ({ req }) => {
      const data = await workspaceData(workspaceCache, workspaceOf(req));
      return {
        data: REPORT_OBJECTS.map((object) => {
          const { label, group_by, date_fields, measures } = catalogueOf(data, object);
          return { object, label, group_by, date_fields, measures };
        }),
      };
    }),
    implement(runReportOperation, async ({ req, auth, body }) => {
      checkReportPlan(body.object, auth.plan);
      const data = await workspaceData(workspaceCache, workspaceOf(req));
      const report = compileReport(data, withDefaults(body));
      checkReportContacts(report, auth);
      return runReport(data, report);
    }),
    implement(reportRecordsOperation, async ({ req, auth, body }) => {
      checkReportPlan(body.definition.object, auth.plan);
      const data = await workspaceData(workspaceCache, workspaceOf(req));
      const report = compileReport(data, withDefaults(body.definition), 'definition.');
      checkReportContacts(report, auth);
      if (body.keys.length !== report.groupings.length)
        throw validationFailed(`keys must have ${report.groupings.length} item(s), one per definition.group_by field`);
      return reportRecords(data, report, body.keys, readsContacts(auth) ? null : shownWithoutContacts);
    }),
  ];
}
