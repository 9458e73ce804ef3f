import type { ServiceContext } from '@crm/service-host';
import { calendarRuntime, type CalendarRuntime } from './work/calendar/calendar-runtime';
import { searchIndexFromEnv } from './search/search/search-config';
import type { SearchIndex } from './search/search/search-index';
import { WorkspaceSeeds } from './sales/workspaces/workspace-seed';

// What crm-core's modules share within one running service besides the host's context.
export interface CrmCoreRuntime {
  context: ServiceContext;
  // The calendar integration: its settings, token sealing and providers (simulated by default).
  calendar: CalendarRuntime;
  // From MEILI_URL, or the embedded index.
  searchIndex: SearchIndex;
  // Which workspaces have their starting catalogue: seeded on first use, remembered per start.
  workspaceSeeds: WorkspaceSeeds;
}

// Built once per start by the host (crm-core-service.ts): a bad setting stops the service, naming
// the variable, before anything is served.
export function crmCoreRuntime(context: ServiceContext): CrmCoreRuntime {
  return {
    context,
    calendar: calendarRuntime(context),
    searchIndex: searchIndexFromEnv(context.env),
    workspaceSeeds: new WorkspaceSeeds(context),
  };
}
