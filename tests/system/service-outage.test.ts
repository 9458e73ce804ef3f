import { generateInternalKeyPair } from '@crm/kit';
import { DEAD_ADDRESS, startGatewayReplica } from '../support/gateway-replica';
import { checkAgainst, request, signUpWithWorkspace, startTestSystem, type TestSystem } from '../support/system';

// An outage as the gateway meets it: a second gateway in front of the system's services finds one
// side of identity at an address nothing answers on (as when its pods are gone), while the system
// itself keeps running for the sign-up and for the other replica.
const keys = generateInternalKeyPair();
let system: TestSystem;
const replicas: Array<{ stop(): Promise<void> }> = [];

beforeAll(async () => {
  system = await startTestSystem({ internalKeys: keys });
});

afterAll(async () => {
  for (const replica of replicas) await replica.stop();
  await system.destroy();
});

async function replicaWith(options: Parameters<typeof startGatewayReplica>[2]): Promise<string> {
  const replica = await startGatewayReplica(system, keys, options);
  replicas.push(replica);
  // Its own merged document lacks the part it cannot reach: answers are checked against the system's.
  checkAgainst(replica.url, `${system.url}/openapi.json`);
  return replica.url;
}

describe('when a service is down', () => {
  it('its paths answer 503 unavailable with Retry-After while the other services keep answering', async () => {
    const person = await signUpWithWorkspace(system.url, 'Ops');
    // Identity's HTTP side is gone; its gRPC side (authentication) answers.
    const base = await replicaWith({ serviceUrls: { identity: `http://${DEAD_ADDRESS}` } });

    const down = await request(base, 'GET', '/me', { token: person.token });
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('unavailable');
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);

    // crm-core still answers for itself, and the system's own gateway still reaches identity.
    const other = await request(base, 'GET', '/companies', { token: person.token });
    expect(other.status).toBe(200);
    expect((await request(system.url, 'GET', '/me', { token: person.token })).status).toBe(200);
  });

  it('every authenticated path answers 503 when identity cannot authenticate, and paths without a token still work', async () => {
    const person = await signUpWithWorkspace(system.url, 'Late');
    const base = await replicaWith({ identityGrpcAddress: DEAD_ADDRESS });

    for (const path of ['/me', '/companies', '/reports/pipeline']) {
      const response = await request(base, 'GET', path, { token: person.token });
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('unavailable');
    }
    const signIn = await request(base, 'POST', '/auth/sign-in', {
      body: { email: person.email, password: person.password },
    });
    expect(signIn.status).toBe(200);
  });
});
