import { randomUUID } from 'node:crypto';
import { makeEvent, type EventActor } from '@crm/bus';
import type { InternalClaims } from '@crm/kit';
import { waitFor, waitUntil } from '@crm/testing';
import { startCrmCoreWithFakeIdentity, type CrmCoreWithFakeIdentity } from '../../../__tests__/fake-identity';
import { createRecord, memberClaims } from '../../../records/__tests__/bin-support';

// What the timeline makes of the events it consumes: an entry at its event's instant, written
// once however often the event arrives; the entries of records purged from the recycle bin (after
// 30 days: a job worker whose clock runs ahead) or deleted, removed and announced; and the
// entries from meetings', documents' and marketing's events, as their contracts carry them.
// (The timeline through the gateway: tests/crm-core/timeline.test.ts and timeline-system.test.ts.)
let started: CrmCoreWithFakeIdentity;
let crm: CrmCoreWithFakeIdentity['crm'];

beforeAll(async () => {
  started = await startCrmCoreWithFakeIdentity();
  crm = started.crm;
});
afterAll(() => started.stop());

interface Entry {
  id: string;
  type: string;
  subject: string | null;
  body: string | null;
  outcome: string | null;
  target_type: string;
  target_id: string;
  actor_label: string | null;
  occurred_at: string;
}

function ownerOfNewWorkspace(): { claims: InternalClaims; workspaceId: string; actor: EventActor } {
  const claims = memberClaims();
  return {
    claims,
    workspaceId: claims.workspace_id,
    actor: { type: 'user', id: claims.user_id, label: claims.actor.label },
  };
}

const create = (owner: InternalClaims, path: string, body: Record<string, unknown>) =>
  createRecord(crm, owner, path, body);

// A timeline's entries, newest first (one page holds them all here).
async function timeline(owner: InternalClaims, targetType: string, targetId: string): Promise<Entry[]> {
  const answer = await crm.call<{ data: Entry[] }>(
    owner,
    'GET',
    `/activities?target_type=${targetType}&target_id=${targetId}`,
  );
  expect({ targetId, status: answer.status }).toEqual({ targetId, status: 200 });
  return answer.body.data;
}

// The timeline once `ready` holds for it.
const timelineOnce = (
  owner: InternalClaims,
  targetType: string,
  targetId: string,
  ready: (entries: Entry[]) => boolean,
  what: string,
) => waitUntil(() => timeline(owner, targetType, targetId), ready, what);

const subjects = (entries: Entry[]) => entries.map((entry) => entry.subject);

// Delivers an event to crm-core's consumers as its publisher's outbox relay would.
async function deliver(event: ReturnType<typeof makeEvent>) {
  await crm.service.context.bus.publish([event]);
  return event;
}

const publishAs = (type: string, workspaceId: string, data: Record<string, unknown>, actor: EventActor | null) =>
  deliver(makeEvent({ type, workspace_id: workspaceId, actor, data }));

async function companyStage(owner: InternalClaims, name: string): Promise<string> {
  const stages = (await crm.call(owner, 'GET', '/pipeline-stages')).body.data as Array<{
    id: string;
    name: string;
    object: string;
  }>;
  return stages.find((stage) => stage.object === 'company' && stage.name === name)!.id;
}

// Waits until the timeline has handled every event delivered before now: a company made and
// moved to another stage now has its entry once the events before it are handled.
async function handledSoFar(owner: InternalClaims): Promise<void> {
  const sentinel = await create(owner, '/companies', { name: 'Sentinel' });
  expect(
    (
      await crm.call(owner, 'PATCH', `/companies/${sentinel}`, {
        body: { stage_id: await companyStage(owner, 'Qualified') },
      })
    ).status,
  ).toBe(200);
  await timelineOnce(owner, 'company', sentinel, (seen) => seen.length === 1, 'the events delivered so far');
}

describe('entries from crm-core’s own events', () => {
  it('sit at their event’s instant, and are written once however often the event arrives', async () => {
    const { claims: owner } = ownerOfNewWorkspace();
    const company = await create(owner, '/companies', { name: 'Staged Ltd' });
    const patch = async (fields: Record<string, unknown>) =>
      expect((await crm.call(owner, 'PATCH', `/companies/${company}`, { body: fields })).status).toBe(200);
    await patch({ stage_id: await companyStage(owner, 'Qualified') });
    const [entry] = await timelineOnce(owner, 'company', company, (seen) => seen.length === 1, 'the stage change');
    expect(entry).toMatchObject({ type: 'system', subject: 'Stage changed to Qualified' });

    // At the event's instant, in the API's milliseconds (events carry microseconds).
    const [stageEvent] = await crm.events({ 'event.type': 'crm.company.updated', 'event.data.company_id': company });
    expect(stageEvent.occurred_at).toMatch(/\.\d{6}Z$/);
    expect(entry.occurred_at).toBe(new Date(Date.parse(stageEvent.occurred_at)).toISOString());

    // Delivered again, then a later change: once the later one shows, the redelivery has been
    // handled, and it wrote nothing.
    await deliver(stageEvent);
    await patch({ stage_id: await companyStage(owner, 'Contacted') });
    const entries = await timelineOnce(
      owner,
      'company',
      company,
      (seen) => seen[0]?.subject === 'Stage changed to Contacted',
      'the later change',
    );
    expect(subjects(entries)).toEqual(['Stage changed to Contacted', 'Stage changed to Qualified']);
    expect(entries[1]).toEqual(entry);
  });

  it('deletes the timeline of a company or contact purged from the recycle bin, and of a deleted deal', async () => {
    const { claims: owner } = ownerOfNewWorkspace();
    const targets: Array<[string, string]> = [
      ['company', await create(owner, '/companies', { name: 'Purged Ltd' })],
      ['contact', await create(owner, '/contacts', { first_name: 'Purged' })],
      ['deal', await create(owner, '/deals', { name: 'Deleted deal' })],
    ];
    const notes: string[] = [];
    for (const [type, id] of targets)
      notes.push(
        await create(owner, '/activities', { type: 'note', target_type: type, target_id: id, body: 'A note' }),
      );
    const [[, company], [, contact], [, deal]] = targets;
    expect((await crm.call(owner, 'DELETE', `/companies/${company}`)).status).toBe(204);
    expect((await crm.call(owner, 'DELETE', `/contacts/${contact}`)).status).toBe(204);
    // Still there while in the bin (it can be restored).
    expect((await timeline(owner, 'company', company)).map((entry) => entry.id)).toEqual([notes[0]]);
    expect((await timeline(owner, 'contact', contact)).map((entry) => entry.id)).toEqual([notes[1]]);

    // Day 31: the recycle bin is purged.
    await crm.jobsAt(31).runDue();
    expect((await crm.call(owner, 'DELETE', `/deals/${deal}`)).status).toBe(204);
    const deletedOnce = async () => {
      for (const note of notes) {
        const events = await crm.events({ 'event.type': 'crm.activity.deleted', 'event.data.activity_id': note });
        if (events.length !== 1) return false;
      }
      return true;
    };
    await waitFor(deletedOnce, 'one crm.activity.deleted per entry');
    for (const [type, id] of targets) {
      const answer = await crm.call(owner, 'GET', `/activities?target_type=${type}&target_id=${id}`);
      expect({ type, status: answer.status }).toEqual({ type, status: 404 });
    }
  });
});

describe('a batch of events', () => {
  it('has the effect of its events applied one after another: entries, a contact that moves, a stale move, a target gone', async () => {
    const { claims: owner, workspaceId, actor } = ownerOfNewWorkspace();
    const first = await create(owner, '/companies', { name: 'First Ltd' });
    const second = await create(owner, '/companies', { name: 'Second Ltd' });
    const contact = await create(owner, '/contacts', { first_name: 'Moving', company_id: first });
    const note = await create(owner, '/activities', {
      type: 'note',
      target_type: 'contact',
      target_id: contact,
      body: 'Met at the fair',
    });
    const [created] = await crm.events({ 'event.type': 'crm.contact.created', 'event.data.contact_id': contact });
    const qualified = await companyStage(owner, 'Qualified');
    const staged = (companyId: string, version: number) =>
      makeEvent({
        type: 'crm.company.updated',
        workspace_id: workspaceId,
        actor,
        data: { company_id: companyId, version, fields: ['stage_id'], stage_id: qualified, stage_name: 'Qualified' },
      });
    const moved = (companyId: string, version: number) =>
      makeEvent({
        type: 'crm.contact.updated',
        workspace_id: workspaceId,
        actor,
        data: { ...(created.data as Record<string, unknown>), company_id: companyId, version, fields: ['company_id'] },
      });
    // One delivery: an entry, the contact's move to the second company, an older move back (stale),
    // a company that is not there, and an entry on the second company.
    await crm.service.context.bus.publish([
      staged(first, 10),
      moved(second, 7),
      moved(first, 6),
      staged(randomUUID(), 2),
      staged(second, 10),
    ]);
    const onSecond = await timelineOnce(
      owner,
      'company',
      second,
      (seen) => seen.some((entry) => entry.subject === 'Stage changed to Qualified'),
      'the entry on the second company',
    );
    // A company's timeline shows its contacts' entries: the note followed the contact to the second
    // company, and the stale move did not take it back.
    expect(onSecond.map((entry) => [entry.id === note ? 'the note' : entry.subject])).toEqual([
      ['Stage changed to Qualified'],
      ['the note'],
    ]);
    expect(subjects(await timeline(owner, 'company', first))).toEqual(['Stage changed to Qualified']);
    await handledSoFar(owner);
    expect((await timeline(owner, 'contact', contact)).map((entry) => entry.id)).toEqual([note]);
  });
});

describe('entries from other services’ events', () => {
  it('keeps a meeting entry on its company and records a meeting held with its outcome', async () => {
    const { claims: owner, workspaceId, actor } = ownerOfNewWorkspace();
    const company = await create(owner, '/companies', { name: 'Meeting Ltd' });
    const other = await create(owner, '/companies', { name: 'Other Ltd' });
    const meeting = {
      meeting_id: randomUUID(),
      title: 'Kick-off',
      location: 'Their office',
      notes: null,
      starts_at: '2026-11-20T10:00:00.000Z',
      ends_at: '2026-11-20T11:00:00.000Z',
      company_id: company,
      organiser_id: actor.id,
      status: 'scheduled',
      outcome: null,
      attendees: [],
      online_meeting: false,
      external_provider: null,
    };
    await publishAs('crm.meeting.created', workspaceId, { ...meeting, version: 1 }, actor);
    const [entry] = await timelineOnce(owner, 'company', company, (seen) => seen.length === 1, 'the meeting entry');
    expect(entry).toMatchObject({
      type: 'meeting',
      subject: 'Kick-off',
      body: 'Their office',
      outcome: null,
      occurred_at: meeting.starts_at,
      actor_label: actor.label,
    });
    // Done with an outcome: the entry shows it and a system entry records the meeting held.
    await publishAs(
      'crm.meeting.updated',
      workspaceId,
      { ...meeting, status: 'done', outcome: 'Signed the pilot', version: 3, fields: ['status', 'outcome'] },
      actor,
    );
    // An older version arriving late changes nothing.
    await publishAs(
      'crm.meeting.updated',
      workspaceId,
      { ...meeting, title: 'Old title', version: 2, fields: ['title'] },
      actor,
    );
    // A change made after it reaches the timeline behind it: once that shows, the late one has been handled.
    await handledSoFar(owner);
    const shown = await timeline(owner, 'company', company);
    expect(shown.map((item) => [item.type, item.subject, item.outcome])).toEqual([
      ['system', 'Meeting held: Kick-off', 'Signed the pilot'],
      ['meeting', 'Kick-off', 'Signed the pilot'],
    ]);
    expect(shown[1].id).toBe(entry.id);
    // Moved to another company, the entry moves (its title still the newer version's); deleted, it goes.
    await publishAs(
      'crm.meeting.updated',
      workspaceId,
      {
        ...meeting,
        company_id: other,
        status: 'done',
        outcome: 'Signed the pilot',
        version: 4,
        fields: ['company_id'],
      },
      actor,
    );
    const moved = await timelineOnce(owner, 'company', other, (seen) => seen.length === 1, 'the entry moved');
    expect(subjects(moved)).toEqual(['Kick-off']);
    await publishAs('crm.meeting.deleted', workspaceId, { ...meeting, company_id: other, version: 5 }, actor);
    await timelineOnce(owner, 'company', other, (seen) => seen.length === 0, 'the entry gone');
  });

  it('records a file added when a document is completed, and a campaign touchpoint on its contact', async () => {
    const { claims: owner, workspaceId, actor } = ownerOfNewWorkspace();
    const company = await create(owner, '/companies', { name: 'Filed Ltd' });
    const contact = await create(owner, '/contacts', { first_name: 'Touched', company_id: company });
    const completed = await publishAs(
      'documents.document.completed',
      workspaceId,
      {
        document_id: randomUUID(),
        target_type: 'company',
        target_id: company,
        name: 'contract.pdf',
        content_type: 'application/pdf',
        size_bytes: 1200,
        status: 'ready',
        uploaded_by: actor.id,
        checksum_sha256: null,
        created_at: '2026-11-20T10:00:00.000Z',
        completed_at: '2026-11-20T10:01:00.000Z',
        version: 2,
      },
      actor,
    );
    // The same completion delivered again, before the touchpoint: it adds nothing.
    await deliver(completed);
    await publishAs(
      'marketing.touchpoint.recorded',
      workspaceId,
      {
        touchpoint_id: randomUUID(),
        campaign_id: randomUUID(),
        campaign_name: 'Spring fair',
        contact_id: contact,
        company_id: company,
        kind: 'ad_click',
        occurred_at: '2026-11-21T09:00:00.000Z',
        note: 'Clicked the banner',
        external_ref: null,
        actor_label: 'Ad sync',
        created_at: '2026-11-21T09:00:01.000Z',
        version: 1,
      },
      { type: 'app', id: randomUUID(), label: 'Ad sync' },
    );
    const entries = await timelineOnce(
      owner,
      'company',
      company,
      (seen) => seen.some((entry) => entry.subject?.startsWith('Campaign touchpoint')),
      'the touchpoint entry',
    );
    expect(
      entries.map((entry) => [
        entry.type,
        entry.subject,
        entry.body,
        entry.target_type,
        entry.actor_label,
        entry.occurred_at,
      ]),
    ).toEqual([
      [
        'system',
        'Campaign touchpoint (ad click): Spring fair',
        'Clicked the banner',
        'contact',
        'Ad sync',
        '2026-11-21T09:00:00.000Z',
      ],
      ['system', 'File added: contract.pdf', null, 'company', actor.label, '2026-11-20T10:01:00.000Z'],
    ]);
  });
});
