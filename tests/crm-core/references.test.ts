import { newId } from '@crm/kit';
import { callerFor, request, signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';
import { addMemberTo } from './references-support';

// crm-core's reference checks: asked of the owner (identity, marketing) at the time of the
// request, so what one request created is usable by the next; names come from crm-core's copy.
// (A check when identity or marketing cannot be reached: crm-core's service spec, references.)
const system = sharedTestSystem();
const base = system.url;

type Person = { token: string };
const errorOf = (answer: { status: number; body: Record<string, any> }) => [answer.status, answer.body.error?.message];

// A company of the workspace, named after a member (or not) by the request itself.
const createCompany = (person: Person, body: Record<string, unknown>) =>
  request(base, 'POST', '/companies', { token: person.token, body: { name: 'Acme Ltd', ...body } });

async function createCampaign(person: Person, name: string): Promise<string> {
  const created = await request(base, 'POST', '/campaigns', { token: person.token, body: { name } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

describe('member references', () => {
  it('accept a member added a moment ago and refuse anyone else, naming the field', async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const other = await signUpWithWorkspace(base, 'Otto');
    const bea = await addMemberTo(system, ann, 'Bea');

    const owned = await createCompany(ann, { owner_id: bea.userId });
    expect([owned.status, owned.body.owner_name]).toEqual([201, 'Bea']);
    expect((await createCompany(ann, { owner_id: ann.user.id })).status).toBe(201);
    expect(errorOf(await createCompany(ann, { owner_id: other.user.id }))).toEqual([
      400,
      'owner_id is not a member of this workspace',
    ]);
    const task = (assignee_id: string) =>
      request(base, 'POST', '/tasks', { token: ann.token, body: { title: 'Call back', assignee_id } });
    expect((await task(bea.userId)).status).toBe(201);
    expect(errorOf(await task(newId()))).toEqual([400, 'assignee_id is not a member of this workspace']);

    // The answer is remembered at once: the name shows on the next read.
    const read = await request(base, 'GET', `/companies/${owned.body.id}`, { token: ann.token });
    expect(read.body.owner_name).toBe('Bea');
    // Another workspace never sees this workspace's members.
    expect(errorOf(await createCompany(other, { owner_id: bea.userId }))).toEqual([
      400,
      'owner_id is not a member of this workspace',
    ]);
  });

  it('refuse a disabled member from the very next request', async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const bea = await addMemberTo(system, ann, 'Bea');
    expect((await createCompany(ann, { owner_id: bea.userId })).status).toBe(201);
    expect(
      (await request(base, 'PATCH', `/members/${bea.userId}`, { token: ann.token, body: { status: 'disabled' } }))
        .status,
    ).toBeLessThan(300);
    expect(errorOf(await createCompany(ann, { owner_id: bea.userId }))).toEqual([
      400,
      'owner_id is not a member of this workspace',
    ]);
  });

  it("follow a member's rename through identity's events", async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const call = callerFor(base, ann);
    const company = await createCompany(ann, { owner_id: ann.user.id });
    expect([company.status, company.body.owner_name]).toEqual([201, 'Ann']);
    const ownerName = async () => (await call('GET', `/companies/${company.body.id}`)).body.owner_name as string;
    expect(
      (await request(base, 'PATCH', '/me', { token: ann.token, body: { first_name: 'Anna', last_name: 'Berg' } }))
        .status,
    ).toBeLessThan(300);
    await waitFor(async () => (await ownerName()) === 'Anna Berg' || undefined, 'the new name on the company');
    // A later check answers the same person with the same version: the name stays.
    expect((await createCompany(ann, { owner_id: ann.user.id })).body.owner_name).toBe('Anna Berg');
    expect(await ownerName()).toBe('Anna Berg');
  });
});

describe('campaign references', () => {
  it("accept a campaign marketing has just created and refuse unknown ids and another workspace's", async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const other = await signUpWithWorkspace(base, 'Otto');

    expect(errorOf(await createCompany(ann, { campaign_id: newId() }))).toEqual([
      400,
      'campaign_id is not a campaign of this workspace',
    ]);
    const spring = await createCampaign(ann, 'Spring launch');
    const campaigned = await createCompany(ann, { campaign_id: spring });
    expect([campaigned.status, campaigned.body.campaign_name]).toEqual([201, 'Spring launch']);
    expect((await request(base, 'GET', `/companies/${campaigned.body.id}`, { token: ann.token })).body).toMatchObject({
      campaign_id: spring,
      campaign_name: 'Spring launch',
    });

    const theirs = await createCampaign(other, 'Their campaign');
    expect(errorOf(await createCompany(ann, { campaign_id: theirs }))).toEqual([
      400,
      'campaign_id is not a campaign of this workspace',
    ]);
  });
});
