import { isEvent } from '@crm/bus';
import { userUpdated } from '@crm/protos';
import {
  createApiKey,
  createOwner,
  signUpPerson,
  startIdentity,
  type IdentityHarness,
} from '../../__tests__/identity-harness';
import { addTeammate } from '../../members/__tests__/member-factory';
import { AVATAR_MAX_LENGTH } from '../avatar';
import { splitName } from '../update-me';
import { JPEG_BYTES, PNG_BYTES, dataUrl } from './avatar-fixtures';

describe('PATCH /me', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  const me = async (token: string) => (await identity.api(token, 'GET', '/me')).body.user;

  it('sets first and last name; name becomes "first last" everywhere', async () => {
    const owner = await createOwner(identity);
    const answer = await identity.api(owner.token, 'PATCH', '/me', { first_name: ' Ann ', last_name: 'Lee ' });
    expect(answer).toEqual({ status: 204, body: undefined });
    expect((await me(owner.token)).name).toBe('Ann Lee');
    expect((await identity.api(owner.token, 'GET', '/members')).body.data[0].name).toBe('Ann Lee');
    expect((await identity.authenticate(owner.token)).actor_label).toBe('Ann Lee');

    const events = await identity.events({ 'event.type': 'identity.user.updated', 'event.data.user_id': owner.userId });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      workspace_id: owner.workspaceId,
      actor: { type: 'user', id: owner.userId },
      data: { user_id: owner.userId, name: 'Ann Lee', fields: ['first_name', 'last_name', 'name'] },
    });
  });

  it('keeps the other part of a sign-up name when one part is changed, and an empty last name leaves the first alone', async () => {
    const person = await signUpPerson(identity, { name: 'Mary Ann Smith' });
    await identity.api(person.token, 'PATCH', '/me', { first_name: 'Maria' });
    expect((await me(person.token)).name).toBe('Maria Ann Smith');
    await identity.api(person.token, 'PATCH', '/me', { last_name: '' });
    expect((await me(person.token)).name).toBe('Maria');
    await identity.api(person.token, 'PATCH', '/me', { last_name: 'Jones' });
    expect((await me(person.token)).name).toBe('Maria Jones');
  });

  it('stores an avatar, shows it in Me and Member, and removes it with null; the event never carries the image', async () => {
    const owner = await createOwner(identity);
    const avatar = dataUrl('png', PNG_BYTES);
    expect((await identity.api(owner.token, 'PATCH', '/me', { avatar })).status).toBe(204);
    expect((await me(owner.token)).avatar).toBe(avatar);
    expect((await identity.api(owner.token, 'GET', '/members')).body.data[0].avatar).toBe(avatar);

    expect((await identity.api(owner.token, 'PATCH', '/me', { avatar: null })).status).toBe(204);
    expect((await me(owner.token)).avatar).toBeNull();
    const events = await identity.events({ 'event.type': 'identity.user.updated', 'event.data.user_id': owner.userId });
    const updates = events.filter((event) => isEvent(event, userUpdated));
    expect(updates.map((event) => event.data.fields)).toEqual([['avatar'], ['avatar']]);
    expect(JSON.stringify(events)).not.toContain(PNG_BYTES.toString('base64'));
  });

  it('accepts an avatar up to the 81920-character limit', async () => {
    const person = await signUpPerson(identity);
    const prefix = 'data:image/jpeg;base64,';
    // JPEG bytes padded to the longest base64 payload (a multiple of 4) that fits the limit.
    const payloadLength = Math.floor((AVATAR_MAX_LENGTH - prefix.length) / 4) * 4;
    const bytes = Buffer.concat([JPEG_BYTES, Buffer.alloc((payloadLength / 4) * 3 - JPEG_BYTES.length)]);
    const avatar = `${prefix}${bytes.toString('base64')}`;
    expect(avatar.length).toBeGreaterThan(AVATAR_MAX_LENGTH - 4);
    expect(avatar.length).toBeLessThanOrEqual(AVATAR_MAX_LENGTH);
    expect((await identity.api(person.token, 'PATCH', '/me', { avatar })).status).toBe(204);
    expect((await identity.api(person.token, 'GET', '/me')).body.user.avatar).toBe(avatar);
  });

  it('turns email notifications off and on', async () => {
    const person = await signUpPerson(identity);
    await identity.api(person.token, 'PATCH', '/me', { email_notifications: false });
    expect((await me(person.token)).email_notifications).toBe(false);
    await identity.api(person.token, 'PATCH', '/me', { email_notifications: true });
    expect((await me(person.token)).email_notifications).toBe(true);
  });

  it('records nothing when nothing changes', async () => {
    const person = await signUpPerson(identity, { name: 'Still Same' });
    expect((await identity.api(person.token, 'PATCH', '/me', {})).status).toBe(204);
    expect(
      (
        await identity.api(person.token, 'PATCH', '/me', {
          first_name: 'Still',
          email_notifications: true,
          avatar: null,
        })
      ).status,
    ).toBe(204);
    expect(
      await identity.events({ 'event.type': 'identity.user.updated', 'event.data.user_id': person.userId }),
    ).toHaveLength(0);
  });

  it.each([
    ['an unknown field', { email: 'new@example.com' }, "unknown field 'email'"],
    ['an empty first name', { first_name: '' }, 'first_name must NOT have fewer than 1 characters'],
    ['a blank first name', { first_name: '   ' }, 'first_name'],
    ['a null first name', { first_name: null }, 'first_name must be string'],
    [
      'a first name over 60 characters',
      { first_name: 'f'.repeat(61) },
      'first_name must NOT have more than 60 characters',
    ],
    [
      'a last name over 60 characters',
      { last_name: 'l'.repeat(61) },
      'last_name must NOT have more than 60 characters',
    ],
    [
      'an avatar over 81920 characters',
      { avatar: `data:image/png;base64,${'A'.repeat(81920)}` },
      'avatar must NOT have more than 81920 characters',
    ],
    ['an avatar that is a link', { avatar: 'https://example.com/me.png' }, 'avatar must be a data:image URL'],
    [
      'an avatar of another type',
      { avatar: dataUrl('gif', Buffer.from('GIF89a....')) },
      'avatar must be a data:image URL',
    ],
    [
      'an avatar whose bytes are not the declared type',
      { avatar: dataUrl('png', JPEG_BYTES) },
      'avatar content is not a png image',
    ],
    ['an avatar number', { avatar: 7 }, 'avatar must be string'],
    ['email_notifications as text', { email_notifications: 'yes' }, 'email_notifications must be boolean'],
  ])('refuses %s with 400 naming the field, changing nothing', async (_label, body, message) => {
    const person = await signUpPerson(identity, { name: 'Kept Name' });
    const answer = await identity.api(person.token, 'PATCH', '/me', { last_name: 'Changed', ...body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ code: 'validation_failed', message: expect.stringContaining(message) });
    expect(await me(person.token)).toMatchObject({ name: 'Kept Name', avatar: null, email_notifications: true });
  });

  it('is refused to API keys (403): a key acts for its creator but is not them', async () => {
    const owner = await createOwner(identity);
    const { key } = await createApiKey(identity, owner);
    const answer = await identity.api(key, 'PATCH', '/me', { first_name: 'Robot' });
    expect(answer.status).toBe(403);
    expect((await me(owner.token)).name).toBe(owner.name);
  });

  it('changes only the caller', async () => {
    const owner = await createOwner(identity);
    const teammate = await addTeammate(identity, owner, 'Sales', { name: 'Tom Mate' });
    await identity.api(owner.token, 'PATCH', '/me', { first_name: 'Boss' });
    expect((await me(teammate.token)).name).toBe('Tom Mate');
  });
});

describe('splitName', () => {
  it.each([
    ['Ann', { first: 'Ann', last: '' }],
    ['Ann Lee', { first: 'Ann', last: 'Lee' }],
    ['  Mary Ann  Smith ', { first: 'Mary', last: 'Ann  Smith' }],
  ])('splits %j', (name, parts) => {
    expect(splitName(name)).toEqual(parts);
  });
});
