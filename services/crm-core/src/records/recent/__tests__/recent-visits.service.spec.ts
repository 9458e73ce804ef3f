import { acrossWorkspaces } from '@crm/kit';
import { startServiceForTest, type ServiceHarness } from '@crm/testing';
import { crmCoreService } from '../../../crm-core-service';
import { createRecord, memberClaims, type MemberClaims } from '../../__tests__/bin-support';
import { RECENT_VISIT_MODEL } from '../recent-visit.model';

// What crm-core keeps of a member's recent records: a record purged from the recycle bin (by a
// job worker whose clock is moved ahead) drops out, and no more than 50 visits are stored. (The
// list through the gateway: tests/crm-core/recent.test.ts.)
let crm: ServiceHarness;
beforeAll(async () => {
  crm = await startServiceForTest(crmCoreService);
});
afterAll(async () => crm.stop());

const visit = (claims: MemberClaims, type: string, id: string) =>
  crm.call(claims, 'POST', '/recent', { body: { type, id } });

const recentIds = async (claims: MemberClaims) =>
  ((await crm.call(claims, 'GET', '/recent')).body.data as Array<{ id: string }>).map((hit) => hit.id);

describe('recent records', () => {
  it('drops a record purged from the recycle bin, which can no longer be noted', async () => {
    const claims = memberClaims();
    const acme = await createRecord(crm, claims, '/companies', { name: 'Acme Ltd' });
    const cleo = await createRecord(crm, claims, '/contacts', { first_name: 'Cleo', last_name: 'Dunn' });
    expect((await visit(claims, 'company', acme)).status).toBe(204);
    expect((await visit(claims, 'contact', cleo)).status).toBe(204);

    expect((await crm.call(claims, 'DELETE', `/contacts/${cleo}`)).status).toBe(204);
    await crm.jobsAt(31).runDue();
    expect((await crm.call(claims, 'GET', `/contacts/${cleo}`)).status).toBe(404);
    expect(await recentIds(claims)).toEqual([acme]);
    expect((await visit(claims, 'contact', cleo)).body.error.message).toBe('id is not a contact of this workspace');
  });

  it('stores the 50 newest visits only', async () => {
    const claims = memberClaims();
    const ids: string[] = [];
    for (let index = 0; index < 53; index += 1) {
      const id = await createRecord(crm, claims, '/companies', { name: `Company ${index}` });
      ids.push(id);
      expect((await visit(claims, 'company', id)).status).toBe(204);
    }
    expect(await recentIds(claims)).toEqual([...ids].reverse().slice(0, 50));
    const stored = await acrossWorkspaces('a test counting the stored visits', () =>
      crm.service.context.connection
        .model(RECENT_VISIT_MODEL)
        .countDocuments({ workspace_id: claims.workspace_id, user_id: claims.user_id })
        .exec(),
    );
    expect(stored).toBe(50);
  });
});
