import { randomUUID } from 'node:crypto';
import { isoNow, runWithContext, type InternalClaims } from '@crm/kit';
import { PERMISSIONS } from '@crm/protos';
import { interleaved, settledCode, tenantClaims, type ServiceHarness } from '@crm/testing';
import {
  startCrmCoreWithFakeIdentity,
  workspaceWith,
  type CrmCoreWithFakeIdentity,
} from '../../__tests__/fake-identity';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { captureLead } from '../../sales/leads/lead-capture';
import { contactModel } from '../contacts/contact.model';
import { newContactRecord } from '../contacts/contact-store';
import { claimRecordRoom } from '../record-limit';

// The Free plan's 2,500 records hold however creates are timed, count the recycle bin until the
// purge, and hold for a web form's lead too. (The record limit through the gateway:
// tests/billing/plan-limits.test.ts.)
let started: CrmCoreWithFakeIdentity;
let crm: ServiceHarness<CrmCoreRuntime>;
// Each workspace's plan as identity answers it (a web form's lead asks identity): Free unless set.
const plans = new Map<string, string>();

beforeAll(async () => {
  started = await startCrmCoreWithFakeIdentity((workspaceId) => ({
    ...workspaceWith(workspaceId, {}),
    plan: plans.get(workspaceId) ?? 'free',
  }));
  crm = started.crm;
});
afterAll(async () => started.stop());

const RECORDS_FULL =
  'the Free plan allows 2,500 records (companies, contacts and deals together, the recycle bin included) and the workspace holds that many; ' +
  'a deleted deal frees its place at once, a company or contact when the recycle bin purges it (30 days after its deletion); or upgrade to Standard';

// A fresh Free workspace holding 2,498 records (1,249 companies with a contact each), and its owner.
async function nearlyFullWorkspace(): Promise<{ owner: InternalClaims; workspaceId: string }> {
  const workspaceId = randomUUID();
  const owner = tenantClaims({ workspace_id: workspaceId, plan: 'free', permissions: [...PERMISSIONS] });
  const rows = Array.from({ length: 1249 }, (_, index) => ({
    name: `Filler ${index}`,
    contact: { first_name: 'Person', last_name: `${index}` },
  }));
  expect((await crm.call(owner, 'POST', '/import/companies', { body: { rows } })).body.created).toBe(1249);
  return { owner, workspaceId };
}

const outcome = (answer: { status: number; body: any }) => ({
  status: answer.status,
  code: answer.body?.error?.code as string | undefined,
});

describe('the Free plan record limit', () => {
  it('lets only one of two creates at the same moment take the last place', async () => {
    const { owner, workspaceId } = await nearlyFullWorkspace();
    expect((await crm.call(owner, 'POST', '/companies', { body: { name: 'The 2,499th' } })).status).toBe(201);

    // Two transactions creating a contact each, both checked before either commits.
    const context = crm.service.context;
    const [one, two] = await interleaved(
      context,
      workspaceId,
      (transaction) => claimRecordRoom(context, transaction, workspaceId, 'free', 1),
      async (transaction, which) => {
        await contactModel(context.connection).create(
          [newContactRecord(workspaceId, { first_name: which }, {}, isoNow())],
          { session: transaction },
        );
      },
    );
    expect([settledCode(one), settledCode(two)]).toEqual(['fulfilled', 'record_limit_reached']);
    expect((await crm.call(owner, 'GET', '/contacts?q=first')).body.data).toHaveLength(1);
    expect((await crm.call(owner, 'GET', '/contacts?q=second')).body.data).toHaveLength(0);
  });

  it('counts a binned company and contact until the purge, which frees their places', async () => {
    const { owner } = await nearlyFullWorkspace();
    const company = await crm.call(owner, 'POST', '/companies', { body: { name: 'Binned Ltd' } });
    const contact = await crm.call(owner, 'POST', '/contacts', { body: { first_name: 'Binned' } });
    expect([company.status, contact.status]).toEqual([201, 201]);
    expect((await crm.call(owner, 'POST', '/contacts', { body: { first_name: 'Over' } })).body.error).toEqual({
      code: 'record_limit_reached',
      message: RECORDS_FULL,
    });

    // In the recycle bin they still count: deleting makes no room.
    expect((await crm.call(owner, 'DELETE', `/companies/${company.body.id}`)).status).toBe(204);
    expect((await crm.call(owner, 'DELETE', `/contacts/${contact.body.id}`)).status).toBe(204);
    expect(outcome(await crm.call(owner, 'POST', '/companies', { body: { name: 'One more' } }))).toEqual({
      status: 409,
      code: 'record_limit_reached',
    });
    expect(outcome(await crm.call(owner, 'POST', '/contacts', { body: { first_name: 'One' } }))).toEqual({
      status: 409,
      code: 'record_limit_reached',
    });

    // 31 days on the bin purges them: two places, and no more.
    await crm.jobsAt(31).runDue();
    expect((await crm.call(owner, 'GET', `/companies/${company.body.id}`)).status).toBe(404);
    expect((await crm.call(owner, 'POST', '/companies', { body: { name: 'One more' } })).status).toBe(201);
    expect((await crm.call(owner, 'POST', '/contacts', { body: { first_name: 'One' } })).status).toBe(201);
    expect(outcome(await crm.call(owner, 'POST', '/deals', { body: { name: 'Past it' } }))).toEqual({
      status: 409,
      code: 'record_limit_reached',
    });
  });

  it("refuses a web form's lead at the limit, naming the plan and the limit, and makes it once the plan has room", async () => {
    const { owner, workspaceId } = await nearlyFullWorkspace();
    expect((await crm.call(owner, 'POST', '/companies', { body: { name: 'The 2,499th' } })).status).toBe(201);
    expect((await crm.call(owner, 'POST', '/contacts', { body: { first_name: 'The 2,500th' } })).status).toBe(201);
    // As marketing hands a submission over (its job keeps it and retries while this refuses).
    const capture = () =>
      runWithContext({ request_id: randomUUID(), workspace_id: workspaceId }, () =>
        captureLead(crm.service.runtime, {
          workspace_id: workspaceId,
          actor_label: 'Web form "Contact us"',
          actor_id: randomUUID(),
          company_name: '',
          email: 'lee@newco.example',
          first_name: 'Lee',
          last_name: '',
          phone: '',
          job_title: '',
          owner_id: '',
          source_id: '',
          campaign_id: '',
          consent: false,
        }),
      );
    await expect(capture()).rejects.toMatchObject({ code: 'record_limit_reached', message: RECORDS_FULL });
    expect((await crm.call(owner, 'GET', '/contacts?q=lee')).body.data).toEqual([]);

    // Identity now answers Standard, which has no record limit: the same lead is made.
    plans.set(workspaceId, 'standard');
    expect(await capture()).toMatchObject({ contact_created: true });
    const standard = { ...owner, plan: 'standard' };
    expect((await crm.call(standard, 'GET', '/contacts?q=lee')).body.data).toEqual([
      expect.objectContaining({ first_name: 'Lee', email: 'lee@newco.example' }),
    ]);
  });
});
