import { request, sharedTestSystem, signUpWithWorkspace } from '../support/system';
import { addMemberTo } from './references-support';
import { companiesApi } from './companies-support';
import { dealsApi, salesStages } from './deals-support';
import { subjectsOf, timelineApi } from './timeline-support';

// What the service writes on timelines from the events of companies, contacts and deals (stage
// and owner changes, deals won and lost, merges); merges moving entries to the survivor, entries
// kept while their record is in the recycle bin and gone with a deleted deal; and a meeting's
// entries. (Each event applied once, at its instant; purges; other services' events as their
// contracts carry them: crm-core's service spec, timeline events.)
const system = sharedTestSystem();
const base = system.url;

describe('system entries', () => {
  it('records stage and owner changes of a company', async () => {
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

  it('keeps the timeline of a company or contact in the recycle bin, and deletes that of a deleted deal', async () => {
    const owner = await signUpWithWorkspace(base, 'Pat');
    const companies = companiesApi(base, owner);
    const company = await companies.create({ name: 'Binned Ltd' });
    const contact = (await request(base, 'POST', '/contacts', { token: owner.token, body: { first_name: 'Binned' } }))
      .body;
    const deal = await dealsApi(base, owner).create({ name: 'Deleted deal' });
    const timeline = timelineApi(base, owner);
    const onCompany = await timeline.note('company', company.id);
    const onContact = await timeline.note('contact', contact.id);
    await timeline.note('deal', deal.id);
    expect((await companies.call('DELETE', `/companies/${company.id}`)).status).toBe(204);
    expect((await request(base, 'DELETE', `/contacts/${contact.id}`, { token: owner.token })).status).toBe(204);
    // Still there while in the bin (it can be restored).
    expect(
      (await timeline.page({ target_type: 'company', target_id: company.id })).data.map((entry) => entry.id),
    ).toEqual([onCompany.id]);
    expect(
      (await timeline.page({ target_type: 'contact', target_id: contact.id })).data.map((entry) => entry.id),
    ).toEqual([onContact.id]);
    expect((await request(base, 'DELETE', `/deals/${deal.id}`, { token: owner.token })).status).toBe(204);
    expect((await timeline.call('GET', `/activities?target_type=deal&target_id=${deal.id}`)).status).toBe(404);
  });
});

describe('entries from meetings', () => {
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
});
