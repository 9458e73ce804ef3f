import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '@crm/protos';
import { startServiceForTest, tenantClaims, type ServiceHarness } from '@crm/testing';
import { crmCoreService } from '../../../crm-core-service';

// A reference is checked with its owner at the time of the request: when identity or marketing
// cannot be reached, the write answers 503 and stores nothing. (The checks themselves, through
// the gateway: tests/crm-core/references.test.ts.)
let crm: ServiceHarness;
beforeAll(async () => {
  // Both peers' addresses point where nothing listens.
  crm = await startServiceForTest(crmCoreService, {
    peers: { identity: '127.0.0.1:1', marketing: '127.0.0.1:1' },
  });
});
afterAll(async () => crm.stop());

describe('references with their owner out of reach', () => {
  it.each([
    ['owner_id', 'identity'],
    ['campaign_id', 'marketing'],
  ])('answer 503 for a company naming an %s when %s cannot be reached, and store nothing', async (field) => {
    const claims = tenantClaims({ plan: 'standard', permissions: [...PERMISSIONS] });
    const created = await crm.call(claims, 'POST', '/companies', {
      body: { name: 'Acme Ltd', [field]: field === 'owner_id' ? claims.user_id : randomUUID() },
    });
    expect({ status: created.status, code: created.body.error?.code }).toEqual({ status: 503, code: 'unavailable' });
    expect((await crm.call(claims, 'GET', '/companies')).body.data).toEqual([]);
  });
});
