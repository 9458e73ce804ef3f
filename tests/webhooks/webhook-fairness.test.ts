import { request, signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';
import { FAST_WEBHOOKS_ENV, startReceiver, type Receiver } from '@crm/testing';

// Delivery slots are shared between workspaces: with three slots, one workspace's endpoints may
// hold two of them (WEBHOOKS_WORKSPACE_CONCURRENCY), however slow they are, and another
// workspace's delivery takes the third.
let system: TestSystem;
let base: string;
const receivers: Receiver[] = [];
const release: Array<() => void> = [];

beforeAll(async () => {
  system = await startTestSystem({
    env: {
      ...process.env,
      ...FAST_WEBHOOKS_ENV,
      WEBHOOKS_CONCURRENCY: '3',
      WEBHOOKS_WORKSPACE_CONCURRENCY: '2',
      // Longer than the test waits: a held attempt ends only when the test lets it.
      WEBHOOKS_TIMEOUT_MS: '60000',
      WEBHOOKS_RETRY_WINDOW_MS: '120000',
    },
  });
  base = system.url;
});

afterAll(async () => {
  for (const free of release.splice(0)) free();
  for (const receiver of receivers) await receiver.close();
  await system.destroy();
});

async function receiver(hold: boolean): Promise<Receiver> {
  const started = await startReceiver();
  receivers.push(started);
  if (hold) started.answer = () => new Promise<number>((resolve) => release.push(() => resolve(204)));
  return started;
}

type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;

async function endpoint(owner: Owner, url: string) {
  const created = await request(base, 'POST', '/webhooks', {
    token: owner.token,
    body: { url, event_types: ['crm.company.created'] },
  });
  expect(created.status).toBe(201);
}

describe('delivery slots', () => {
  it("are shared between workspaces: one workspace's slow endpoints do not hold back another's delivery", async () => {
    const busy = await signUpWithWorkspace(base, 'Slowpoke');
    const calm = await signUpWithWorkspace(base, 'Prompt');
    // Three endpoints that never answer until released: without a cap per workspace, their three
    // attempts would take every slot.
    const slow = [await receiver(true), await receiver(true), await receiver(true)];
    for (const target of slow) await endpoint(busy, target.url);
    const prompt = await receiver(false);
    await endpoint(calm, prompt.url);

    expect((await request(base, 'POST', '/companies', { token: busy.token, body: { name: 'Slow Ltd' } })).status).toBe(
      201,
    );
    const held = () => slow.reduce((sum, target) => sum + target.received.length, 0);
    await waitFor(() => held() >= 2 || undefined);

    expect(
      (await request(base, 'POST', '/companies', { token: calm.token, body: { name: 'Prompt Ltd' } })).status,
    ).toBe(201);
    await waitFor(() => prompt.received.length >= 1 || undefined);
    // Delivered while the busy workspace's attempts were all still held, and it never had a third.
    expect(JSON.parse(prompt.received[0].body)).toMatchObject({
      type: 'crm.company.created',
      data: { name: 'Prompt Ltd' },
    });
    expect(held()).toBe(2);
    expect(release).toHaveLength(2);

    // Once they answer, the busy workspace's third delivery goes out.
    for (const free of release.splice(0)) free();
    await waitFor(() => held() >= 3 || undefined);
    for (const free of release.splice(0)) free();
  });
});
