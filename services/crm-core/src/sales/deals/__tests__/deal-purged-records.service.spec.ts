import { waitUntil, type ServiceHarness } from '@crm/testing';
import { startCrmCoreWithFakeIdentity, type CrmCoreWithFakeIdentity } from '../../../__tests__/fake-identity';
import { createRecord, memberClaims } from '../../../records/__tests__/bin-support';

// A deal outlives the company and contact it names: purged from the recycle bin 30 days after
// their deletion (by a job worker whose clock is moved ahead), they leave the deal without them.
// (Deals and the records they point at, through the gateway: tests/crm-core/deals-hooks.test.ts.)
// A new deal takes the workspace's currency, which crm-core asks identity for.
let started: CrmCoreWithFakeIdentity;
let crm: ServiceHarness;
beforeAll(async () => {
  started = await startCrmCoreWithFakeIdentity();
  crm = started.crm;
});
afterAll(async () => started.stop());

describe('deals and purged records', () => {
  it('leaves a deal without its company and contact once they are purged from the recycle bin', async () => {
    const claims = memberClaims();
    const company = await createRecord(crm, claims, '/companies', { name: 'Short-lived' });
    const contact = await createRecord(crm, claims, '/contacts', { first_name: 'Brief' });
    const deal = await createRecord(crm, claims, '/deals', {
      name: 'Outlives it',
      company_id: company,
      contact_id: contact,
    });
    expect((await crm.call(claims, 'DELETE', `/companies/${company}`)).status).toBe(204);
    expect((await crm.call(claims, 'DELETE', `/contacts/${contact}`)).status).toBe(204);
    const read = async () => (await crm.call(claims, 'GET', `/deals/${deal}`)).body;
    // In the bin the deal still names it (it can be restored).
    expect(await read()).toMatchObject({ company_id: company, contact_id: contact, contact_name: 'Brief' });

    expect(await crm.jobsAt(31).runDue()).toBeGreaterThanOrEqual(2);
    // The deal follows the purges' events.
    const detached = await waitUntil(
      read,
      (current) => current.company_id === null && current.contact_id === null,
      'the deal without its purged company and contact',
    );
    expect(detached).toMatchObject({
      company_id: null,
      company_name: null,
      contact_id: null,
      contact_name: null,
      name: 'Outlives it',
    });
  });
});
