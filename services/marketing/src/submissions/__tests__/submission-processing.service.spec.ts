import { randomUUID } from 'node:crypto';
import { jobModel } from '@crm/bus';
import { AppError, type InternalClaims } from '@crm/kit';
import { PERMISSIONS } from '@crm/protos';
import { startServiceForTest, tenantClaims, waitFor, type ServiceHarness } from '@crm/testing';
import { madeLead, startFakeCrmCore, type FakeCrmCore } from '../../__tests__/fake-crm-core';
import { marketingService } from '../../marketing-service';
import { PROCESS_SUBMISSION_JOB } from '../submission-processing';

// A web form's submission is kept whatever crm-core answers: while crm-core is unreachable or
// refuses the lead (the workspace at its record limit), the job that hands it over fails with
// the reason and stays pending; once crm-core takes it, the submission counts and is published.
// (Web forms through the gateway: tests/marketing/web-forms.test.ts, the record limit:
// tests/billing/plan-limits.test.ts; crm-core's side of a lead: its service specs, lead capture
// and record limit.)
let marketing: ServiceHarness;
let crmCore: FakeCrmCore;
// Where marketing finds crm-core, read at each call: a test points it elsewhere to play an outage.
const peers: Record<string, string> = {};
// An address nothing listens on (the discard port): every connection to it is refused.
const UNREACHABLE = '127.0.0.1:9';

beforeAll(async () => {
  crmCore = await startFakeCrmCore();
  peers['crm-core'] = crmCore.address;
  marketing = await startServiceForTest(marketingService, { peers });
});
afterAll(async () => {
  await marketing.stop();
  await crmCore.stop();
});

const RECORDS_FULL =
  'the Free plan allows 2,500 records (companies, contacts and deals together, the recycle bin included) and the workspace holds that many; ' +
  'a deleted deal frees its place at once, a company or contact when the recycle bin purges it (30 days after its deletion); or upgrade to Standard';

interface Form {
  id: string;
  public_key: string;
  submissions: number;
}

// A form of a fresh workspace and one submission to it, answered at once.
async function submitted(): Promise<{ owner: InternalClaims; workspaceId: string; form: Form }> {
  const workspaceId = randomUUID();
  const owner = tenantClaims({ workspace_id: workspaceId, permissions: [...PERMISSIONS] });
  const created = await marketing.call<Form>(owner, 'POST', '/web-forms', { body: { name: 'Contact us' } });
  expect(created.status).toBe(201);
  const answer = await marketing.call(null, 'POST', `/public/forms/${created.body.public_key}`, {
    body: { email: 'lee@newco.example', first_name: 'Lee', company: 'NewCo' },
  });
  expect({ status: answer.status, body: answer.body }).toEqual({
    status: 200,
    body: { received: true, redirect_url: null },
  });
  return { owner, workspaceId, form: created.body };
}

// The submission's job once an attempt has failed: kept, pending, with the reason.
function failedJob(workspaceId: string) {
  return waitFor(async () => {
    const jobs = await jobModel(marketing.service.context.connection)
      .find({ name: PROCESS_SUBMISSION_JOB, workspace_id: workspaceId })
      .lean()
      .exec();
    return jobs.find((job) => job.attempts >= 1 && job.last_error) ?? undefined;
  }, 'the submission job failing');
}

const submissionsOf = async (owner: InternalClaims, form: Form) =>
  (await marketing.call<{ data: Form[] }>(owner, 'GET', '/web-forms')).body.data.find((item) => item.id === form.id)
    ?.submissions;

// Once crm-core takes the lead, the job run a day on (past any backoff) processes the submission:
// the form counts it and marketing.web_form.submitted names the lead crm-core made.
async function expectProcessedOnceTaken(owner: InternalClaims, form: Form): Promise<void> {
  const lead = madeLead();
  crmCore.captureLead = () => lead;
  await marketing.jobsAt(1).runDue();
  await waitFor(async () => ((await submissionsOf(owner, form)) === 1 ? true : undefined), 'the submission counted');
  const events = await marketing.events({
    'event.type': 'marketing.web_form.submitted',
    'event.workspace_id': owner.workspace_id,
  });
  expect(events.map((event) => event.data)).toEqual([
    expect.objectContaining({ contact_id: lead.contact_id, company_id: lead.company_id, contact_name: 'Lee' }),
  ]);
}

describe('a web form submission', () => {
  it('is kept while crm-core is unreachable and processed once crm-core is back', async () => {
    peers['crm-core'] = UNREACHABLE;
    try {
      const { owner, workspaceId, form } = await submitted();
      expect(await failedJob(workspaceId)).toMatchObject({ status: 'pending' });
      // Nothing processed yet: the form counts no submission, nothing is published.
      expect(await submissionsOf(owner, form)).toBe(0);
      expect(
        await marketing.events({
          'event.type': 'marketing.web_form.submitted',
          'event.workspace_id': owner.workspace_id,
        }),
      ).toEqual([]);
      peers['crm-core'] = crmCore.address;
      await expectProcessedOnceTaken(owner, form);
    } finally {
      peers['crm-core'] = crmCore.address;
    }
  });

  it("is kept while crm-core refuses the lead at the workspace's record limit, with crm-core's reason", async () => {
    crmCore.captureLead = () => {
      throw new AppError('record_limit_reached', RECORDS_FULL, 409);
    };
    const { owner, workspaceId, form } = await submitted();
    expect(await failedJob(workspaceId)).toMatchObject({
      status: 'pending',
      last_error: expect.stringContaining('the Free plan allows 2,500 records'),
    });
    expect(crmCore.asked.at(-1)).toMatchObject({
      workspace_id: workspaceId,
      email: 'lee@newco.example',
      company_name: 'NewCo',
    });
    expect(await submissionsOf(owner, form)).toBe(0);
    await expectProcessedOnceTaken(owner, form);
  });
});
