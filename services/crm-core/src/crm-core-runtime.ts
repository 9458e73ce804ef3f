import type { ServiceContext } from '@crm/service-host';
import { calendarRuntime, type CalendarRuntime } from './work/calendar/calendar-runtime';
import { searchIndexFromEnv } from './search/search/search-config';
import type { SearchIndex } from './search/search/search-index';

// What crm-core's modules share within one running service besides the host's context.
export interface CrmCoreRuntime {
  context: ServiceContext;
  // The calendar integration: its settings, token sealing and providers (simulated by default).
  calendar: CalendarRuntime;
  // From MEILI_URL, or the embedded index.
  searchIndex: SearchIndex;
}

// Built once per start by the host (crm-core-service.ts): a bad setting stops the service, naming
// the variable, before anything is served.
export function crmCoreRuntime(context: ServiceContext): CrmCoreRuntime {
  return { context, calendar: calendarRuntime(context), searchIndex: searchIndexFromEnv(context.env) };
}
