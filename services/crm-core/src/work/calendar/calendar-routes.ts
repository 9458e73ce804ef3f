import { implement, workspaceOf, type Implementation } from '@crm/kit';
import { planHasFeature } from '@crm/protos';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { CALENDAR_PROVIDERS } from '../meetings/meeting.model';
import { calendarCallback, connectCalendar, disconnectCalendar, getCalendarIntegration } from './calendar.operations';
import { clearedFlowCookie, completeConnect, disconnect, listConnections, startConnect } from './calendar-connections';

// The three calendar operations of the contract and the OAuth callback the providers return to.
export function calendarOperations(runtime: CrmCoreRuntime): Implementation[] {
  const { context } = runtime;
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
      const { url, cookie } = await startConnect(runtime, auth, workspaceOf(req), params.provider);
      res.setHeader('Set-Cookie', cookie);
      return { url };
    }),
    implement(disconnectCalendar, async ({ req, auth, params }) =>
      disconnect(context, auth, workspaceOf(req), params.provider),
    ),
    implement(calendarCallback, async ({ req, res, params, query }) => {
      // The flow ends here, connected or not: its cookie goes.
      res.setHeader('Set-Cookie', clearedFlowCookie(runtime, params.provider));
      return completeConnect(runtime, params.provider, query, req.headers.cookie);
    }),
  ];
}
