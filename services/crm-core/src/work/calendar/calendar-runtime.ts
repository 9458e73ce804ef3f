import { keyBesideData } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { CALENDAR_PROVIDERS, type CalendarProviderName } from '../meetings/meeting.model';
import { loadCalendarConfig, type CalendarConfig } from './calendar-config';
import type { CalendarProvider } from './calendar-provider';
import { CalendarSecrets } from './calendar-secrets';
import { CalendarSimulator } from './calendar-simulator';
import { HttpCalendarProvider } from './http-calendar-provider';

// What the calendar integration needs at run time, made once per start from its configuration
// as part of crm-core's runtime (validated at start: a bad setting stops the service naming the
// variable).
export interface CalendarRuntime {
  config: CalendarConfig;
  secrets: CalendarSecrets;
  providers: Record<CalendarProviderName, CalendarProvider>;
  // The simulated provider standing in for each provider without settings (the embedded
  // default); started on first use.
  simulator: CalendarSimulator;
  simulated: Record<CalendarProviderName, boolean>;
}

export function calendarRuntime(context: ServiceContext): CalendarRuntime {
  const config = loadCalendarConfig(context.env);
  // Embedded defaults: kept beside the embedded store's folder, not in it (the store owns what is inside).
  const secrets = new CalendarSecrets(keyBesideData(config.tokenKey, context.dataDir, 'crm-core-calendar-token.key'));
  const simulator = new CalendarSimulator(config.simulator);
  context.onStop('calendar simulator', () => simulator.close());
  const providers = {} as Record<CalendarProviderName, CalendarProvider>;
  const simulated = {} as Record<CalendarProviderName, boolean>;
  for (const name of CALENDAR_PROVIDERS) {
    const endpoints = config.providers[name];
    simulated[name] = endpoints === null;
    providers[name] = new HttpCalendarProvider(
      name,
      endpoints ? async () => endpoints : () => simulator.endpoints(name),
    );
  }
  return { config, secrets, providers, simulator, simulated };
}
