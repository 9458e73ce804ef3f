import { roleModel } from '../../roles/role.model';
import { workspaceModel } from '../workspace.model';
import {
  createApiKey,
  createOwner,
  signUpPerson,
  startIdentity,
  type IdentityHarness,
} from '../../__tests__/identity-harness';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('onboarding', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  it('creates a Standard workspace with the default settings, free for 30 days', async () => {
    const owner = await createOwner(identity, '  Fresh Start  ');
    const workspace = await workspaceModel(identity.service.context.connection)
      .findById(owner.workspaceId)
      .lean()
      .exec();
    expect(workspace).toMatchObject({
      name: 'Fresh Start',
      slug: owner.slug,
      plan: 'standard',
      billing_set_up: false,
      settings: { currency: 'GBP', date_format: 'DD/MM/YYYY', timezone: 'Europe/London', page_size: 25 },
    });
    const complimentaryDays =
      (Date.parse(workspace!.complimentary_until!) - Date.parse(workspace!.created_at)) / DAY_MS;
    expect(complimentaryDays).toBe(30);
  });

  it('seeds the six built-in roles, fixed, and makes the caller Owner', async () => {
    const owner = await createOwner(identity);
    const roles = await roleModel(identity.service.context.connection)
      .find({ workspace_id: owner.workspaceId })
      .sort({ name: 1 })
      .lean()
      .exec();
    expect(roles.map((role) => [role.name, role.is_system, role.permissions.length])).toEqual([
      ['Admin', true, 10],
      ['Agent (read & write)', true, 7],
      ['Agent (read only)', true, 3],
      ['Owner', true, 10],
      ['Read only', true, 3],
      ['Sales', true, 7],
    ]);
    await expect(identity.authenticate(owner.token)).resolves.toMatchObject({ role: 'Owner', is_admin: true });
  });

  it('gives each workspace a unique slug', async () => {
    const first = await createOwner(identity, 'Same Name');
    const second = await createOwner(identity, 'Same Name');
    expect(first.slug).toMatch(/^same-name/);
    expect(second.slug).toMatch(/^same-name-/);
    expect(second.slug).not.toBe(first.slug);
  });

  it('gives unique slugs to workspaces created at the same moment', async () => {
    const people = await Promise.all([signUpPerson(identity), signUpPerson(identity), signUpPerson(identity)]);
    const answers = await Promise.all(
      people.map((person) => identity.api(person.token, 'POST', '/onboarding', { workspace_name: 'Race Condition' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.slug)).size).toBe(3);
  });

  it('lists the workspaces the person is an active member of', async () => {
    const person = await signUpPerson(identity);
    const none = await identity.api(person.token, 'GET', '/onboarding/workspaces');
    expect(none).toEqual({ status: 200, body: { data: [] } });

    const first = await identity.api(person.token, 'POST', '/onboarding', { workspace_name: 'One' });
    const second = await identity.api(person.token, 'POST', '/onboarding', { workspace_name: 'Two' });
    await createOwner(identity, 'Somebody Else');
    const list = await identity.api(person.token, 'GET', '/onboarding/workspaces');
    expect(list.body).toEqual({
      data: [
        { name: 'One', organization_id: first.body.organization_id },
        { name: 'Two', organization_id: second.body.organization_id },
      ],
    });
  });

  it.each([
    ['a missing name', {}, 'workspace_name is required'],
    ['a one-character name', { workspace_name: 'A' }, 'workspace_name'],
    ['a name over 100 characters', { workspace_name: 'w'.repeat(101) }, 'workspace_name'],
    ['an unknown field', { workspace_name: 'Acme', plan: 'free' }, "unknown field 'plan'"],
  ])('refuses %s with 400 naming the field', async (_label, body, message) => {
    const person = await signUpPerson(identity);
    const answer = await identity.api(person.token, 'POST', '/onboarding', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain(message);
    expect((await identity.authenticate(person.token)).workspace_id).toBeUndefined();
  });

  it('is for signed-in people, not API keys', async () => {
    const owner = await createOwner(identity);
    const { key } = await createApiKey(identity, owner);
    expect((await identity.api(key, 'POST', '/onboarding', { workspace_name: 'Via Key' })).status).toBe(403);
    expect((await identity.api(key, 'GET', '/onboarding/workspaces')).status).toBe(403);
  });

  it('publishes the workspace, the Owner membership and the session switch', async () => {
    const owner = await createOwner(identity, 'Evented');
    const events = await identity.events({ 'event.workspace_id': owner.workspaceId });
    expect(events.map((event) => event.type)).toEqual([
      'identity.workspace.created',
      'identity.member.added',
      'identity.session.switched',
    ]);
    expect(events[0]).toMatchObject({
      actor: { type: 'user', id: owner.userId, label: owner.name },
      data: { workspace_id: owner.workspaceId, name: 'Evented', plan: 'standard', created_by: owner.userId },
    });
    expect(events[1].data).toMatchObject({
      user_id: owner.userId,
      role: 'Owner',
      status: 'active',
      email: owner.email,
    });
    expect(events[2].data).toMatchObject({ from_workspace_id: null, to_workspace_id: owner.workspaceId });
  });
});
