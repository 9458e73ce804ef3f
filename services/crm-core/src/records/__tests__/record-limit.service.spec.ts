import { randomUUID } from 'node:crypto';
import { isoNow } from '@crm/kit';
import { PERMISSIONS } from '@crm/protos';
import { interleaved, settledCode, startServiceForTest, tenantClaims, type ServiceHarness } from '@crm/testing';
import { crmCoreService } from '../../crm-core-service';
import { contactModel } from '../contacts/contact.model';
import { newContactRecord } from '../contacts/contact-store';
import { claimRecordRoom } from '../record-limit';

// The Free plan's 2,500 records hold however creates are timed. (The record limit through the
// gateway: tests/billing/plan-limits.test.ts.)
let crm: ServiceHarness;
beforeAll(async () => {
  crm = await startServiceForTest(crmCoreService);
});
afterAll(async () => crm.stop());

describe('the Free plan record limit', () => {
  it('lets only one of two creates at the same moment take the last place', async () => {
    const workspaceId = randomUUID();
    const owner = tenantClaims({ workspace_id: workspaceId, plan: 'free', permissions: [...PERMISSIONS] });
    const rows = Array.from({ length: 1249 }, (_, index) => ({
      name: `Pair ${index}`,
      contact: { first_name: 'Person', last_name: `${index}` },
    }));
    expect((await crm.call(owner, 'POST', '/import/companies', { body: { rows } })).body.created).toBe(1249);
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
});
