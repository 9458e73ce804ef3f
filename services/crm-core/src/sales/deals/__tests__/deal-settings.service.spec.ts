import { PERMISSIONS } from '@crm/protos';
import { tenantClaims } from '@crm/testing';
import {
  startCrmCoreWithFakeIdentity,
  workspaceWith,
  type CrmCoreWithFakeIdentity,
} from '../../../__tests__/fake-identity';

// A deal's default currency is the workspace's, from crm-core's copy of its settings; a workspace
// with no copy yet (one created before the copy existed) asks identity, and the answer is kept.
// (The copy following PATCH /workspace: tests/crm-core/deals.test.ts.)
let started: CrmCoreWithFakeIdentity;
let currency = 'CHF';

beforeAll(async () => {
  started = await startCrmCoreWithFakeIdentity((workspaceId) => workspaceWith(workspaceId, { currency }));
});
afterAll(() => started.stop());

describe('the currency of a new deal', () => {
  it("is identity's answer when crm-core has no copy of the settings, and that answer is kept", async () => {
    const claims = tenantClaims({ plan: 'standard', permissions: [...PERMISSIONS] });
    const create = async (name: string) => {
      const created = await started.crm.call(claims, 'POST', '/deals', { body: { name } });
      expect({ name, status: created.status }).toEqual({ name, status: 201 });
      return created.body as { currency: string };
    };
    expect((await create('Swiss deal')).currency).toBe('CHF');
    expect(started.identity.asked).toEqual([claims.workspace_id]);

    // Kept: identity is not asked again, and its later answer changes nothing.
    currency = 'EUR';
    expect((await create('Second Swiss deal')).currency).toBe('CHF');
    expect(started.identity.asked).toEqual([claims.workspace_id]);
  });
});
