import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InternalClaims } from '@crm/kit';
import { startServiceForTest, type ServiceHarness } from '@crm/testing';
import { crmCoreService } from '../../crm-core-service';
import { COMPANY_PURGE_JOB } from '../companies/company-bin';
import { PURGE_CONTACT_JOB } from '../contacts/contact-bin';
import { createRecord, DAY, memberClaims, purgeJobOf } from './bin-support';

// The recycle bin's purges: a move to the bin schedules a job 30 days out, a restore cancels it,
// and job workers whose clock is moved ahead (not waiting) purge the record once however many
// run, letting go of what pointed at it. (The bin as a client meets it, through the gateway:
// tests/crm-core/contacts-bin.test.ts and companies-bulk.test.ts.)
let crm: ServiceHarness;
beforeAll(async () => {
  crm = await startServiceForTest(crmCoreService);
});
afterAll(async () => crm.stop());

const ids = (page: { data: Array<{ id: string }> }) => page.data.map((record) => record.id).sort();

// What the service published about one record, by event type.
const eventsAbout = async (claims: InternalClaims, type: string, field: string, id: string) =>
  (await crm.events({ 'event.workspace_id': claims.workspace_id, 'event.type': type })).filter(
    (event) => (event.data as Record<string, unknown>)[field] === id,
  );

describe('the company recycle bin', () => {
  it('schedules a purge 30 days out with each deletion, cancelled by a restore', async () => {
    const claims = memberClaims();
    const id = await createRecord(crm, claims, '/companies', { name: 'Binned Ltd' });
    expect((await crm.call(claims, 'DELETE', `/companies/${id}`)).status).toBe(204);
    const binned = (await crm.call(claims, 'GET', `/companies/${id}`)).body;
    expect((await purgeJobOf(crm, COMPANY_PURGE_JOB, id))?.run_at.getTime()).toBe(
      Date.parse(binned.deleted_at) + 30 * DAY,
    );
    const bulk = (body: unknown) => crm.call(claims, 'POST', '/companies/bulk', { body });
    expect((await bulk({ ids: [id], action: 'restore' })).body).toEqual({ updated: 1 });
    expect(await purgeJobOf(crm, COMPANY_PURGE_JOB, id)).toBeNull();
    expect((await crm.call(claims, 'GET', `/companies/${id}`)).body).toMatchObject({
      deleted_at: null,
      name: 'Binned Ltd',
    });
    expect((await bulk({ ids: [id], action: 'delete' })).body).toEqual({ updated: 1 });
    const again = (await crm.call(claims, 'GET', `/companies/${id}`)).body;
    expect((await purgeJobOf(crm, COMPANY_PURGE_JOB, id))?.run_at.getTime()).toBe(
      Date.parse(again.deleted_at) + 30 * DAY,
    );
  });

  it('purges a company 30 days after it went to the bin, once however many workers run; its contacts stay without a company', async () => {
    const claims = memberClaims();
    const doomed = await createRecord(crm, claims, '/companies', { name: 'Doomed Ltd' });
    const back = await createRecord(crm, claims, '/companies', { name: 'Back Again Ltd' });
    const kept = await createRecord(crm, claims, '/companies', { name: 'Kept Ltd' });
    const staff = await createRecord(crm, claims, '/contacts', { first_name: 'Sam', company_id: doomed });
    const pia = await createRecord(crm, claims, '/contacts', { first_name: 'Pia', company_id: kept });
    expect(
      (await crm.call(claims, 'PATCH', `/companies/${kept}`, { body: { primary_contact_id: pia } })).body
        .primary_contact_id,
    ).toBe(pia);
    const bulk = (body: unknown) => crm.call(claims, 'POST', '/companies/bulk', { body });
    expect((await bulk({ ids: [doomed, back], action: 'delete' })).body).toEqual({ updated: 2 });
    expect((await bulk({ ids: [back], action: 'restore' })).body).toEqual({ updated: 1 });

    // Before the 30 days are up nothing goes.
    await crm.jobsAt(29).runDue();
    expect((await crm.call(claims, 'GET', `/companies/${doomed}`)).status).toBe(200);

    // Two replicas at day 31 at once: the company is purged once.
    await Promise.all([crm.jobsAt(31).runDue(), crm.jobsAt(31).runDue()]);
    expect((await crm.call(claims, 'GET', `/companies/${doomed}`)).status).toBe(404);
    expect(await purgeJobOf(crm, COMPANY_PURGE_JOB, doomed)).toBeNull();
    expect(ids((await crm.call(claims, 'GET', '/companies?deleted=true')).body)).toEqual([]);
    expect((await crm.call(claims, 'GET', '/companies/counts')).body.deleted).toBe(0);
    expect((await crm.call(claims, 'GET', `/contacts/${staff}`)).body).toMatchObject({
      company_id: null,
      deleted_at: null,
      first_name: 'Sam',
    });
    expect(ids((await crm.call(claims, 'GET', '/companies')).body)).toEqual([back, kept].sort());
    expect((await crm.call(claims, 'GET', `/companies/${kept}`)).body.primary_contact_id).toBe(pia);

    // One crm.company.purged, which identity's audit log reads as the purge.
    const purged = await eventsAbout(claims, 'crm.company.purged', 'company_id', doomed);
    expect(purged.map((event) => event.data)).toEqual([expect.objectContaining({ name: 'Doomed Ltd' })]);
  });

  it('keeps a scheduled purge when the service restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crm-core-bin-'));
    try {
      const claims = memberClaims();
      const first = await startServiceForTest(crmCoreService, { dataDir });
      const binned = await createRecord(first, claims, '/companies', { name: 'Across Restart Ltd' });
      expect((await first.call(claims, 'DELETE', `/companies/${binned}`)).status).toBe(204);
      await first.stop();

      const second = await startServiceForTest(crmCoreService, { dataDir });
      try {
        expect((await second.call(claims, 'GET', `/companies/${binned}`)).body.deleted_at).toEqual(expect.any(String));
        expect(await second.jobsAt(31).runDue()).toBeGreaterThanOrEqual(1);
        expect((await second.call(claims, 'GET', `/companies/${binned}`)).status).toBe(404);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the contact recycle bin', () => {
  it('schedules a purge 30 days out with the deletion, cancelled by a restore', async () => {
    const claims = memberClaims();
    const binned = await createRecord(crm, claims, '/contacts', { first_name: 'Binned', email: 'binned@example.com' });
    expect((await crm.call(claims, 'DELETE', `/contacts/${binned}`)).status).toBe(204);
    const inBin = (await crm.call(claims, 'GET', `/contacts/${binned}`)).body;
    expect((await purgeJobOf(crm, PURGE_CONTACT_JOB, binned))?.run_at.getTime()).toBe(
      Date.parse(inBin.deleted_at) + 30 * DAY,
    );
    expect((await crm.call(claims, 'POST', `/contacts/${binned}/restore`)).status).toBe(204);
    expect((await crm.call(claims, 'GET', `/contacts/${binned}`)).body.deleted_at).toBeNull();
    expect(await purgeJobOf(crm, PURGE_CONTACT_JOB, binned)).toBeNull();
  });

  it('purges a contact 30 days after it went to the bin, once however many workers run, letting go of what pointed at it', async () => {
    const claims = memberClaims();
    const boss = await createRecord(crm, claims, '/contacts', { first_name: 'Old', last_name: 'Boss' });
    const report = await createRecord(crm, claims, '/contacts', { first_name: 'Rita', reports_to_id: boss });
    const back = await createRecord(crm, claims, '/contacts', { first_name: 'Back', last_name: 'Again' });
    expect((await crm.call(claims, 'DELETE', `/contacts/${boss}`)).status).toBe(204);
    expect((await crm.call(claims, 'DELETE', `/contacts/${back}`)).status).toBe(204);
    expect((await crm.call(claims, 'POST', `/contacts/${back}/restore`)).status).toBe(204);

    // Before the 30 days are up nothing goes.
    await crm.jobsAt(29).runDue();
    expect((await crm.call(claims, 'GET', `/contacts/${boss}`)).status).toBe(200);

    // Two replicas at day 31 at once: the contact is purged once.
    await Promise.all([crm.jobsAt(31).runDue(), crm.jobsAt(31).runDue()]);
    expect((await crm.call(claims, 'GET', `/contacts/${boss}`)).status).toBe(404);
    expect(ids((await crm.call(claims, 'GET', '/contacts?deleted=true')).body)).toEqual([]);
    expect((await crm.call(claims, 'GET', `/contacts/${report}`)).body.reports_to_id).toBeNull();
    // The restored contact's job was cancelled with the restore.
    expect((await crm.call(claims, 'GET', `/contacts/${back}`)).body.deleted_at).toBeNull();
    expect(await purgeJobOf(crm, PURGE_CONTACT_JOB, boss)).toBeNull();

    // One crm.contact.purged, and the report's change told as an update (identity's audit log
    // reads them as the purge and as `Updated contact "Rita"`).
    const purged = await eventsAbout(claims, 'crm.contact.purged', 'contact_id', boss);
    expect(purged.map((event) => event.data)).toEqual([
      expect.objectContaining({ first_name: 'Old', last_name: 'Boss' }),
    ]);
    const updates = await eventsAbout(claims, 'crm.contact.updated', 'contact_id', report);
    expect(updates.map((event) => event.data)).toEqual([
      expect.objectContaining({ first_name: 'Rita', reports_to_id: null }),
    ]);
  });

  it('keeps a scheduled purge when the service restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crm-core-bin-'));
    try {
      const claims = memberClaims();
      const first = await startServiceForTest(crmCoreService, { dataDir });
      const binned = await createRecord(first, claims, '/contacts', { first_name: 'Across', last_name: 'Restart' });
      expect((await first.call(claims, 'DELETE', `/contacts/${binned}`)).status).toBe(204);
      await first.stop();

      const second = await startServiceForTest(crmCoreService, { dataDir });
      try {
        expect((await second.call(claims, 'GET', `/contacts/${binned}`)).body.deleted_at).not.toBeNull();
        expect(await second.jobsAt(31).runDue()).toBeGreaterThanOrEqual(1);
        expect((await second.call(claims, 'GET', `/contacts/${binned}`)).status).toBe(404);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
