import { defineService } from '@crm/service-host';
import { crmCoreRuntime } from './crm-core-runtime';
import { registerCatalogueModels } from './catalogue/catalogue.model';
import { catalogueOperations } from './catalogue/catalogue-routes';
import { registerCompanyModel } from './companies/company.model';
import { companyJobs } from './companies/company-purge';
import { companyOperations } from './companies/company-routes';
import { registerContactModel } from './contacts/contact.model';
import { contactJobs } from './contacts/contact-purge';
import { contactOperations } from './contacts/contact-routes';
import { registerCustomFieldModel } from './custom-fields/custom-field.model';
import { registerCampaignNameModel } from './references/campaign-name.model';
import { subscribeCampaignNames } from './references/campaign-name-events';
import { registerMemberNameModel } from './references/member-name.model';
import { subscribeMemberNames } from './references/members';
import { registerRecentVisitModel } from './recent/recent-visit.model';
import { recentOperations } from './recent/recent-routes';
import { registerDealModel } from './deals/deal.model';
import { registerDealTotalsModel } from './deals/deal-totals.model';
import { subscribeDealReferences } from './deals/deal-hooks';
import { dealOperations } from './deals/deal-routes';
import { registerWorkspaceSettingsModel } from './deals/workspace-settings.model';
import { registerCalendarModels } from './calendar/calendar-connection.model';
import { calendarOperations } from './calendar/calendar-routes';
import { registerMeetingModel } from './meetings/meeting.model';
import { subscribeMeetingReferences } from './meetings/meeting-hooks';
import { meetingOperations } from './meetings/meeting-routes';
import { meetingJobs } from './meetings/meeting-sync-job';
import { registerMemberEmailModel } from './meetings/member-email.model';
import { subscribeMemberEmails } from './meetings/member-emails';
import { subscribeWorkspaceSettings } from './deals/workspace-settings';
import { customFieldOperations } from './custom-fields/custom-field-routes';
import { crmRecordsGrpc } from './grpc/crm-records-grpc';
import { crmReplayGrpc } from './grpc/crm-replay-grpc';
import { crmLeadsGrpc } from './leads/leads-grpc';
import { subscribeOwnerNames } from './saved-views/owner-names';
import { registerSavedViewModel } from './saved-views/saved-view.model';
import { savedViewOperations } from './saved-views/saved-view-routes';
import { registerSeededWorkspaceModel } from './workspaces/seeded-workspace.model';
import { recordLimitGuard } from './records/record-limit-guard.model';
import { subscribeWorkspaceSeed } from './workspaces/workspace-seed';
import { registerSearchDocumentModel } from './search/search-document.model';
import { startSearch } from './search/search-projection';
import { searchOperations } from './search/search-routes';
import { registerDuplicateDismissalModel } from './duplicates/duplicate-dismissal.model';
import { duplicateOperations } from './duplicates/duplicate-routes';
import { registerDuplicateCountModels } from './duplicates/duplicate-counts.model';
import { subscribeDuplicateCounts } from './duplicates/duplicate-counts';
import { importOperations } from './import/import-routes';
import { exportOperations } from './export/export-routes';
import { registerActivityModels } from './timeline/activity.model';
import { activityOperations } from './timeline/activity-routes';
import { subscribeTimeline } from './timeline/timeline-consumer';
import { registerTaskModel } from './tasks/task.model';
import { subscribeTaskReferences } from './tasks/task-hooks';
import { taskJobs } from './tasks/task-reminders';
import { taskOperations } from './tasks/task-routes';
import { registerErasedContactModel } from './privacy/erased-contact.model';
import { subscribeErasureCleanup } from './privacy/erasure-cleanup';
import { privacyOperations } from './privacy/privacy-routes';

// Companies, contacts, deals, pipelines, timeline, tasks, meetings, search, saved views, import, export, privacy.
export const crmCoreService = defineService({
  name: 'crm-core',
  // Calendar settings and providers, and the search index, made once at start.
  runtime: crmCoreRuntime,
  modules: [
    {
      models(connection) {
        registerCatalogueModels(connection);
        registerCompanyModel(connection);
        registerContactModel(connection);
        registerCustomFieldModel(connection);
        registerSavedViewModel(connection);
        registerMemberNameModel(connection);
        registerCampaignNameModel(connection);
        registerRecentVisitModel(connection);
        registerSeededWorkspaceModel(connection);
        recordLimitGuard.register(connection);
        registerDealModel(connection);
        registerDealTotalsModel(connection);
        registerWorkspaceSettingsModel(connection);
        registerMeetingModel(connection);
        registerMemberEmailModel(connection);
        registerCalendarModels(connection);
        registerSearchDocumentModel(connection);
        registerDuplicateDismissalModel(connection);
        registerDuplicateCountModels(connection);
        registerActivityModels(connection);
        registerTaskModel(connection);
        registerErasedContactModel(connection);
      },
      operations(runtime) {
        const { context } = runtime;
        return [
          ...catalogueOperations(context),
          ...companyOperations(context),
          ...contactOperations(context),
          ...customFieldOperations(context),
          ...savedViewOperations(context),
          ...recentOperations(context),
          ...dealOperations(context),
          ...meetingOperations(context),
          ...calendarOperations(runtime),
          ...searchOperations(runtime),
          ...duplicateOperations(context),
          ...importOperations(context),
          ...exportOperations(context),
          ...activityOperations(context),
          ...taskOperations(context),
          ...privacyOperations(context),
        ];
      },
      async consumers(runtime) {
        const { context } = runtime;
        await subscribeOwnerNames(context);
        await subscribeMemberNames(context);
        await subscribeWorkspaceSeed(context);
        await subscribeWorkspaceSettings(context);
        await subscribeDealReferences(context);
        await subscribeMeetingReferences(context);
        await subscribeMemberEmails(context);
        await startSearch(runtime);
        await subscribeDuplicateCounts(context);
        await subscribeTimeline(context);
        await subscribeTaskReferences(context);
        await subscribeCampaignNames(context);
        await subscribeErasureCleanup(context);
      },
      // Each gRPC service crm-core answers: one entry per service.
      grpc: ({ context }) => [crmRecordsGrpc(context), crmLeadsGrpc(context), crmReplayGrpc(context)],
      jobs: (runtime) => ({
        ...companyJobs(runtime.context),
        ...contactJobs(runtime.context),
        ...meetingJobs(runtime),
        ...taskJobs(runtime.context),
      }),
    },
  ],
});
