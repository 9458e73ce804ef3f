import { implement, workspaceOf, type Implementation } from '@crm/kit';
import { planHasFeature } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { CALENDAR_PROVIDERS } from '../meetings/meeting.model';
import { calendarCallback, connectCalendar, disconnectCalendar, getCalendarIntegration } from './calendar.operations';
import { clearedFlowCookie, completeConnect, disconnect, listConnections, startConnect } from './calendar-connections';
import { calendarRuntime } from './calendar-runtime';

// The three calendar operations of the contract and the OAuth callback the providers return to.
export function calendarOperations(context: ServiceContext): Implementation[] {
  // Read and checked now: a bad setting stops the service at start, naming the variable.
  calendarRuntime(context);
  return [
    implement(getCalendarIntegration, async ({ req, auth }) => {
      const included = planHasFeature(auth.plan, 'calendar_sync');
      return {
        available: [...CALENDAR_PROVIDERS],
        included_in_plan: included,
        connections: await listConnections(context, workspaceOf(req), auth.user_id, included),
      };
    }),
    implement(connectCalendar, async ({ req, res, auth, params }) => {
      const { url, cookie } = await startConnect(context, auth, workspaceOf(req), params.provider);
      res.setHeader('Set-Cookie', cookie);
      return { url };
    }),
    implement(disconnectCalendar, async ({ req, auth, params }) =>
      disconnect(context, auth, workspaceOf(req), params.provider),
    ),
    implement(calendarCallback, async ({ req, res, params, query }) => {
      // The flow ends here, connected or not: its cookie goes.
      res.setHeader('Set-Cookie', clearedFlowCookie(context, params.provider));
      return completeConnect(context, params.provider, query, req.headers.cookie);
    }),
  ];
}
