import { request, signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';
import { addMemberTo } from './references-support';
import { companiesApi, expectRefusal } from './companies-support';
import { dealsApi } from './deals-support';
import { mailSubjectsTo, notificationsOf, tasksApi, titlesOf } from './tasks-support';
import { timelineApi } from './timeline-support';

// Tasks as clients use them: the fields and limits of TaskCreate and TaskUpdate, completion
// (completed_at set and cleared), the list's filters and cursors, assignees who must be active
// members (and are notified), targets of the workspace only, merges moving tasks, and one audit
// entry per change.
const system = sharedTestSystem();
const base = system.url;

describe('POST and PATCH /tasks', () => {
  it('creates a task with every field, completes it, reopens it and records it on its target’s timeline', async () => {
    const owner = await signUpWithWorkspace(base, 'Tess');
    const company = await companiesApi(base, owner).create({ name: 'Tasked Ltd' });
    const tasks = tasksApi(base, owner);
    const task = await tasks.create({
      title: '  Send the proposal  ',
      notes: 'Include pricing.\nAnd terms.',
      due_at: '2030-01-10T09:00:00Z',
      remind_at: '2030-01-09T09:00:00.000Z',
      target_type: 'company',
      target_id: company.id.toUpperCase(),
    });
    expect(task).toEqual({
      id: expect.any(String),
      title: 'Send the proposal',
      notes: 'Include pricing.\nAnd terms.',
      due_at: '2030-01-10T09:00:00.000Z',
      remind_at: '2030-01-09T09:00:00.000Z',
      status: 'open',
      target_type: 'company',
      target_id: company.id,
      assignee_id: owner.user.id,
      created_by: owner.user.id,
      completed_at: null,
      created_at: expect.any(String),
    });
    const done = await tasks.patch(task.id, { status: 'done' });
    expect(done.completed_at).not.toBeNull();
    expect(done).toMatchObject({ status: 'done', title: 'Send the proposal', notes: task.notes });
    const [entry] = (await timelineApi(base, owner).page({ target_type: 'company', target_id: company.id })).data;
    expect(entry).toMatchObject({
      type: 'task',
      subject: 'Send the proposal',
      outcome: 'done',
      actor_label: 'Tess',
      occurred_at: done.completed_at,
    });
    const reopened = await tasks.patch(task.id, { status: 'open' });
    expect(reopened).toMatchObject({ status: 'open', completed_at: null });
    expect(await tasks.patch(task.id, { status: 'cancelled' })).toMatchObject({
      status: 'cancelled',
      completed_at: null,
    });
    // Cleared fields.
    expect(await tasks.patch(task.id, { notes: null, due_at: null, remind_at: null, assignee_id: null })).toMatchObject(
      { notes: null, due_at: null, remind_at: null, assignee_id: null },
    );
    // A PATCH that changes nothing answers the task as it is.
    const same = await tasks.patch(task.id, { title: 'Send the proposal' });
    expect(same).toMatchObject({ title: 'Send the proposal', status: 'cancelled' });

    const summaries = await waitFor(async () => {
      const log = await request(base, 'GET', '/audit-log?source=record', { token: owner.token });
      const items = (
        log.body.data as Array<{ object_type: string; object_id: string; actor: string; summary: string }>
      ).filter((item) => item.object_type === 'task');
      return items.length === 5 ? items.map((item) => [item.object_id, item.actor, item.summary]) : undefined;
    }, 'five audit entries of the task');
    expect(summaries).toEqual([
      [task.id, 'Tess', 'Updated task "Send the proposal"'],
      [task.id, 'Tess', 'Cancelled task "Send the proposal"'],
      [task.id, 'Tess', 'Reopened task "Send the proposal"'],
      [task.id, 'Tess', 'Completed task "Send the proposal"'],
      [task.id, 'Tess', 'Created task "Send the proposal"'],
    ]);
  });

  it('refuses bad input with 400 naming the field, and unknown keys', async () => {
    const owner = await signUpWithWorkspace(base, 'Ugo');
    const tasks = tasksApi(base, owner);
    const create = (fields: Record<string, unknown>) => tasks.call('POST', '/tasks', { title: 'Valid', ...fields });
    expectRefusal(await tasks.call('POST', '/tasks', {}), 'title');
    expectRefusal(await create({ title: '' }), 'title');
    expectRefusal(await create({ title: '   ' }), 'title');
    expectRefusal(await create({ title: 'x'.repeat(301) }), 'title');
    expect((await create({ title: 'x'.repeat(300) })).status).toBe(201);
    expectRefusal(await create({ notes: 'x'.repeat(5001) }), 'notes');
    expectRefusal(await create({ due_at: 'tomorrow' }), 'due_at');
    expectRefusal(await create({ remind_at: '2030-13-01T00:00:00Z' }), 'remind_at');
    expectRefusal(await create({ target_type: 'campaign', target_id: owner.workspaceId }), 'target_type');
    expectRefusal(await create({ target_type: 'company' }), 'target_id');
    expectRefusal(await create({ target_id: owner.workspaceId }), 'target_type');
    expectRefusal(await create({ assignee_id: 'me' }), 'assignee_id');
    expectRefusal(await create({ status: 'open' }), 'status');
    expectRefusal(await create({ colour: 'red' }), 'colour');
    const task = await tasks.create();
    const patch = (fields: Record<string, unknown>) => tasks.call('PATCH', `/tasks/${task.id}`, fields);
    expectRefusal(await patch({ title: null }), 'title');
    expectRefusal(await patch({ status: 'finished' }), 'status');
    expectRefusal(await patch({ status: null }), 'status');
    expectRefusal(await patch({ target_id: task.id }), 'target_id');
    expectRefusal(await patch({ completed_at: '2030-01-01T00:00:00Z' }), 'completed_at');
    expectRefusal(await patch({ notes: 'x'.repeat(5001) }), 'notes');
    expect(await tasks.all()).toHaveLength(2);
  });

  it('takes only active members as assignees and records of the workspace as targets; another workspace’s task is 404', async () => {
    const owner = await signUpWithWorkspace(base, 'Vera');
    const other = await signUpWithWorkspace(base, 'Walt');
    const member = await addMemberTo(system, owner, 'Xena');
    const tasks = tasksApi(base, owner);
    expectRefusal(await tasks.call('POST', '/tasks', { title: 'x', assignee_id: other.user.id }), 'assignee_id');
    const companies = companiesApi(base, owner);
    const binned = await companies.create({ name: 'Binned' });
    expect((await companies.call('DELETE', `/companies/${binned.id}`)).status).toBe(204);
    const theirCompany = await companiesApi(base, other).create({ name: 'Theirs' });
    const theirDeal = await dealsApi(base, other).create({ name: 'Their deal' });
    for (const [type, id] of [
      ['company', binned.id],
      ['company', theirCompany.id],
      ['deal', theirDeal.id],
      ['contact', theirCompany.id],
    ]) {
      expectRefusal(await tasks.call('POST', '/tasks', { title: 'x', target_type: type, target_id: id }), 'target_id');
    }
    const task = await tasks.create({ assignee_id: member.userId });
    expect(task.assignee_id).toBe(member.userId);
    expectRefusal(await tasks.call('PATCH', `/tasks/${task.id}`, { assignee_id: other.user.id }), 'assignee_id');
    // A disabled member cannot be given a task.
    const members = (await request(base, 'GET', '/members', { token: owner.token })).body.data as Array<{
      id: string;
      name: string;
    }>;
    const xena = members.find((item) => item.name === 'Xena')!;
    expect(
      (await request(base, 'PATCH', `/members/${xena.id}`, { token: owner.token, body: { status: 'disabled' } }))
        .status,
    ).toBe(204);
    const third = await tasks.create();
    expectRefusal(await tasks.call('PATCH', `/tasks/${third.id}`, { assignee_id: member.userId }), 'assignee_id');

    const theirTask = await tasksApi(base, other).create({ title: 'Theirs' });
    const patched = await tasks.call('PATCH', `/tasks/${theirTask.id}`, { title: 'Mine now' });
    expect({ status: patched.status, code: patched.body.error?.code }).toEqual({ status: 404, code: 'not_found' });
    expect((await tasks.call('PATCH', '/tasks/0193a5f2-7c1e-7d3a-9f43-2a1b3c4d5e6f', { title: 'x' })).status).toBe(404);
    expect(titlesOf(await tasksApi(base, other).all())).toEqual(['Theirs']);
    expect(await tasks.all({ assignee: 'any', target_id: theirCompany.id })).toEqual([]);
  });
});

describe('GET /tasks', () => {
  it('filters by assignee (me by default, any, a member), status and target, due soonest first with stable cursors', async () => {
    const owner = await signUpWithWorkspace(base, 'Yan');
    const member = await addMemberTo(system, owner, 'Zoe');
    const company = await companiesApi(base, owner).create({ name: 'Listed Ltd' });
    const tasks = tasksApi(base, owner);
    const later = await tasks.create({
      title: 'Later',
      due_at: '2030-03-01T00:00:00Z',
      target_type: 'company',
      target_id: company.id,
    });
    const undated = await tasks.create({ title: 'Undated' });
    const sooner = await tasks.create({ title: 'Sooner', due_at: '2030-01-01T00:00:00Z' });
    const theirs = await tasks.create({ title: 'Zoe’s', due_at: '2030-02-01T00:00:00Z', assignee_id: member.userId });
    const nobody = await tasks.create({ title: 'Nobody’s', assignee_id: null });
    await tasks.patch(sooner.id, { status: 'done' });

    expect(titlesOf(await tasks.all())).toEqual(['Sooner', 'Later', 'Undated']);
    expect(titlesOf(await tasks.all({ assignee: 'me' }))).toEqual(['Sooner', 'Later', 'Undated']);
    expect(titlesOf(await tasks.all({ assignee: 'any' }))).toEqual(
      ['Sooner', 'Zoe’s', 'Later', 'Nobody’s', 'Undated'].sort((a, b) => order(a) - order(b)),
    );
    expect(titlesOf(await tasks.all({ assignee: member.userId }))).toEqual(['Zoe’s']);
    expect(titlesOf(await tasksApi(base, member).all())).toEqual(['Zoe’s']);
    expect(titlesOf(await tasks.all({ status: 'open' }))).toEqual(['Later', 'Undated']);
    expect(titlesOf(await tasks.all({ status: 'done', assignee: 'any' }))).toEqual(['Sooner']);
    expect(titlesOf(await tasks.all({ target_type: 'company', target_id: company.id }))).toEqual(['Later']);
    expect(titlesOf(await tasks.all({ target_type: 'deal', assignee: 'any' }))).toEqual([]);

    // Pages of one, then a new task due before the cursor does not shift what follows.
    const first = await tasks.page({ assignee: 'any', limit: '2' });
    await tasks.create({ title: 'Earliest', due_at: '2029-01-01T00:00:00Z' });
    const rest = await tasks.all({ assignee: 'any', limit: '2', cursor: first.next_cursor! });
    expect([...first.data, ...rest].map((task) => task.id)).toEqual([
      sooner.id,
      theirs.id,
      later.id,
      ...[nobody.id, undated.id].sort(),
    ]);

    for (const [key, value] of [
      ['assignee', 'someone'],
      ['status', 'late'],
      ['limit', '51'],
      ['limit', '0'],
      ['target_type', 'campaign'],
      ['target_id', 'x'],
      ['cursor', '!!'],
      ['sort', 'due'],
    ]) {
      expectRefusal(await tasks.call('GET', `/tasks?${key}=${value}`), key);
    }
  });
});

// Undated tasks come last, in id order (their creation order here).
function order(title: string): number {
  return ['Sooner', 'Zoe’s', 'Later', 'Undated', 'Nobody’s'].indexOf(title);
}

describe('notifications and merges', () => {
  it('notifies a member given a task, not the person who took it themselves', async () => {
    const owner = await signUpWithWorkspace(base, 'Abe');
    const member = await addMemberTo(system, owner, 'Bo');
    const tasks = tasksApi(base, owner);
    // Bo reads notifications in the app only.
    expect(
      (await request(base, 'PATCH', '/me', { token: member.token, body: { email_notifications: false } })).status,
    ).toBe(204);
    const boEmail = (await request(base, 'GET', '/me', { token: member.token })).body.user.email as string;
    await tasks.create({ title: 'My own' });
    const given = await tasks.create({ title: 'For Bo', due_at: '2030-05-01T12:00:00Z', assignee_id: member.userId });
    const notified = await waitFor(async () => {
      const items = await notificationsOf(base, member);
      return items.length > 0 ? items : undefined;
    }, 'Bo’s notification');
    expect(notified).toEqual([
      {
        id: expect.any(String),
        kind: 'task_assigned',
        title: 'Abe assigned you a task: For Bo',
        body: 'Due 2030-05-01 12:00 UTC.',
        link: expect.stringMatching(/\/v1\/tasks\?assignee=me&status=open$/),
        created_at: expect.any(String),
        read_at: null,
      },
    ]);
    // Reassigned to the owner by Bo: the owner hears of it; a change of title tells nobody.
    await tasksApi(base, member).patch(given.id, { assignee_id: owner.user.id });
    await tasksApi(base, member).patch(given.id, { title: 'For Abe' });
    // Bo's joining told the owner (invitation_accepted); what follows is about the task.
    const ownerItems = await waitFor(async () => {
      const items = (await notificationsOf(base, owner)).filter((item) => item.kind !== 'invitation_accepted');
      return items.length > 0 ? items : undefined;
    }, 'the owner’s notification');
    expect(ownerItems.map((item) => [item.kind, item.title])).toEqual([
      ['task_assigned', 'Bo assigned you a task: For Bo'],
    ]);
    expect(await notificationsOf(base, member)).toHaveLength(1);
    // Mailed to the owner, who has email notifications on; not to Bo, who turned them off (the
    // invitation's mails, to Bo and of its acceptance to the owner, left aside).
    const mailsAboutTasks = (address: string) =>
      mailSubjectsTo(system.dataDir, address).filter((subject) => !/invit/i.test(subject));
    const mailed = await waitFor(() => {
      const subjects = mailsAboutTasks(owner.email);
      return subjects.length > 0 ? subjects : undefined;
    }, 'the owner’s mail');
    expect(mailed).toEqual(['Bo assigned you a task: For Bo']);
    expect(mailsAboutTasks(boEmail)).toEqual([]);
  });

  it('moves the tasks of merged companies and contacts to the survivor', async () => {
    const owner = await signUpWithWorkspace(base, 'Cy');
    const companies = companiesApi(base, owner);
    const survivor = await companies.create({ name: 'Survivor' });
    const source = await companies.create({ name: 'Source' });
    const keeper = (await request(base, 'POST', '/contacts', { token: owner.token, body: { first_name: 'Keeper' } }))
      .body;
    const merged = (await request(base, 'POST', '/contacts', { token: owner.token, body: { first_name: 'Merged' } }))
      .body;
    const tasks = tasksApi(base, owner);
    const onSource = await tasks.create({ title: 'On the source', target_type: 'company', target_id: source.id });
    const onMerged = await tasks.create({
      title: 'On the merged contact',
      target_type: 'contact',
      target_id: merged.id,
    });
    expect((await companies.call('POST', `/companies/${survivor.id}/merge`, { source_ids: [source.id] })).status).toBe(
      200,
    );
    expect(
      (
        await request(base, 'POST', `/contacts/${keeper.id}/merge`, {
          token: owner.token,
          body: { source_ids: [merged.id] },
        })
      ).status,
    ).toBe(200);
    await waitFor(
      async () =>
        (await tasks.all({ target_id: survivor.id })).length === 1 &&
        (await tasks.all({ target_id: keeper.id })).length === 1,
      'tasks on the survivors',
    );
    expect((await tasks.all({ target_id: survivor.id }))[0]).toMatchObject({
      id: onSource.id,
      target_type: 'company',
      target_id: survivor.id,
    });
    expect((await tasks.all({ target_id: keeper.id }))[0]).toMatchObject({
      id: onMerged.id,
      target_type: 'contact',
      target_id: keeper.id,
    });
  });
});
