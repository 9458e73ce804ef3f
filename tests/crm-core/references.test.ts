import { isoNow, newId, runWithContext } from '@crm/kit';
import { campaignModel } from '@crm/marketing/campaigns/campaign.model';
import { campaignNames, checkCampaign } from '@crm/crm-core/records/references/campaigns';
import { checkMembers, memberNames } from '@crm/crm-core/records/references/members';
import type { ServiceContext } from '@crm/service-host';
import { request, signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';
import { addMemberTo } from './references-support';

// crm-core's reference checks: asked of the owner (identity, marketing) at the time of the
// request, so what one request created is usable by the next; names come from crm-core's copy.
let system: TestSystem;
let base: string;
let crmCore: ServiceContext;

beforeAll(async () => {
  system = await startTestSystem();
  base = system.url;
  crmCore = system.services['crm-core'].context;
});

afterAll(() => system.destroy());

// As a request of the workspace would run them.
const inWorkspace = <T>(workspaceId: string, work: () => Promise<T>) =>
  runWithContext({ request_id: newId(), workspace_id: workspaceId }, work);

const outcome = (work: Promise<unknown>) =>
  work.then(
    () => 'accepted',
    (error: { status?: number; message?: string }) => `${error.status}: ${error.message}`,
  );

// As marketing's campaign operations will store one.
async function createCampaign(workspaceId: string, name: string) {
  const id = newId();
  const now = isoNow();
  await inWorkspace(workspaceId, () =>
    campaignModel(system.services.marketing.context.connection).create({
      _id: id,
      workspace_id: workspaceId,
      version: 1,
      name,
      status: 'planned',
      currency: 'GBP',
      created_at: now,
      updated_at: now,
    }),
  );
  return id;
}

describe('member references', () => {
  it('accept a member added a moment ago and refuse anyone else, naming the field', async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const other = await signUpWithWorkspace(base, 'Otto');
    const bea = await addMemberTo(system, ann, 'Bea');

    const check = (refs: Array<{ field: string; id: string }>) =>
      outcome(inWorkspace(ann.workspaceId, () => checkMembers(crmCore, ann.workspaceId, refs)));
    expect(await check([{ field: 'owner_id', id: bea.userId }])).toBe('accepted');
    expect(
      await check([
        { field: 'owner_id', id: ann.user.id },
        { field: 'user_ids[1]', id: bea.userId },
      ]),
    ).toBe('accepted');
    expect(await check([{ field: 'owner_id', id: other.user.id }])).toBe(
      '400: owner_id is not a member of this workspace',
    );
    expect(
      await check([
        { field: 'owner_id', id: bea.userId },
        { field: 'assignee_id', id: newId() },
      ]),
    ).toBe('400: assignee_id is not a member of this workspace');
    expect(await check([{ field: 'owner_id', id: 'not-an-id' }])).toBe(
      '400: owner_id is not a member of this workspace',
    );

    // The answer is remembered at once: the name shows on the next read.
    const names = await inWorkspace(ann.workspaceId, () =>
      memberNames(crmCore, ann.workspaceId, [bea.userId, ann.user.id, other.user.id]),
    );
    expect(names.get(bea.userId)).toBe('Bea');
    expect(names.has(other.user.id)).toBe(false);
    // Another workspace never sees this workspace's members.
    expect(
      (await inWorkspace(other.workspaceId, () => memberNames(crmCore, other.workspaceId, [bea.userId]))).size,
    ).toBe(0);
  });

  it('refuse a disabled member from the very next request', async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const bea = await addMemberTo(system, ann, 'Bea');
    const members = await request(base, 'GET', '/members', { token: ann.token });
    const membership = (members.body.data as Array<{ id: string; name: string }>).find(
      (member) => member.name === 'Bea',
    );
    expect(
      (await request(base, 'PATCH', `/members/${membership!.id}`, { token: ann.token, body: { status: 'disabled' } }))
        .status,
    ).toBeLessThan(300);
    expect(
      await outcome(
        inWorkspace(ann.workspaceId, () =>
          checkMembers(crmCore, ann.workspaceId, [{ field: 'owner_id', id: bea.userId }]),
        ),
      ),
    ).toBe('400: owner_id is not a member of this workspace');
  });

  it("follow a member's rename through identity's events", async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    // The workspace's creator is known from identity.member.added alone.
    await waitFor(
      async () =>
        (await inWorkspace(ann.workspaceId, () => memberNames(crmCore, ann.workspaceId, [ann.user.id]))).get(
          ann.user.id,
        ) === 'Ann' || undefined,
    );
    expect(
      (await request(base, 'PATCH', '/me', { token: ann.token, body: { first_name: 'Anna', last_name: 'Berg' } }))
        .status,
    ).toBeLessThan(300);
    await waitFor(
      async () =>
        (await inWorkspace(ann.workspaceId, () => memberNames(crmCore, ann.workspaceId, [ann.user.id]))).get(
          ann.user.id,
        ) === 'Anna Berg' || undefined,
    );
    // A later check answers the same person with the same version: the name stays.
    await inWorkspace(ann.workspaceId, () =>
      checkMembers(crmCore, ann.workspaceId, [{ field: 'owner_id', id: ann.user.id }]),
    );
    expect(
      (await inWorkspace(ann.workspaceId, () => memberNames(crmCore, ann.workspaceId, [ann.user.id]))).get(ann.user.id),
    ).toBe('Anna Berg');
  });

  it('answer 503 when identity cannot be reached', async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    // The same service with identity's address pointing where nothing listens.
    const cutOff: ServiceContext = { ...crmCore, peers: { ...crmCore.peers, identity: '127.0.0.1:1' } };
    const error = await inWorkspace(ann.workspaceId, () =>
      checkMembers(cutOff, ann.workspaceId, [{ field: 'owner_id', id: ann.user.id }]),
    ).catch((caught: { status: number; code: string }) => caught);
    expect(error).toMatchObject({ status: 503, code: 'unavailable' });
  });
});

describe('campaign references', () => {
  it("accept a campaign marketing has just created and refuse unknown ids and another workspace's", async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const other = await signUpWithWorkspace(base, 'Otto');
    const check = (id: string) =>
      outcome(inWorkspace(ann.workspaceId, () => checkCampaign(crmCore, ann.workspaceId, 'campaign_id', id)));

    expect(await check(newId())).toBe('400: campaign_id is not a campaign of this workspace');
    const spring = await createCampaign(ann.workspaceId, 'Spring launch');
    expect(await check(spring)).toBe('accepted');
    expect(
      (await inWorkspace(ann.workspaceId, () => campaignNames(crmCore, ann.workspaceId, [spring]))).get(spring),
    ).toBe('Spring launch');

    const theirs = await createCampaign(other.workspaceId, 'Their campaign');
    expect(await check(theirs)).toBe('400: campaign_id is not a campaign of this workspace');
    expect((await inWorkspace(ann.workspaceId, () => campaignNames(crmCore, ann.workspaceId, [theirs]))).size).toBe(0);
  });
});

describe('references through the gateway', () => {
  it('a company may name a member or campaign made by the previous request, and nothing else', async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const other = await signUpWithWorkspace(base, 'Otto');
    const create = (body: Record<string, unknown>) =>
      request(base, 'POST', '/companies', { token: ann.token, body: { name: 'Acme Ltd', ...body } });

    const bea = await addMemberTo(system, ann, 'Bea');
    const owned = await create({ owner_id: bea.userId });
    expect([owned.status, owned.body.owner_name]).toEqual([201, 'Bea']);
    const stranger = await create({ owner_id: other.user.id });
    expect([stranger.status, stranger.body.error?.message]).toEqual([
      400,
      'owner_id is not a member of this workspace',
    ]);

    const spring = await createCampaign(ann.workspaceId, 'Spring launch');
    const campaigned = await create({ campaign_id: spring });
    expect([campaigned.status, campaigned.body.campaign_name]).toEqual([201, 'Spring launch']);
    const theirs = await create({ campaign_id: await createCampaign(other.workspaceId, 'Theirs') });
    expect([theirs.status, theirs.body.error?.message]).toEqual([
      400,
      'campaign_id is not a campaign of this workspace',
    ]);
  });
});
