import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { sealText } from '@crm/kit';
import { appliedUpgradeModel } from '@crm/service-host';
import { bindLegacySecretsUpgrade } from '@crm/webhooks/endpoints/bind-legacy-secrets';
import { webhookModel, type WebhookRecord } from '@crm/webhooks/endpoints/webhook.model';
import { request, signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';
import { FAST_WEBHOOKS_ENV, signatureHeaders, startReceiver, type Receiver } from './webhooks-support';

// Signing secrets are sealed bound to their endpoint: one copied into another endpoint's record
// does not open there, and one sealed before secrets were bound still signs and is re-sealed
// bound by the data upgrade at the first start of a version that binds them.
let system: TestSystem | undefined;
const receivers: Receiver[] = [];
const env = { ...process.env, ...FAST_WEBHOOKS_ENV };

afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
  await system?.destroy();
  system = undefined;
});

async function receiver(): Promise<Receiver> {
  const started = await startReceiver();
  receivers.push(started);
  return started;
}

type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;

async function endpoint(base: string, owner: Owner, url: string) {
  const created = await request(base, 'POST', '/webhooks', { token: owner.token, body: { url, event_types: ['crm.company.created'] } });
  expect(created.status).toBe(201);
  return created.body as { id: string; secret: string };
}

const webhooks = (running: TestSystem) => webhookModel(running.services.webhooks.context.connection);

async function storedEndpoint(running: TestSystem, workspaceId: string, id: string): Promise<WebhookRecord> {
  const record = await webhooks(running).findOne({ _id: id, workspace_id: workspaceId }).lean<WebhookRecord>().exec();
  if (!record) throw new Error(`no webhook ${id}`);
  return record;
}

async function deliveriesOf(base: string, owner: Owner, id: string) {
  const answer = await request(base, 'GET', `/webhooks/${id}/deliveries`, { token: owner.token });
  expect(answer.status).toBe(200);
  return answer.body.data as Array<{ status: string; error: string | null; attempts: number }>;
}

describe('webhook signing secrets at rest', () => {
  it('open only on their own endpoint: a sealed secret moved to another endpoint signs nothing', async () => {
    system = await startTestSystem({ env });
    const base = system.url;
    const owner = await signUpWithWorkspace(base, 'Sealy');
    const first = await receiver();
    const second = await receiver();
    const from = await endpoint(base, owner, first.url);
    const to = await endpoint(base, owner, second.url);
    // Someone with write access to the database copies the first endpoint's sealed secret into the
    // second's record, hoping deliveries to the second are signed with a secret they know.
    const moved = (await storedEndpoint(system, owner.workspaceId, from.id)).secrets;
    await webhooks(system).updateOne({ _id: to.id, workspace_id: owner.workspaceId }, { $set: { secrets: moved } }).exec();

    const company = await request(base, 'POST', '/companies', { token: owner.token, body: { name: 'Moved Secret Ltd' } });
    expect(company.status).toBe(201);
    const failed = await waitFor(async () => {
      const [delivery] = await deliveriesOf(base, owner, to.id);
      return delivery?.error ? delivery : undefined;
    });
    expect(failed.error).toBe("the endpoint's signing secret cannot be read; rotate it");
    // The first endpoint still gets its delivery, signed with its own secret; the second got none.
    await waitFor(() => first.received.length >= 1 || undefined);
    expect(new Webhook(from.secret).verify(first.received[0]!.body, signatureHeaders(first.received[0]!))).toMatchObject({ type: 'crm.company.created' });
    expect(second.received).toEqual([]);

    // Rotating gives the second endpoint a secret of its own again.
    const rotated = await request(base, 'PATCH', `/webhooks/${to.id}`, { token: owner.token, body: { rotate_secret: true } });
    expect(rotated.status).toBe(200);
    const retried = await request(base, 'POST', `/webhooks/${to.id}/test`, { token: owner.token });
    expect(retried.status).toBe(202);
    await waitFor(() => second.received.length >= 1 || undefined);
    const signatures = String(second.received[0]!.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(1);
    expect(() => new Webhook(rotated.body.secret as string).verify(second.received[0]!.body, signatureHeaders(second.received[0]!))).not.toThrow();
    expect(() => new Webhook(from.secret).verify(second.received[0]!.body, signatureHeaders(second.received[0]!))).toThrow();
  });

  it('sealed before they were bound still sign, and are re-sealed bound to their endpoint by the upgrade at start', async () => {
    system = await startTestSystem({ env });
    const dataDir = system.dataDir;
    const owner = await signUpWithWorkspace(system.url, 'Legacy');
    const target = await receiver();
    const created = await endpoint(system.url, owner, target.url);
    // A secret as the service sealed it before binding: no associated data, no `bound` flag.
    const plain = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const key = Buffer.from(readFileSync(join(dataDir, 'webhooks', 'secret.key'), 'utf8').trim(), 'base64');
    const legacy = sealText(key, plain);
    await webhooks(system).updateOne({ _id: created.id, workspace_id: owner.workspaceId }, { $set: { secrets: [{ sealed: legacy, expires_at: null }] } }).exec();
    // Still as an earlier version left it: it opens and signs.
    expect((await request(system.url, 'POST', `/webhooks/${created.id}/test`, { token: owner.token })).status).toBe(202);
    await waitFor(() => target.received.length >= 1 || undefined);
    expect(() => new Webhook(plain).verify(target.received[0]!.body, signatureHeaders(target.received[0]!))).not.toThrow();
    // A store an earlier version wrote has not had the upgrade yet (this one had it, on an empty
    // collection, at its first start).
    const applied = appliedUpgradeModel(system.services.webhooks.context.connection);
    expect(await applied.findById(bindLegacySecretsUpgrade.name).lean().exec()).toMatchObject({ changed: 0 });
    await applied.deleteOne({ _id: bindLegacySecretsUpgrade.name }).exec();

    // Restarted on the same data: the upgrade re-seals it, once.
    await system.stop();
    system = await startTestSystem({ env, dataDir });
    const base = system.url;
    const stored = await storedEndpoint(system, owner.workspaceId, created.id);
    expect(stored.secrets).toEqual([{ sealed: expect.any(String), bound: true, expires_at: null }]);
    expect(stored.secrets[0]!.sealed).not.toBe(legacy);
    expect(await appliedUpgradeModel(system.services.webhooks.context.connection).findById(bindLegacySecretsUpgrade.name).lean().exec()).toMatchObject({ changed: 1 });

    // It signs as the same secret, and, bound now, does not open on another endpoint.
    const company = await request(base, 'POST', '/companies', { token: owner.token, body: { name: 'Legacy Ltd' } });
    expect(company.status).toBe(201);
    await waitFor(() => target.received.length >= 2 || undefined);
    expect(new Webhook(plain).verify(target.received[1]!.body, signatureHeaders(target.received[1]!))).toMatchObject({ type: 'crm.company.created' });
    const other = await receiver();
    const elsewhere = await endpoint(base, owner, other.url);
    await webhooks(system).updateOne({ _id: elsewhere.id, workspace_id: owner.workspaceId }, { $set: { secrets: stored.secrets } }).exec();
    expect((await request(base, 'POST', `/webhooks/${elsewhere.id}/test`, { token: owner.token })).status).toBe(202);
    const refused = await waitFor(async () => {
      const [delivery] = await deliveriesOf(base, owner, elsewhere.id);
      return delivery?.error ? delivery : undefined;
    });
    expect(refused.error).toBe("the endpoint's signing secret cannot be read; rotate it");
    expect(other.received).toEqual([]);
  });
});
