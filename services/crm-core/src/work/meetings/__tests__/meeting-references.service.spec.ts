import { waitFor } from '@crm/testing';
import { startCrmCoreWithFakeIdentity, type CrmCoreWithFakeIdentity } from '../../../__tests__/fake-identity';
import { createRecord, memberClaims } from '../../../records/__tests__/bin-support';
import { calendarFlow } from '../../calendar/__tests__/calendar-flow';

// A meeting keeps happening when the company or a contact it names is purged from the recycle bin
// (after 30 days: a job worker whose clock runs ahead): it is detached from them, and each change
// is announced as the meeting's update, which the audit log reads as "Updated meeting".
// (Meetings following merges through the gateway: tests/crm-core/meetings.test.ts.)
let started: CrmCoreWithFakeIdentity;
let flow: ReturnType<typeof calendarFlow>;

beforeAll(async () => {
  started = await startCrmCoreWithFakeIdentity();
  flow = calendarFlow(started.crm);
});
afterAll(() => started.stop());

describe('meetings naming purged records', () => {
  it('stay, without the purged company and contact, and announce each change', async () => {
    const { crm } = started;
    const owner = memberClaims();
    const create = (path: string, body: Record<string, unknown>) => createRecord(crm, owner, path, body);
    const company = await create('/companies', { name: 'Binned' });
    const keeper = await create('/contacts', { first_name: 'Keeper' });
    const bystander = await create('/contacts', { first_name: 'Bystander' });
    const meeting = await flow.createMeeting(owner, {
      title: 'Both',
      online_meeting: false,
      company_id: company,
      contact_ids: [keeper, bystander],
    });

    expect((await crm.call(owner, 'DELETE', `/companies/${company}`)).status).toBe(204);
    expect((await crm.call(owner, 'DELETE', `/contacts/${bystander}`)).status).toBe(204);
    // In the recycle bin they are still named.
    expect(await flow.meetingOf(owner, meeting.id)).toMatchObject({ company_id: company, company_name: 'Binned' });

    await crm.jobsAt(31).runDue();
    const detached = await waitFor(async () => {
      const current = await flow.meetingOf(owner, meeting.id);
      return current.company_id === null && (current.attendees as unknown[]).length === 1 ? current : undefined;
    }, 'the meeting detached from the purged records');
    expect(detached).toMatchObject({
      title: 'Both',
      status: 'scheduled',
      company_id: null,
      company_name: null,
      attendees: [{ type: 'contact', id: keeper }],
    });
    const updates = await waitFor(async () => {
      const events = await crm.events({ 'event.type': 'crm.meeting.updated', 'event.data.meeting_id': meeting.id });
      return events.length >= 2 ? events : undefined;
    }, 'both changes announced');
    const announced = updates.map((event) => event.data as { title: string; fields: string[] });
    expect(announced.map((data) => data.fields).sort()).toEqual([['attendees'], ['company_id']]);
    expect(announced.every((data) => data.title === 'Both')).toBe(true);
  });
});
