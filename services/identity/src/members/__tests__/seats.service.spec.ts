import { isoNow } from '@crm/kit';
import { interleaved, settledCode } from '@crm/testing';
import { createOwner, signUpPerson, startIdentity, type IdentityHarness } from '../../__tests__/identity-harness';
import { addMember } from '../memberships';
import { ensureSeatFree } from '../seats';
import { addTeammate, roleIdOf } from './member-factory';

// The Free plan's 3 seats hold however joins are timed. (The seat limit through the gateway:
// tests/billing/plan-limits.test.ts.)
let identity: IdentityHarness;

beforeAll(async () => {
  identity = await startIdentity();
});

afterAll(async () => {
  await identity.stop();
});

describe('the Free plan seat limit', () => {
  it('lets only one of two people joining at the same moment take the last seat', async () => {
    const owner = await createOwner(identity, 'Pia Ltd');
    await addTeammate(identity, owner, 'Sales');
    const roleId = await roleIdOf(identity, owner.workspaceId, 'Sales');
    const people = {
      first: (await signUpPerson(identity)).userId,
      second: (await signUpPerson(identity)).userId,
    };
    // Two memberships added at once to a workspace with one seat left, both checked before
    // either commits.
    const { connection } = identity.service.context;
    const workspaceId = owner.workspaceId;
    const [one, two] = await interleaved(
      identity.service.context,
      workspaceId,
      (transaction) => ensureSeatFree(connection, transaction, workspaceId, 'free', 'member'),
      async (transaction, which) => {
        await addMember(connection, transaction, { workspaceId, userId: people[which], roleId, now: isoNow() });
      },
    );
    expect([settledCode(one), settledCode(two)]).toEqual(['fulfilled', 'seat_limit_reached']);
    const members = await identity.api(owner.token, 'GET', '/members');
    expect(
      (members.body.data as Array<{ status: string }>).filter((member) => member.status === 'active'),
    ).toHaveLength(3);
  });
});
