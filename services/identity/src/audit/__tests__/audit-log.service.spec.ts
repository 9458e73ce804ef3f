import { waitUntil } from '@crm/testing';
import { makeEvent, type EventActor, type EventEnvelope } from '@crm/bus';
import { isoNow, newId } from '@crm/kit';
import { defineEvent, Type } from '@crm/protos';
import { PERMISSIONS } from '../../roles/permissions';
import { roleModel } from '../../roles/role.model';
import { auditHandler } from '../audit-consumer';
import { auditReadings, reads } from '../readings';
import { IDENTITY_READINGS } from '../readings/identity-readings';
import {
  createApiKey,
  createOwner,
  startIdentity,
  type IdentityHarness,
  type Owner,
} from '../../__tests__/identity-harness';

describe('audit log', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  const auditLog = (token: string, query = '') => identity.api(token, 'GET', `/audit-log${query}`);

  // Delivered through the service's bus like any service's event; resolves once consumed.
  const deliver = (...events: EventEnvelope[]) => identity.service.context.bus.publish(events);

  // Contracts a later service would declare in protos/events/, and identity's readings of them.
  const declared = auditReadings(IDENTITY_READINGS, [
    reads(
      defineEvent({
        type: 'billing.subscription.renewed',
        description: 'The subscription renewed.',
        record: { entity: 'subscription', idField: 'subscription_id' },
        payload: { subscription_id: Type.String() },
      }),
      { source: 'admin', objectName: null, summary: 'Renewed subscription' },
    ),
    reads(
      defineEvent({
        type: 'crm.contact.erased',
        description: "A contact's personal data was erased.",
        record: { entity: 'contact', idField: 'contact_id', deletes: true },
        payload: { contact_id: Type.String() },
      }),
      { source: 'record', objectName: null, summary: 'Erased a contact', erasesObject: true },
    ),
  ]);
  const deliverDeclared = async (...events: EventEnvelope[]) => {
    const handler = auditHandler(identity.service.context.connection, declared);
    for (const event of events) await handler([event]);
  };

  function buildEvent(
    workspaceId: string,
    overrides: { type?: string; data?: Record<string, unknown>; actor?: EventActor | null; occurred_at?: string } = {},
  ): EventEnvelope {
    const event = makeEvent({
      type: overrides.type ?? 'crm.company.created',
      workspace_id: workspaceId,
      actor: overrides.actor === undefined ? { type: 'user', id: newId(), label: 'Ann Lee' } : overrides.actor,
      data: overrides.data ?? { company_id: newId(), name: 'Acme' },
    });
    return overrides.occurred_at ? { ...event, occurred_at: overrides.occurred_at } : event;
  }

  // A role that may manage settings but is neither Owner nor Admin, so a key may be given it.
  async function createKeyAdminRole(owner: Owner): Promise<string> {
    const now = isoNow();
    await roleModel(identity.service.context.connection).create({
      _id: newId(),
      workspace_id: owner.workspaceId,
      name: 'Robot admin',
      permissions: [...PERMISSIONS],
      is_system: false,
      created_at: now,
      updated_at: now,
    });
    return 'Robot admin';
  }

  const summaries = (body: { data: Array<{ summary: string }> }) => body.data.map((entry) => entry.summary);

  // An owner whose onboarding entries (workspace created, Owner added) are in the log already,
  // so counts do not change under a test's feet.
  async function settledOwner(workspaceName?: string): Promise<Owner> {
    const owner = await createOwner(identity, workspaceName);
    await waitUntil(
      () => auditLog(owner.token),
      (answer) => answer.body.total === 2,
      'the onboarding entries',
    );
    return owner;
  }

  describe('entries from identity changes', () => {
    it('records creating an API key with its creator as the actor', async () => {
      const owner = await createOwner(identity, 'Audit Ltd');
      const { id } = await createApiKey(identity, owner, { name: 'Nightly sync' });

      const log = await waitUntil(
        () => auditLog(owner.token),
        (answer) => summaries(answer.body).includes('Created API key "Nightly sync"'),
        'the key creation in the audit log',
      );
      expect(log.status).toBe(200);
      expect(log.body.data[0]).toEqual({
        source: 'admin',
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
        action: 'created',
        object_type: 'api_key',
        object_id: id,
        object_name: 'Nightly sync',
        actor_type: 'user',
        actor: owner.name,
        summary: 'Created API key "Nightly sync"',
      });
      // Onboarding's changes are there too, sign-ups and sessions are not.
      expect(summaries(log.body)).toEqual(
        expect.arrayContaining(['Created workspace "Audit Ltd"', `Added ${owner.email} as Owner`]),
      );
      expect(log.body.data.map((entry: { object_type: string }) => entry.object_type)).not.toContain('session');
      expect(log.body.data.map((entry: { object_type: string }) => entry.object_type)).not.toContain('user');
      expect(log.body.total).toBe(log.body.data.length);
      expect(log.body.next_before).toBeNull();
    });

    it('names the key, not its creator, when a key acted', async () => {
      const owner = await createOwner(identity);
      const role = await createKeyAdminRole(owner);
      const robot = await createApiKey(identity, owner, { name: 'Provisioning robot', kind: 'integration', role });

      const child = await identity.api(robot.key, 'POST', '/api-keys', { name: 'Child key', kind: 'agent' });
      expect(child.status).toBe(201);
      expect((await identity.api(robot.key, 'DELETE', `/api-keys/${child.body.id}`)).status).toBe(204);

      const log = await waitUntil(
        () => auditLog(owner.token),
        (answer) => summaries(answer.body).includes('Revoked API key "Child key"'),
        'the revocation in the audit log',
      );
      const byRobot = log.body.data.filter((entry: { object_id: string }) => entry.object_id === child.body.id);
      const byKey = { actor_type: 'app', actor: 'Provisioning robot' };
      expect(byRobot).toEqual([
        expect.objectContaining({ ...byKey, action: 'revoked', summary: 'Revoked API key "Child key"' }),
        expect.objectContaining({ ...byKey, action: 'created', summary: 'Created API key "Child key"' }),
      ]);
    });
  });

  describe('consumption', () => {
    it('makes one entry for an event delivered twice, or twice at once', async () => {
      const owner = await settledOwner();
      const before = (await auditLog(owner.token)).body.total;
      const event = buildEvent(owner.workspaceId, { data: { company_id: newId(), name: 'Twice Ltd' } });

      await deliver(event);
      await deliver(event);
      const handler = auditHandler(identity.service.context.connection);
      await Promise.all([handler([event]), handler([event])]);

      const log = await auditLog(owner.token);
      expect(log.body.total).toBe(before + 1);
      expect(summaries(log.body).filter((summary) => summary === 'Created company "Twice Ltd"')).toHaveLength(1);
    });

    it("describes another service's event from its data, and keeps only descriptive fields", async () => {
      const owner = await createOwner(identity);
      const dealId = newId();
      const event = buildEvent(owner.workspaceId, {
        type: 'crm.deal.won',
        data: { deal_id: dealId, title: 'Big order', value: 12000, notes: 'private remarks' },
        actor: { type: 'agent', id: newId(), label: 'Closing agent' },
      });
      await deliver(event);

      const log = await auditLog(owner.token, '?source=record');
      expect(log.body.data).toEqual([
        {
          source: 'record',
          at: event.occurred_at,
          action: 'won',
          object_type: 'deal',
          object_id: dealId,
          object_name: 'Big order',
          actor_type: 'agent',
          actor: 'Closing agent',
          summary: 'Won deal "Big order"',
        },
      ]);
      expect(JSON.stringify(log.body)).not.toContain('private remarks');
    });

    it('records a change without an actor as made by the system', async () => {
      const owner = await createOwner(identity);
      const renewal = { type: 'billing.subscription.renewed', data: { subscription_id: newId() }, actor: null };
      await deliverDeclared(buildEvent(owner.workspaceId, renewal));
      const log = await auditLog(owner.token);
      expect(log.body.data[0]).toMatchObject({
        source: 'admin',
        actor_type: 'system',
        actor: null,
        summary: 'Renewed subscription',
      });
    });

    it("forgets an erased contact's name in its earlier entries", async () => {
      const owner = await createOwner(identity);
      const contactId = newId();
      const personal = { contact_id: contactId, first_name: 'Erin', last_name: 'Gone', email: 'erin@gone.example' };
      await deliverDeclared(buildEvent(owner.workspaceId, { type: 'crm.contact.created', data: personal }));
      await deliverDeclared(buildEvent(owner.workspaceId, { type: 'crm.contact.updated', data: personal }));
      expect(summaries((await auditLog(owner.token, '?source=record')).body)).toContain('Updated contact "Erin Gone"');

      await deliverDeclared(buildEvent(owner.workspaceId, { type: 'crm.contact.erased', data: personal }));

      const log = await auditLog(owner.token, '?source=record');
      expect(
        log.body.data.map((entry: Record<string, unknown>) => [entry.object_id, entry.object_name, entry.summary]),
      ).toEqual([
        [contactId, null, 'Erased a contact'],
        [contactId, null, 'Updated contact'],
        [contactId, null, 'Created contact'],
      ]);
      expect(JSON.stringify(log.body)).not.toMatch(/Erin|Gone|erin@/);
    });
  });

  describe('GET /audit-log', () => {
    it('filters by source', async () => {
      const owner = await settledOwner();
      await deliver(
        buildEvent(owner.workspaceId, {
          type: 'crm.company.created',
          data: { company_id: newId(), name: 'Record Co' },
        }),
        buildEvent(owner.workspaceId, {
          type: 'documents.document.deleted',
          data: { document_id: newId(), name: 'a.pdf' },
        }),
      );
      const all = await auditLog(owner.token);
      const admin = await auditLog(owner.token, '?source=admin');
      const record = await auditLog(owner.token, '?source=record');
      expect(new Set(admin.body.data.map((entry: { source: string }) => entry.source))).toEqual(new Set(['admin']));
      expect(new Set(record.body.data.map((entry: { source: string }) => entry.source))).toEqual(new Set(['record']));
      expect(record.body.total).toBe(2);
      expect(admin.body.total).toBe(2);
      expect(all.body.total).toBe(admin.body.total + record.body.total);
      expect((await auditLog(owner.token, '?source=all')).body.total).toBe(all.body.total);
    });

    describe('paging', () => {
      // Five entries a second apart in 2020, older than anything onboarding made.
      async function fiveOldEntries(owner: Owner) {
        const events = [1, 2, 3, 4, 5].map((second) =>
          buildEvent(owner.workspaceId, {
            occurred_at: `2020-01-01T00:00:0${second}.000Z`,
            data: { company_id: newId(), name: `Company ${second}` },
          }),
        );
        await deliver(...events);
        return events;
      }
      const names = (body: { data: Array<{ object_name: string }> }) => body.data.map((entry) => entry.object_name);
      const BEFORE_2021 = '?before=2021-01-01T00:00:00.000Z';

      it('walks back with next_before, newest first, with total counting what matches', async () => {
        const owner = await settledOwner();
        await fiveOldEntries(owner);

        const first = await auditLog(owner.token, `${BEFORE_2021}&limit=2`);
        expect(first.status).toBe(200);
        expect(names(first.body)).toEqual(['Company 5', 'Company 4']);
        expect(first.body.total).toBe(5);
        expect(first.body.next_before).toBe('2020-01-01T00:00:04.000000Z');

        const second = await auditLog(owner.token, `?before=${first.body.next_before}&limit=2`);
        expect(names(second.body)).toEqual(['Company 3', 'Company 2']);
        expect(second.body.total).toBe(3);
        expect(second.body.next_before).toBe('2020-01-01T00:00:02.000000Z');

        const last = await auditLog(owner.token, `?before=${second.body.next_before}&limit=2`);
        expect(names(last.body)).toEqual(['Company 1']);
        expect(last.body).toMatchObject({ total: 1, next_before: null });

        // Without `before` the newer onboarding entries come first.
        const newest = await auditLog(owner.token, '?limit=1');
        expect(newest.body.total).toBe(7);
        expect(newest.body.data[0].object_name).not.toMatch(/^Company/);
      });

      it('pages with offset too', async () => {
        const owner = await createOwner(identity);
        await fiveOldEntries(owner);
        const page = (query: string) => auditLog(owner.token, `${BEFORE_2021}${query}`);

        expect((await page('&limit=2&offset=2')).body).toMatchObject({
          total: 5,
          next_before: '2020-01-01T00:00:02.000000Z',
        });
        expect(names((await page('&limit=2&offset=2')).body)).toEqual(['Company 3', 'Company 2']);
        expect(names((await page('&limit=2&offset=4')).body)).toEqual(['Company 1']);
        expect((await page('&limit=2&offset=4')).body.next_before).toBeNull();
        expect((await page('&offset=9')).body).toEqual({ data: [], total: 5, next_before: null });
        for (const empty of ['&offset=null', '&offset=']) {
          expect(names((await page(`&limit=1${empty}`)).body)).toEqual(['Company 5']);
        }
      });

      it('reads `before` as an instant: strictly older, any offset, finer than milliseconds', async () => {
        const owner = await createOwner(identity);
        await fiveOldEntries(owner);
        const namesBefore = async (before: string) =>
          names((await auditLog(owner.token, `?before=${encodeURIComponent(before)}`)).body);

        expect(await namesBefore('2020-01-01T00:00:03.000Z')).toEqual(['Company 2', 'Company 1']);
        expect(await namesBefore('2020-01-01T01:00:03+01:00')).toEqual(['Company 2', 'Company 1']);
        expect(await namesBefore('2020-01-01T00:00:03.0001Z')).toEqual(['Company 3', 'Company 2', 'Company 1']);
        expect(await namesBefore('2020-01-01T00:00:03.000000Z')).toEqual(['Company 2', 'Company 1']);
        expect(await namesBefore('2020-01-01T00:00:03.0000001Z')).toEqual(['Company 3', 'Company 2', 'Company 1']);
        expect(await namesBefore('2020-01-01T00:00:00Z')).toEqual([]);
      });

      it('walks through entries of one millisecond by their microseconds, and older entries with milliseconds among them', async () => {
        const owner = await createOwner(identity);
        // An import makes many events a millisecond; an event of an earlier publisher has milliseconds.
        const times = [
          '2020-01-01T00:00:01.000Z',
          ...[1, 2, 3, 4].map((micro) => `2020-01-01T00:00:01.00000${micro}Z`),
        ];
        await deliver(
          ...times.map((occurred_at, index) =>
            buildEvent(owner.workspaceId, { occurred_at, data: { company_id: newId(), name: `Burst ${index}` } }),
          ),
        );
        const seen: string[] = [];
        let query = `${BEFORE_2021}&limit=2`;
        for (let page = 0; page < 5; page++) {
          const answer = await auditLog(owner.token, query);
          seen.push(...names(answer.body));
          if (answer.body.next_before === null) break;
          query = `?before=${answer.body.next_before}&limit=2`;
        }
        expect(seen).toEqual(['Burst 4', 'Burst 3', 'Burst 2', 'Burst 1', 'Burst 0']);
        const oldest = await auditLog(owner.token, `${BEFORE_2021}&offset=4`);
        expect(oldest.body.data[0].at).toBe('2020-01-01T00:00:01.000000Z');
      });

      it('lists up to 50 entries by default', async () => {
        const owner = await createOwner(identity);
        const events = Array.from({ length: 51 }, (_, index) =>
          buildEvent(owner.workspaceId, {
            occurred_at: new Date(Date.UTC(2020, 0, 1, 0, 0, index)).toISOString(),
            data: { company_id: newId(), name: `Bulk ${index}` },
          }),
        );
        await deliver(...events);
        const log = await auditLog(owner.token, BEFORE_2021);
        expect(log.body.data).toHaveLength(50);
        expect(log.body.total).toBe(51);
        expect(log.body.next_before).toBe(log.body.data[49].at);
        expect((await auditLog(owner.token, `${BEFORE_2021}&limit=200`)).body.data).toHaveLength(51);
      });
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=many', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=2.5', 'offset'],
      ['source=everything', 'source'],
      ['before=yesterday', 'before'],
      ['before=2020-01-01', 'before'],
    ])('refuses %s with 400 naming the parameter', async (query, field) => {
      const owner = await createOwner(identity);
      const answer = await auditLog(owner.token, `?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(answer.body.error.message).toContain(field);
    });

    it('accepts limit at both ends of 1 to 200', async () => {
      const owner = await settledOwner();
      expect((await auditLog(owner.token, '?limit=1')).body.data).toHaveLength(1);
      expect((await auditLog(owner.token, '?limit=200')).status).toBe(200);
    });

    it('is for admins only', async () => {
      const owner = await createOwner(identity);
      const { key } = await createApiKey(identity, owner, { role: 'Agent (read & write)' });
      const answer = await auditLog(key);
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('forbidden');
    });

    it("never lists another workspace's entries", async () => {
      const mine = await createOwner(identity, 'Mine Ltd');
      const theirs = await createOwner(identity, 'Theirs Ltd');
      await createApiKey(identity, theirs, { name: 'Their key' });
      await deliver(buildEvent(theirs.workspaceId, { data: { company_id: newId(), name: 'Their company' } }));
      await waitUntil(
        () => auditLog(theirs.token),
        (answer) => summaries(answer.body).includes('Created API key "Their key"'),
        'their key in their audit log',
      );

      const log = await waitUntil(
        () => auditLog(mine.token, '?limit=200'),
        (answer) => answer.body.total >= 2,
        'my onboarding entries',
      );
      expect(JSON.stringify(log.body)).not.toMatch(/Theirs Ltd|Their key|Their company/);
      expect(summaries(log.body).sort()).toEqual(
        [`Added ${mine.email} as Owner`, 'Created workspace "Mine Ltd"'].sort(),
      );
      expect(log.body.total).toBe(2);
    });
  });
});
