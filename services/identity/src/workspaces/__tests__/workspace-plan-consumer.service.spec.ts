import { inEventContext, makeEvent } from '@crm/bus';
import { subscriptionComplimentaryEnded, subscriptionStarted, type SubscriptionState } from '@crm/protos';
import { createOwner, startIdentity, type IdentityHarness, type Owner } from '../../__tests__/identity-harness';
import { workspacePlanHandler } from '../workspace-plan-consumer';

// Billing decides the plan; identity applies billing.subscription.* to the workspace by the
// subscription record's version, and the next Authenticate answer (so the next internal token)
// carries it, even with the authentication cache on.
let identity: IdentityHarness;
let owner: Owner;

beforeAll(async () => {
  identity = await startIdentity({ AUTHENTICATION_CACHE: 'true' });
});

afterAll(() => identity.stop());

beforeEach(async () => {
  owner = await createOwner(identity);
});

function state(overrides: Partial<SubscriptionState>): SubscriptionState {
  return {
    subscription_id: owner.workspaceId,
    workspace_id: owner.workspaceId,
    plan: 'free',
    status: 'none',
    interval: null,
    seats: null,
    current_period_end: null,
    cancel_at_period_end: false,
    trial_end: null,
    complimentary_until: '2026-01-01T00:00:00.000Z',
    billing_set_up: false,
    has_billing_account: false,
    provider: 'simulated',
    version: 2,
    ...overrides,
  };
}

async function apply(
  type: string,
  data: SubscriptionState,
  workspaceId: string | null = owner.workspaceId,
): Promise<void> {
  const handler = inEventContext(
    workspacePlanHandler(identity.service.context.connection, identity.service.context.logger).handler,
  );
  await handler(makeEvent({ type, workspace_id: workspaceId, actor: null, data }));
}

const planOf = async (token: string) => (await identity.authenticate(token)).plan;

describe('the plan billing decides', () => {
  it('reaches the very next Authenticate answer and GET /me, cached answers included', async () => {
    expect(await planOf(owner.token)).toBe('standard');
    await apply(subscriptionComplimentaryEnded.type, state({ plan: 'free', version: 2 }));
    expect(await planOf(owner.token)).toBe('free');
    await apply(
      subscriptionStarted.type,
      state({ plan: 'standard', status: 'active', billing_set_up: true, version: 3 }),
    );
    expect(await planOf(owner.token)).toBe('standard');
    const me = await identity.api(owner.token, 'GET', '/me');
    expect(me.body.workspace).toMatchObject({ plan: 'standard', billing_set_up: true });
  });

  it('ignores an event that is not newer than the one applied (late, or delivered twice)', async () => {
    await apply(
      subscriptionStarted.type,
      state({ plan: 'standard', status: 'active', billing_set_up: true, version: 5 }),
    );
    await apply(subscriptionComplimentaryEnded.type, state({ plan: 'free', version: 4 }));
    await apply(subscriptionComplimentaryEnded.type, state({ plan: 'free', version: 5 }));
    expect(await planOf(owner.token)).toBe('standard');
    expect((await identity.api(owner.token, 'GET', '/me')).body.workspace.billing_set_up).toBe(true);
  });

  it('ignores an event without a workspace or with a plan it does not know, changing nothing', async () => {
    await apply(subscriptionComplimentaryEnded.type, state({ plan: 'free', version: 9 }), null);
    await apply(subscriptionComplimentaryEnded.type, state({ plan: 'enterprise', version: 9 }));
    expect(await planOf(owner.token)).toBe('standard');
  });
});
