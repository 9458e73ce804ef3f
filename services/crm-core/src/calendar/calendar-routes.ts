import { implement, workspaceOf, type Implementation } from '@crm/kit';
import { planHasFeature } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { CALENDAR_PROVIDERS } from '../meetings/meeting.model';
import { calendarCallback, connectCalendar, disconnectCalendar, getCalendarIntegration } from './calendar.operations';
import { completeConnect, disconnect, listConnections, startConnect } from './calendar-connections';
import { calendarRuntime } from './calendar-runtime';

// The three calendar operations of the contract and the OAuth callback the providers return to.
export function calendarOperations(context: ServiceContext): Implementation[] {
  // Read and checked now: a bad setting stops the service at start, naming the variable.
  calendarRuntime(context);
  return [
    implement(getCalendarIntegration, async ({ req, auth }) => {
      const included = planHasFeature(auth.plan, 'calendar_sync');
      return { available: [...CALENDAR_PROVIDERS], included_in_plan: included, connections: await listConnections(context, workspaceOf(req), auth.user_id, included) };
    }),
    implement(connectCalendar, async ({ req, auth, params }) => startConnect(context, auth, workspaceOf(req), params.provider)),
    implement(disconnectCalendar, async ({ req, auth, params }) => disconnect(context, auth, workspaceOf(req), params.provider)),
    implement(calendarCallback, async ({ params, query }) => completeConnect(context, params.provider, query)),
  ];
}
