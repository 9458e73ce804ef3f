import { randomUUID } from 'node:crypto';
import type { InternalClaims } from '@crm/kit';
import { PERMISSIONS } from '@crm/protos';
import { tenantClaims, waitFor, type ServiceHarness } from '@crm/testing';
import type { CrmCoreRuntime } from '../../../crm-core-runtime';
import type { CalendarProviderName } from '../../meetings/meeting.model';

// What crm-core's calendar and meeting specs do as a member would: connect a calendar at the
// simulated provider, make meetings that sync to it, and read them back.

const HOUR = 60 * 60 * 1000;

export function ownerOfNewWorkspace(plan = 'standard'): InternalClaims {
  return tenantClaims({ workspace_id: randomUUID(), plan, permissions: [...PERMISSIONS] });
}

export interface MeetingView {
  id: string;
  title: string;
  status: string;
  starts_at: string;
  ends_at: string;
  join_url: string | null;
  external_provider: string | null;
  sync_error: string | null;
  [field: string]: unknown;
}

export function calendarFlow(crm: ServiceHarness<CrmCoreRuntime>) {
  // The simulated provider running in crm-core's process: what it holds, and its outages.
  const simulator = () => crm.service.runtime.calendar.simulator;
  const meetingOf = async (owner: InternalClaims, id: string) => {
    const answer = await crm.call<MeetingView>(owner, 'GET', `/meetings/${id}`);
    expect({ id, status: answer.status }).toEqual({ id, status: 200 });
    return answer.body;
  };

  return {
    simulator,
    meetingOf,

    // The event a synced meeting made in the provider's calendar (found by its join link).
    eventOf(provider: CalendarProviderName, meeting: Pick<MeetingView, 'join_url'>) {
      return simulator()
        .events(provider)
        .find((candidate) => candidate.join_url === meeting.join_url)!;
    },

    // Connect as a browser does: crm-core's connect answer and cookie, the simulated provider's
    // sign-in page allowing access, and the callback the provider redirects to.
    async connect(owner: InternalClaims, provider: string, email: string): Promise<void> {
      const started = await crm.call(owner, 'POST', `/integrations/calendar/${provider}/connect`);
      expect(started.status).toBe(200);
      const cookie = started.headers.get('set-cookie')!.split(';')[0];
      const approved = await fetch(started.body.url as string, {
        method: 'POST',
        body: new URLSearchParams({ email, decision: 'allow' }),
        redirect: 'manual',
      });
      expect(approved.status).toBe(302);
      const callback = new URL(approved.headers.get('location')!);
      const answer = await crm.call(null, 'GET', `${callback.pathname.replace(/^\/v1/, '')}${callback.search}`, {
        headers: { cookie },
      });
      expect({ status: answer.status, connected: answer.body.status }).toEqual({
        status: 200,
        connected: 'connected',
      });
    },

    // A meeting two hours from now, online unless the fields say otherwise.
    async createMeeting(owner: InternalClaims, fields: Record<string, unknown>): Promise<MeetingView> {
      const created = await crm.call<MeetingView>(owner, 'POST', '/meetings', {
        body: {
          starts_at: new Date(Date.now() + 2 * HOUR).toISOString(),
          ends_at: new Date(Date.now() + 3 * HOUR).toISOString(),
          online_meeting: true,
          ...fields,
        },
      });
      expect({ status: created.status, body: created.body }).toMatchObject({ status: 201 });
      return created.body;
    },

    async patchMeeting(owner: InternalClaims, id: string, fields: Record<string, unknown>): Promise<MeetingView> {
      const answer = await crm.call<MeetingView>(owner, 'PATCH', `/meetings/${id}`, { body: fields });
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
      return answer.body;
    },

    // The meeting once its sync has given it a join link (other than `previous`).
    synced(owner: InternalClaims, id: string, previous: string | null = null): Promise<MeetingView> {
      return waitFor(async () => {
        const current = await meetingOf(owner, id);
        return current.join_url && current.join_url !== previous ? current : undefined;
      }, 'the meeting to sync');
    },
  };
}
