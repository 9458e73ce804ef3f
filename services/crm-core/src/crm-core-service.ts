import { defineService } from '@crm/service-host';
import { calendarModule } from './calendar/calendar-module';
import { catalogueModule } from './catalogue/catalogue-module';
import { companiesModule } from './companies/companies-module';
import { contactsModule } from './contacts/contacts-module';
import { crmCoreRuntime } from './crm-core-runtime';
import { customFieldsModule } from './custom-fields/custom-fields-module';
import { dealsModule } from './deals/deals-module';
import { duplicatesModule } from './duplicates/duplicates-module';
import { exportModule } from './export/export-module';
import { crmCoreGrpcModule } from './grpc/crm-core-grpc-module';
import { importModule } from './import/import-module';
import { leadsModule } from './leads/leads-module';
import { meetingsModule } from './meetings/meetings-module';
import { privacyModule } from './privacy/privacy-module';
import { recentModule } from './recent/recent-module';
import { recordsModule } from './records/records-module';
import { referencesModule } from './references/references-module';
import { savedViewsModule } from './saved-views/saved-views-module';
import { searchModule } from './search/search-module';
import { tasksModule } from './tasks/tasks-module';
import { timelineModule } from './timeline/timeline-module';
import { workspacesModule } from './workspaces/workspaces-module';

// Companies, contacts, deals, pipelines, timeline, tasks, meetings, search, saved views, import, export, privacy.
export const crmCoreService = defineService({
  name: 'crm-core',
  // Calendar settings and providers, and the search index, made once at start.
  runtime: crmCoreRuntime,
  // In the order of the operations (and so of the OpenAPI document) and of the models.
  modules: [
    catalogueModule,
    companiesModule,
    contactsModule,
    customFieldsModule,
    savedViewsModule,
    referencesModule,
    recentModule,
    workspacesModule,
    recordsModule,
    dealsModule,
    meetingsModule,
    calendarModule,
    searchModule,
    duplicatesModule,
    importModule,
    exportModule,
    timelineModule,
    tasksModule,
    privacyModule,
    leadsModule,
    crmCoreGrpcModule,
  ],
});
