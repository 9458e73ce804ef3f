import { randomUUID } from 'node:crypto';
import { runWithContext } from '@crm/kit';
import { PERMISSIONS } from '@crm/protos';
import { tenantClaims } from '@crm/testing';
import { startCrmCoreWithFakeIdentity, type CrmCoreWithFakeIdentity } from '../../../__tests__/fake-identity';
import { captureLead } from '../lead-capture';

// A web form's lead, as marketing hands it over: one email makes one contact, however many
// submissions of it are processed at the same moment. (Web forms through the gateway:
// tests/marketing/web-forms.test.ts.)
let started: CrmCoreWithFakeIdentity;

beforeAll(async () => {
  started = await startCrmCoreWithFakeIdentity();
});
afterAll(() => started.stop());

describe('lead capture', () => {
  it('makes one contact of two submissions of one email processed at the same moment', async () => {
    const workspaceId = randomUUID();
    const owner = tenantClaims({ workspace_id: workspaceId, plan: 'standard', permissions: [...PERMISSIONS] });
    const lead = {
      workspace_id: workspaceId,
      actor_label: 'Twin form',
      actor_id: randomUUID(),
      company_name: 'Twin Ltd',
      email: 'twin@twin-ltd.example',
      first_name: 'Tam',
      last_name: '',
      phone: '',
      job_title: '',
      owner_id: '',
      source_id: '',
      campaign_id: '',
      consent: true,
    };
    const capture = () =>
      runWithContext({ request_id: randomUUID(), workspace_id: workspaceId }, () =>
        captureLead(started.crm.service.runtime, lead),
      );
    const [first, second] = await Promise.all([capture(), capture()]);
    expect(first.contact_id).toBe(second.contact_id);
    expect([first.contact_created, second.contact_created].sort()).toEqual([false, true]);
    const contacts = await started.crm.call(owner, 'GET', '/contacts?limit=50');
    expect((contacts.body.data as Array<{ email: string }>).map((contact) => contact.email)).toEqual([
      'twin@twin-ltd.example',
    ]);
  });
});
