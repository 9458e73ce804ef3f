import { isEvent, makeEvent, on, routeEvents, type EventEnvelope } from '@crm/bus';
import { memberAdded, memberUpdated, userUpdated, type UserUpdatedData } from '@crm/protos';
import type { UnitOfWork } from '../unit-of-work';

const actor = { type: 'user' as const, id: 'u1', label: null };
const userData: UserUpdatedData = {
  user_id: 'u1',
  email: 'ann@example.com',
  name: 'Ann',
  email_notifications: true,
  fields: ['name'],
  version: 2,
};

// Never run: the compiler checks it (tsconfig.tests.json). Each @ts-expect-error line fails the
// type-check once it stops being an error, so a payload the contract refuses stays a compile error.
export function publishChecks(unit: UnitOfWork): void {
  unit.publish(userUpdated, { workspace_id: null, actor, data: userData });
  // @ts-expect-error a field the contract does not declare
  unit.publish(userUpdated, { workspace_id: null, actor, data: { ...userData, password: 'x' } });
  // @ts-expect-error a field the contract requires is missing
  unit.publish(userUpdated, { workspace_id: null, actor, data: { user_id: 'u1', version: 2 } });
  // @ts-expect-error a field of the wrong type
  unit.publish(userUpdated, { workspace_id: null, actor, data: { ...userData, version: '2' } });
  // @ts-expect-error another contract's payload
  unit.publish(memberAdded, { workspace_id: 'w1', actor, data: userData });
}

export function consumerChecks(): void {
  on(userUpdated, async (event) => {
    const name: string = event.data.name;
    // @ts-expect-error not a field of crm.user.updated
    void event.data.member_id;
    void name;
  });
  on([memberAdded, memberUpdated], async (event) => {
    const memberId: string = event.data.member_id;
    void memberId;
  });
}

const eventOf = (type: string, data: unknown): EventEnvelope => makeEvent({ type, workspace_id: 'w1', actor, data });

describe('typed events', () => {
  it('routes each event to the handlers of its contract, with the contract types as the patterns', async () => {
    const seen: string[] = [];
    const { patterns, handler } = routeEvents(
      on(userUpdated, async (event) => void seen.push(`renamed ${event.data.name}`)),
      on([memberAdded, memberUpdated], async (event) => void seen.push(`member ${event.data.member_id}`)),
    );
    expect(patterns).toEqual([userUpdated.type, memberAdded.type, memberUpdated.type]);
    await handler(eventOf(userUpdated.type, userData));
    await handler(eventOf(memberUpdated.type, { member_id: 'm1' }));
    await handler(eventOf('crm.company.created', { company_id: 'c1' }));
    expect(seen).toEqual(['renamed Ann', 'member m1']);
  });

  it('narrows an event to the contracts its type names', () => {
    const event = eventOf(userUpdated.type, userData);
    expect(isEvent(event, userUpdated) ? event.data.name : null).toBe('Ann');
    expect(isEvent(event, memberAdded, memberUpdated)).toBe(false);
  });
});
