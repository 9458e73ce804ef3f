import { randomUUID } from 'node:crypto';
import { isEvent } from '@crm/bus';
import { customFieldCreated, customFieldUpdated, EVENT_CONTRACTS, payloadProblem } from '@crm/protos';
import { startServiceForTest, tenantClaims, type ServiceHarness } from '@crm/testing';
import { crmCoreService } from '../../../crm-core-service';
import { keyFromLabel } from '../custom-field-keys';
import { activeCustomFields, validateCustomValues } from '../custom-values';

let crm: ServiceHarness;
beforeAll(async () => {
  crm = await startServiceForTest(crmCoreService);
});
afterAll(async () => crm.stop());

const adminOf = (workspace_id = randomUUID()) =>
  tenantClaims({ workspace_id, permissions: ['companies:read', 'settings:manage'] });
const memberOf = (workspace_id: string) =>
  tenantClaims({ workspace_id, role: 'Member', is_admin: false, permissions: ['companies:read', 'companies:write'] });

describe('custom field keys', () => {
  it('derives a slug from the label', () => {
    expect(keyFromLabel('Annual revenue')).toBe('annual_revenue');
    expect(keyFromLabel('  Café / Owner #1 ')).toBe('cafe_owner_1');
    expect(keyFromLabel('!!!')).toBe('field');
  });
});

describe('POST /custom-fields', () => {
  it('creates a field with a key from its label, last in order, and publishes it', async () => {
    const admin = adminOf();
    const created = await crm.call(admin, 'POST', '/custom-fields', {
      body: { object: 'company', label: ' Annual revenue ', type: 'number' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      object: 'company',
      key: 'annual_revenue',
      label: 'Annual revenue',
      type: 'number',
      options: [],
      position: 0,
      archived: false,
    });
    const [event] = await crm.events({
      'event.type': 'crm.custom_field.created',
      'event.data.custom_field_id': created.body.id,
    });
    expect(event.workspace_id).toBe(admin.workspace_id);
    expect(event.actor).toEqual(admin.actor);
    expect(event.data).toEqual({
      custom_field_id: created.body.id,
      object: 'company',
      slug: 'annual_revenue',
      label: 'Annual revenue',
      type: 'number',
      options: [],
      position: 0,
      archived: false,
      version: 1,
    });
    expect(payloadProblem(EVENT_CONTRACTS.get('crm.custom_field.created')!, event.data)).toBeUndefined();
  });

  it('gives a clashing key _2, _3 within one object, and the same key on another object', async () => {
    const admin = adminOf();
    const keys: string[] = [];
    for (const object of ['contact', 'contact', 'contact', 'deal']) {
      const answer = await crm.call(admin, 'POST', '/custom-fields', { body: { object, label: 'Tier', type: 'text' } });
      expect(answer.status).toBe(201);
      keys.push(`${object}:${answer.body.key}:${answer.body.position}`);
    }
    expect(keys).toEqual(['contact:tier:0', 'contact:tier_2:1', 'contact:tier_3:2', 'deal:tier:0']);
  });

  it('requires non-empty options for select and refuses them for other types', async () => {
    const admin = adminOf();
    const post = (body: object) => crm.call(admin, 'POST', '/custom-fields', { body });
    const select = await post({ object: 'deal', label: 'Size', type: 'select', options: ['S', 'M', 'L'] });
    expect(select.status).toBe(201);
    expect(select.body.options).toEqual(['S', 'M', 'L']);

    for (const [body, field] of [
      [{ object: 'deal', label: 'Size', type: 'select' }, 'options'],
      [{ object: 'deal', label: 'Size', type: 'select', options: [] }, 'options'],
      [{ object: 'deal', label: 'Size', type: 'text', options: ['a'] }, 'options'],
      [{ object: 'deal', label: 'Size', type: 'select', options: ['a', 'a'] }, 'options'],
      [{ object: 'task', label: 'Size', type: 'text' }, 'object'],
      [{ object: 'deal', label: 'x'.repeat(61), type: 'text' }, 'label'],
      [{ object: 'deal', label: '', type: 'text' }, 'label'],
      [{ object: 'deal', label: 'Size', type: 'money' }, 'type'],
      [{ object: 'deal', type: 'text' }, 'label'],
      [{ object: 'deal', label: 'Size', type: 'text', key: 'size' }, 'key'],
    ] as const) {
      const answer = await post(body);
      expect({ body, status: answer.status, code: answer.body.error.code }).toEqual({
        body,
        status: 400,
        code: 'validation_failed',
      });
      expect(answer.body.error.message).toContain(field);
    }
    const list = await crm.call(admin, 'GET', '/custom-fields');
    expect(list.body.data).toHaveLength(1);
  });

  it('needs a workspace admin with settings:manage', async () => {
    const admin = adminOf();
    const answer = await crm.call(memberOf(admin.workspace_id!), 'POST', '/custom-fields', {
      body: { object: 'company', label: 'Tier', type: 'text' },
    });
    expect(answer.status).toBe(403);
    expect(await crm.events({ 'event.workspace_id': admin.workspace_id })).toEqual([]);
  });
});

describe('GET /custom-fields', () => {
  it('lists in display order, filters by object, hides archived fields unless asked, never mixes workspaces', async () => {
    const admin = adminOf();
    const other = adminOf();
    const post = (label: string, object = 'company') =>
      crm.call(admin, 'POST', '/custom-fields', { body: { object, label, type: 'text' } });
    const a = (await post('A')).body;
    const b = (await post('B')).body;
    const c = (await post('C')).body;
    const d = (await post('D', 'contact')).body;
    await crm.call(other, 'POST', '/custom-fields', { body: { object: 'company', label: 'Elsewhere', type: 'text' } });

    // C moves to position 0 beside A: the older A stays first (position, then creation).
    expect((await crm.call(admin, 'PATCH', `/custom-fields/${c.id}`, { body: { position: 0 } })).status).toBe(200);
    expect((await crm.call(admin, 'PATCH', `/custom-fields/${b.id}`, { body: { archived: true } })).status).toBe(200);

    const member = memberOf(admin.workspace_id!);
    const labels = async (query: string) =>
      (await crm.call(member, 'GET', `/custom-fields${query}`)).body.data.map(
        (field: { label: string }) => field.label,
      );
    expect(await labels('')).toEqual(['A', 'C', 'D']);
    expect(await labels('?object=company')).toEqual(['A', 'C']);
    expect(await labels('?object=company&include_archived=true')).toEqual(['A', 'C', 'B']);
    expect(await labels('?object=contact')).toEqual(['D']);
    expect(a.position).toBe(0);
    expect(d.position).toBe(0);

    const bad = await crm.call(member, 'GET', '/custom-fields?object=task');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('object');
    const unknown = await crm.call(member, 'GET', '/custom-fields?archived=true');
    expect(unknown.status).toBe(400);
  });

  it('needs companies:read', async () => {
    const answer = await crm.call(tenantClaims({ is_admin: false, permissions: [] }), 'GET', '/custom-fields');
    expect(answer.status).toBe(403);
  });
});

describe('PATCH /custom-fields/{id}', () => {
  it('relabels, reorders, archives and changes options, keeping key and type, with a new version each time', async () => {
    const admin = adminOf();
    const field = (
      await crm.call(admin, 'POST', '/custom-fields', {
        body: { object: 'deal', label: 'Size', type: 'select', options: ['S'] },
      })
    ).body;
    const patched = await crm.call(admin, 'PATCH', `/custom-fields/${field.id}`, {
      body: { label: 'Deal size', options: ['S', 'M'], position: 7, archived: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...field, label: 'Deal size', options: ['S', 'M'], position: 7, archived: true });

    // Nothing changed: no event.
    expect(
      (await crm.call(admin, 'PATCH', `/custom-fields/${field.id}`, { body: { label: 'Deal size' } })).body,
    ).toEqual(patched.body);
    const restored = await crm.call(admin, 'PATCH', `/custom-fields/${field.id}`, { body: { archived: false } });
    expect(restored.body.archived).toBe(false);

    const events = await crm.events({ 'event.data.custom_field_id': field.id });
    expect(
      events
        .filter((event) => isEvent(event, customFieldCreated, customFieldUpdated))
        .map(({ type, data }) => [type, data.version, data.label, data.archived]),
    ).toEqual([
      ['crm.custom_field.created', 1, 'Size', false],
      ['crm.custom_field.updated', 2, 'Deal size', true],
      ['crm.custom_field.updated', 3, 'Deal size', false],
    ]);
  });

  it('refuses key, type, bad options and out-of-range positions, naming the field', async () => {
    const admin = adminOf();
    const text = (
      await crm.call(admin, 'POST', '/custom-fields', { body: { object: 'company', label: 'Note', type: 'text' } })
    ).body;
    const select = (
      await crm.call(admin, 'POST', '/custom-fields', {
        body: { object: 'company', label: 'Tier', type: 'select', options: ['A'] },
      })
    ).body;
    for (const [id, body, field] of [
      [text.id, { key: 'other' }, 'key'],
      [text.id, { type: 'number' }, 'type'],
      [text.id, { options: ['a'] }, 'options'],
      [select.id, { options: [] }, 'options'],
      [text.id, { position: 1001 }, 'position'],
      [text.id, { position: -1 }, 'position'],
      [text.id, { label: '' }, 'label'],
      [text.id, { archived: 'yes' }, 'archived'],
    ] as const) {
      const answer = await crm.call(admin, 'PATCH', `/custom-fields/${id}`, { body });
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(answer.body.error.message).toContain(field);
    }
    expect((await crm.call(admin, 'GET', '/custom-fields?include_archived=true')).body.data).toEqual([text, select]);
  });

  it("answers 404 for another workspace's field or an unknown id, and 403 without an admin", async () => {
    const admin = adminOf();
    const field = (
      await crm.call(admin, 'POST', '/custom-fields', { body: { object: 'company', label: 'Note', type: 'text' } })
    ).body;
    const stranger = adminOf();
    expect((await crm.call(stranger, 'PATCH', `/custom-fields/${field.id}`, { body: { label: 'Mine' } })).status).toBe(
      404,
    );
    expect((await crm.call(admin, 'PATCH', `/custom-fields/${randomUUID()}`, { body: { label: 'Mine' } })).status).toBe(
      404,
    );
    expect(
      (
        await crm.call(memberOf(admin.workspace_id!), 'PATCH', `/custom-fields/${field.id}`, {
          body: { label: 'Mine' },
        })
      ).status,
    ).toBe(403);
    expect((await crm.call(admin, 'GET', '/custom-fields')).body.data).toEqual([field]);
  });
});

describe('activeCustomFields', () => {
  it("gives the object's non-archived fields of one workspace, which validateCustomValues checks by type", async () => {
    const admin = adminOf();
    const post = (body: object) => crm.call(admin, 'POST', '/custom-fields', { body });
    await post({ object: 'company', label: 'Revenue', type: 'number' });
    const old = (await post({ object: 'company', label: 'Old', type: 'number' })).body;
    await post({ object: 'contact', label: 'Birthday', type: 'date' });
    await crm.call(admin, 'PATCH', `/custom-fields/${old.id}`, { body: { archived: true } });
    await crm.call(adminOf(), 'POST', '/custom-fields', {
      body: { object: 'company', label: 'Elsewhere', type: 'number' },
    });

    const fields = await activeCustomFields(crm.service.context.connection, admin.workspace_id!, 'company');
    expect(fields.map((field) => field.key)).toEqual(['revenue']);
    expect(() => validateCustomValues({ revenue: 'x' }, fields)).toThrow('custom.revenue must be a number');
    expect(validateCustomValues({ old: 'x', elsewhere: 'y' }, fields)).toEqual({ old: 'x', elsewhere: 'y' });
  });
});

describe('concurrent creation', () => {
  it('gives fields created at the same moment with one label distinct keys', async () => {
    const admin = adminOf();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        crm.call(admin, 'POST', '/custom-fields', { body: { object: 'company', label: 'Tier', type: 'text' } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(answers.map((answer) => answer.body.key).sort()).toEqual(['tier', 'tier_2', 'tier_3']);
  });
});
