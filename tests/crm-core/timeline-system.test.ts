import { serviceJobs } from '@crm/service-host';
import { JobWorker, outboxModel, type OutboxRow } from '@crm/bus';
import { crmCoreService } from '@crm/crm-core';
import {
  KEEP_SENT_EVENTS_ENV,
  request,
  signUpWithWorkspace,
  startTestSystem,
  waitFor,
  type TestSystem,
} from '../support/system';
import { addMemberTo } from './references-support';
import { companiesApi } from './companies-support';
import { dealsApi, salesStages } from './deals-support';
import { publishAs, subjectsOf, timelineApi } from './timeline-support';

// What the service writes on timelines from the events of companies, contacts and deals (stage
// and owner changes, deals won and lost, merges), applied once however often an event arrives;
// merges moving entries to the survivor and purges deleting them; and the entries that come
// from other services' events (meetings, files, campaign touchpoints).
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startTestSystem({ env: { ...process.env, ...KEEP_SENT_EVENTS_ENV } });
  base = system.url;
});

afterAll(() => system.destroy());

const DAY = 24 * 60 * 60 * 1000;

function workerAt(days: number): JobWorker {
  const { context, runtime } = system.services['crm-core'];
  return new JobWorker({
    connection: context.connection,
    logger: context.logger,
    handlers: serviceJobs(crmCoreService, runtime),
    now: () => new Date(Date.now() + days * DAY),
  });
}

async function sentEvents(type: string, field: string, id: string): Promise<OutboxRow[]> {
  const rows = await outboxModel(system.services['crm-core'].context.connection)
    .find({ 'event.type': type })
    .lean<OutboxRow[]>()
    .exec();
  return rows.filter((row) => (row.event.data as Record<string, unknown>)[field] === id);
}

describe('system entries', () => {
  it('records stage and owner changes of a company, once however often the event arrives', async () => {
    const owner = await signUpWithWorkspace(base, 'Sam');
    const member = await addMemberTo(system, owner, 'Rita');
    const companies = companiesApi(base, owner);
    const stages = await companies.companyStages();
    const company = await companies.create({ name: 'Staged Ltd' });
    const timeline = timelineApi(base, owner);
    const query = { target_type: 'company', target_id: company.id };
    await companies.patch(company.id, { stage_id: stages.find((stage) => stage.name === 'Qualified')!.id });
    await companies.patch(company.id, { owner_id: member.userId });
    const entries = await timeline.until(query, (seen) => seen.length === 2, 'two system entries');
    expect(entries).toMatchObject([
      {
        type: 'system',
        subject: 'Owner changed to Rita',
        actor_type: 'user',
        actor_label: 'Sam',
        target_type: 'company',
        target_id: company.id,
      },
      { type: 'system', subject: 'Stage changed to Qualified', actor_type: 'user', actor_label: 'Sam' },
    ]);
    // At the event's instant, in the API's milliseconds (events carry microseconds).
    const [stageEvent] = await sentEvents('crm.company.updated', 'company_id', company.id);
    expect(stageEvent.event.occurred_at).toMatch(/\.\d{6}Z$/);
    expect(entries[1].occurred_at).toBe(new Date(Date.parse(stageEvent.event.occurred_at)).toISOString());
    // A redelivery of the same event writes nothing more.
    await system.services['crm-core'].context.bus.publish([stageEvent.event]);
    expect(await timeline.all(query)).toEqual(entries);
    await companies.patch(company.id, { owner_id: null });
    await timeline.until(query, (seen) => seen[0]?.subject === 'Owner removed', 'owner removed');
  });

  it('records a deal won, lost and reopened, and its stage changes', async () => {
    const owner = await signUpWithWorkspace(base, 'Dee');
    const deals = dealsApi(base, owner);
    const stages = await salesStages(deals);
    const deal = await deals.create({ name: 'Closing deal' });
    const timeline = timelineApi(base, owner);
    await deals.patch(deal.id, { stage_id: stages.Proposal.id });
    await deals.patch(deal.id, { stage_id: stages.Won.id });
    await deals.patch(deal.id, { stage_id: stages.Negotiation.id });
    await deals.patch(deal.id, { stage_id: stages.Lost.id, lost_reason: 'Budget cut' });
    const entries = await timeline.until(
      { target_type: 'deal', target_id: deal.id },
      (seen) => seen.length === 4,
      'four deal entries',
    );
    expect(entries.map((entry) => [entry.subject, entry.body])).toEqual([
      ['Deal lost', 'Budget cut'],
      ['Deal reopened', null],
      ['Deal won', null],
      ['Stage changed to Proposal', null],
    ]);
  });

  it('moves the timeline of merged companies and contacts to the survivor, with an entry saying so', async () => {
    const owner = await signUpWithWorkspace(base, 'Mo');
    const companies = companiesApi(base, owner);
    const survivor = await companies.create({ name: 'Survivor' });
    const source = await companies.create({ name: 'Source' });
    const keeper = (
      await request(base, 'POST', '/contacts', {
        token: owner.token,
        body: { first_name: 'Keeper', company_id: survivor.id },
      })
    ).body;
    const merged = (
      await request(base, 'POST', '/contacts', {
        token: owner.token,
        body: { first_name: 'Merged', company_id: source.id },
      })
    ).body;
    const timeline = timelineApi(base, owner);
    const onSource = await timeline.note('company', source.id, { body: 'On the source' });
    const onMerged = await timeline.note('contact', merged.id, { body: 'On the merged contact' });
    const onKeeper = await timeline.note('contact', keeper.id, { body: 'On the keeper' });

    expect((await companies.call('POST', `/companies/${survivor.id}/merge`, { source_ids: [source.id] })).status).toBe(
      200,
    );
    const survivorTimeline = await timeline.until(
      { target_type: 'company', target_id: survivor.id },
      (seen) => seen.length === 4,
      'the source’s entries and its contact’s on the survivor',
    );
    expect(subjectsOf(survivorTimeline)[0]).toBe('Merged 1 company into this one');
    expect(survivorTimeline.find((entry) => entry.id === onSource.id)).toMatchObject({
      target_type: 'company',
      target_id: survivor.id,
    });
    expect(survivorTimeline.map((entry) => entry.id)).toEqual(expect.arrayContaining([onMerged.id, onKeeper.id]));

    expect(
      (
        await request(base, 'POST', `/contacts/${keeper.id}/merge`, {
          token: owner.token,
          body: { source_ids: [merged.id] },
        })
      ).status,
    ).toBe(200);
    const keeperTimeline = await timeline.until(
      { target_type: 'contact', target_id: keeper.id },
      (seen) => seen.length === 3,
      'the merged contact’s entries on the keeper',
    );
    expect(keeperTimeline.map((entry) => [entry.subject ?? entry.body, entry.target_id])).toEqual([
      ['Merged 1 contact into this one', keeper.id],
      ['On the keeper', keeper.id],
      ['On the merged contact', keeper.id],
    ]);
    expect(await timeline.all({ target_type: 'contact', target_id: merged.id })).toEqual([]);
  });

  it('deletes the timeline of a company or contact purged from the recycle bin, and of a deleted deal', async () => {
    const owner = await signUpWithWorkspace(base, 'Pat');
    const companies = companiesApi(base, owner);
    const company = await companies.create({ name: 'Purged Ltd' });
    const contact = (await request(base, 'POST', '/contacts', { token: owner.token, body: { first_name: 'Purged' } }))
      .body;
    const deal = await dealsApi(base, owner).create({ name: 'Deleted deal' });
    const timeline = timelineApi(base, owner);
    const notes = [
      await timeline.note('company', company.id),
      await timeline.note('contact', contact.id),
      await timeline.note('deal', deal.id),
    ];
    expect((await companies.call('DELETE', `/companies/${company.id}`)).status).toBe(204);
    expect((await request(base, 'DELETE', `/contacts/${contact.id}`, { token: owner.token })).status).toBe(204);
    // Still there while in the bin (it can be restored).
    expect((await timeline.page({ target_type: 'company', target_id: company.id })).data).toHaveLength(1);
    await workerAt(31).runDue();
    expect((await request(base, 'DELETE', `/deals/${deal.id}`, { token: owner.token })).status).toBe(204);
    await waitFor(async () => {
      for (const note of notes)
        if ((await sentEvents('crm.activity.deleted', 'activity_id', note.id)).length !== 1) return false;
      return true;
    }, 'one crm.activity.deleted per entry');
    for (const [type, id] of [
      ['company', company.id],
      ['contact', contact.id],
      ['deal', deal.id],
    ]) {
      expect((await timeline.call('GET', `/activities?target_type=${type}&target_id=${id}`)).status).toBe(404);
    }
  });
});

describe('entries from other services’ events', () => {
  it('keeps a meeting entry on its company and records a meeting held with its outcome', async () => {
    const owner = await signUpWithWorkspace(base, 'Meg');
    const companies = companiesApi(base, owner);
    const company = await companies.create({ name: 'Meeting Ltd' });
    const other = await companies.create({ name: 'Other Ltd' });
    const timeline = timelineApi(base, owner);
    const actor = { type: 'user' as const, id: owner.user.id as string, label: 'Meg' };
    const meeting = {
      meeting_id: '0193a5f2-7c1e-7d3a-9f43-2a1b3c4d5e61',
      title: 'Kick-off',
      location: 'Their office',
      notes: null,
      starts_at: '2026-11-20T10:00:00.000Z',
      ends_at: '2026-11-20T11:00:00.000Z',
      company_id: company.id,
      organiser_id: owner.user.id,
      status: 'scheduled',
      outcome: null,
      attendees: [],
      online_meeting: false,
      external_provider: null,
    };
    await publishAs(system, 'crm.meeting.created', owner.workspaceId, { ...meeting, version: 1 }, actor);
    const [entry] = (await timeline.page({ target_type: 'company', target_id: company.id })).data;
    expect(entry).toMatchObject({
      type: 'meeting',
      subject: 'Kick-off',
      body: 'Their office',
      outcome: null,
      occurred_at: meeting.starts_at,
      actor_label: 'Meg',
    });
    // Done with an outcome: the entry shows it and a system entry records the meeting held.
    await publishAs(
      system,
      'crm.meeting.updated',
      owner.workspaceId,
      { ...meeting, status: 'done', outcome: 'Signed the pilot', version: 3, fields: ['status', 'outcome'] },
      actor,
    );
    // An older version arriving late changes nothing.
    await publishAs(
      system,
      'crm.meeting.updated',
      owner.workspaceId,
      { ...meeting, title: 'Old title', version: 2, fields: ['title'] },
      actor,
    );
    const shown = await timeline.all({ target_type: 'company', target_id: company.id });
    expect(shown.map((item) => [item.type, item.subject, item.outcome])).toEqual([
      ['system', 'Meeting held: Kick-off', 'Signed the pilot'],
      ['meeting', 'Kick-off', 'Signed the pilot'],
    ]);
    expect(shown[1].id).toBe(entry.id);
    // Moved to another company, the entry moves; deleted, it goes.
    await publishAs(
      system,
      'crm.meeting.updated',
      owner.workspaceId,
      {
        ...meeting,
        company_id: other.id,
        status: 'done',
        outcome: 'Signed the pilot',
        version: 4,
        fields: ['company_id'],
      },
      actor,
    );
    expect(subjectsOf(await timeline.all({ target_type: 'company', target_id: other.id }))).toEqual(['Kick-off']);
    await publishAs(
      system,
      'crm.meeting.deleted',
      owner.workspaceId,
      { ...meeting, company_id: other.id, version: 5 },
      actor,
    );
    expect(await timeline.all({ target_type: 'company', target_id: other.id })).toEqual([]);
  });

  it('shows a meeting made through the API on its company, with its outcome once held', async () => {
    const owner = await signUpWithWorkspace(base, 'Mia');
    const company = await companiesApi(base, owner).create({ name: 'Met Ltd' });
    const timeline = timelineApi(base, owner);
    const created = await request(base, 'POST', '/meetings', {
      token: owner.token,
      body: {
        title: 'Quarterly review',
        starts_at: '2030-02-01T10:00:00.000Z',
        ends_at: '2030-02-01T11:00:00.000Z',
        location: 'Video call',
        company_id: company.id,
      },
    });
    expect(created.status).toBe(201);
    const query = { target_type: 'company', target_id: company.id };
    await timeline.until(query, (seen) => seen.length === 1, 'the meeting entry');
    expect(
      (
        await request(base, 'PATCH', `/meetings/${created.body.id}`, {
          token: owner.token,
          body: { status: 'done', outcome: 'Renewed for a year' },
        })
      ).status,
    ).toBe(200);
    const entries = await timeline.until(
      query,
      (seen) => seen.length === 2 && seen.some((entry) => entry.type === 'meeting' && entry.outcome !== null),
      'the meeting held',
    );
    // The meeting sits at its start (in 2030 here), the record of it being held at the time it was marked.
    expect(
      entries.map((entry) => [entry.type, entry.subject, entry.outcome, entry.actor_label, entry.occurred_at]),
    ).toEqual([
      ['meeting', 'Quarterly review', 'Renewed for a year', 'Mia', '2030-02-01T10:00:00.000Z'],
      ['system', 'Meeting held: Quarterly review', 'Renewed for a year', 'Mia', expect.any(String)],
    ]);
  });

  it('records a file added when a document is completed, and a campaign touchpoint on its contact', async () => {
    const owner = await signUpWithWorkspace(base, 'Fay');
    const company = await companiesApi(base, owner).create({ name: 'Filed Ltd' });
    const contact = (
      await request(base, 'POST', '/contacts', {
        token: owner.token,
        body: { first_name: 'Touched', company_id: company.id },
      })
    ).body;
    const timeline = timelineApi(base, owner);
    const document = {
      document_id: '0193a5f2-7c1e-7d3a-9f43-2a1b3c4d5e62',
      target_type: 'company',
      target_id: company.id,
      name: 'contract.pdf',
      content_type: 'application/pdf',
      size_bytes: 1200,
      status: 'ready',
      uploaded_by: owner.user.id,
      checksum_sha256: null,
      created_at: '2026-11-20T10:00:00.000Z',
      completed_at: '2026-11-20T10:01:00.000Z',
      version: 2,
    };
    const completed = await publishAs(system, 'documents.document.completed', owner.workspaceId, document, {
      type: 'user',
      id: owner.user.id,
      label: 'Fay',
    });
    await publishAs(
      system,
      'marketing.touchpoint.recorded',
      owner.workspaceId,
      {
        touchpoint_id: '0193a5f2-7c1e-7d3a-9f43-2a1b3c4d5e63',
        campaign_id: '0193a5f2-7c1e-7d3a-9f43-2a1b3c4d5e64',
        campaign_name: 'Spring fair',
        contact_id: contact.id,
        company_id: company.id,
        kind: 'ad_click',
        occurred_at: '2026-11-21T09:00:00.000Z',
        note: 'Clicked the banner',
        external_ref: null,
        actor_label: 'Ad sync',
        created_at: '2026-11-21T09:00:01.000Z',
        version: 1,
      },
      { type: 'app', id: '0193a5f2-7c1e-7d3a-9f43-2a1b3c4d5e65', label: 'Ad sync' },
    );
    // The same completion delivered again adds nothing.
    await system.services['crm-core'].context.bus.publish([completed]);
    const entries = await timeline.all({ target_type: 'company', target_id: company.id });
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
      ['system', 'File added: contract.pdf', null, 'company', 'Fay', '2026-11-20T10:01:00.000Z'],
    ]);
  });
});
