import { defineService } from '@crm/service-host';
import { calendarModule } from './work/calendar/calendar-module';
import { catalogueModule } from './sales/catalogue/catalogue-module';
import { companiesModule } from './records/companies/companies-module';
import { contactsModule } from './records/contacts/contacts-module';
import { crmCoreRuntime } from './crm-core-runtime';
import { customFieldsModule } from './records/custom-fields/custom-fields-module';
import { dealsModule } from './sales/deals/deals-module';
import { duplicatesModule } from './search/duplicates/duplicates-module';
import { exportModule } from './data/export/export-module';
import { crmCoreGrpcModule } from './grpc/crm-core-grpc-module';
import { importModule } from './data/import/import-module';
import { leadsModule } from './sales/leads/leads-module';
import { meetingsModule } from './work/meetings/meetings-module';
import { privacyModule } from './data/privacy/privacy-module';
import { recentModule } from './records/recent/recent-module';
import { recordsModule } from './records/records-module';
import { referencesModule } from './records/references/references-module';
import { savedViewsModule } from './records/saved-views/saved-views-module';
import { searchModule } from './search/search/search-module';
import { tasksModule } from './work/tasks/tasks-module';
import { timelineModule } from './work/timeline/timeline-module';
import { workspacesModule } from './sales/workspaces/workspaces-module';

// Companies, contacts, deals, pipelines, timeline, tasks, meetings, search, saved views, import, export, privacy.
export const crmCoreService = defineService({
  name: 'crm-core',
  // Calendar settings and providers, and the search index, made once at start.
  runtime: crmCoreRuntime,
  // Five modules, each a folder of features with its README (records/, sales/, search/, work/,
  // data/), in the order of the operations (and so of the OpenAPI document), of the models and of
  // the consumers' subscriptions.
  modules: [
    // records/: companies, contacts and what every record shares.
    companiesModule,
    contactsModule,
    customFieldsModule,
    savedViewsModule,
    referencesModule,
    recentModule,
    recordsModule,
    // sales/: pipelines, stages and lead sources (seeded in a new workspace), deals, leads.
    catalogueModule,
    workspacesModule,
    dealsModule,
    leadsModule,
    // search/: the search index and duplicates.
    searchModule,
    duplicatesModule,
    // work/: meetings and calendar sync, the timeline, tasks.
    meetingsModule,
    calendarModule,
    timelineModule,
    tasksModule,
    // data/: import, export, privacy.
    importModule,
    exportModule,
    privacyModule,
    // What other services ask over gRPC (records and replay), beside leads'.
    crmCoreGrpcModule,
  ],
});
