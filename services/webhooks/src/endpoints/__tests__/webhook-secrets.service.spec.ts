import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { sealText, type InternalClaims } from '@crm/kit';
import { appliedUpgradeModel } from '@crm/service-host';
import {
  contractEvent,
  FAST_WEBHOOKS_ENV,
  signatureHeaders,
  startReceiver,
  startServiceForTest,
  tenantClaims,
  waitFor,
  type Receiver,
  type ServiceHarness,
} from '@crm/testing';
import { webhooksService } from '../../webhooks-service';
import { BIND_LEGACY_SECRETS_UPGRADE } from '../bind-legacy-secrets';
import { feedEntryModel } from '../../feed/feed.model';
import { webhookModel, type WebhookRecord } from '../webhook.model';

// Signing secrets are sealed bound to their endpoint: one copied into another endpoint's record
// does not open there, and one sealed before secrets were bound still signs and is re-sealed
// bound by the data upgrade at the first start of a version that binds them. The service runs
// alone: its operations through its HTTP handler, crm-core's events published on its bus.
const env = { ...process.env, ...FAST_WEBHOOKS_ENV };
let webhooks: ServiceHarness | undefined;
const receivers: Receiver[] = [];
const dataDirs: string[] = [];

afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
  await webhooks?.stop();
  webhooks = undefined;
  for (const dataDir of dataDirs.splice(0)) rmSync(dataDir, { recursive: true, force: true });
});

async function receiver(): Promise<Receiver> {
  const started = await startReceiver();
  receivers.push(started);
  return started;
}

async function endpoint(service: ServiceHarness, admin: InternalClaims, url: string) {
  const created = await service.call(admin, 'POST', '/webhooks', {
    body: { url, event_types: ['crm.company.created'] },
  });
  expect(created.status).toBe(201);
  return created.body as { id: string; secret: string };
}

const stored = (service: ServiceHarness) => webhookModel(service.service.context.connection);

async function storedEndpoint(service: ServiceHarness, workspaceId: string | null, id: string): Promise<WebhookRecord> {
  const record = await stored(service).findOne({ _id: id, workspace_id: workspaceId }).lean<WebhookRecord>().exec();
  if (!record) throw new Error(`no webhook ${id}`);
  return record;
}

async function deliveriesOf(service: ServiceHarness, admin: InternalClaims, id: string) {
  const answer = await service.call(admin, 'GET', `/webhooks/${id}/deliveries`);
  expect(answer.status).toBe(200);
  return answer.body.data as Array<{ status: string; error: string | null; attempts: number }>;
}

// An admin of a fresh workspace, who may manage its webhooks.
const adminClaims = () => tenantClaims({ permissions: ['settings:manage'] });

// crm-core's fact, as its outbox relay publishes it.
async function companyCreated(service: ServiceHarness, workspaceId: string | null, name: string): Promise<void> {
  await service.service.context.bus.publish([contractEvent('crm.company.created', workspaceId, { name })]);
}

describe('webhook signing secrets at rest', () => {
  it('open only on their own endpoint: a sealed secret moved to another endpoint signs nothing', async () => {
    webhooks = await startServiceForTest(webhooksService, { env });
    const admin = adminClaims();
    const first = await receiver();
    const second = await receiver();
    const from = await endpoint(webhooks, admin, first.url);
    const to = await endpoint(webhooks, admin, second.url);
    // Someone with write access to the database copies the first endpoint's sealed secret into the
    // second's record, hoping deliveries to the second are signed with a secret they know.
    const moved = (await storedEndpoint(webhooks, admin.workspace_id, from.id)).secrets;
    await stored(webhooks)
      .updateOne({ _id: to.id, workspace_id: admin.workspace_id }, { $set: { secrets: moved } })
      .exec();

    await companyCreated(webhooks, admin.workspace_id, 'Moved Secret Ltd');
    const service = webhooks;
    const failed = await waitFor(async () => {
      const [delivery] = await deliveriesOf(service, admin, to.id);
      return delivery?.error ? delivery : undefined;
    });
    expect(failed.error).toBe("the endpoint's signing secret cannot be read; rotate it");
    // The first endpoint still gets its delivery, signed with its own secret; the second got none.
    await waitFor(() => first.received.length >= 1 || undefined);
    expect(new Webhook(from.secret).verify(first.received[0].body, signatureHeaders(first.received[0]))).toMatchObject({
      type: 'crm.company.created',
    });
    expect(second.received).toEqual([]);

    // Rotating gives the second endpoint a secret of its own again.
    const rotated = await webhooks.call(admin, 'PATCH', `/webhooks/${to.id}`, { body: { rotate_secret: true } });
    expect(rotated.status).toBe(200);
    expect((await webhooks.call(admin, 'POST', `/webhooks/${to.id}/test`)).status).toBe(202);
    await waitFor(() => second.received.length >= 1 || undefined);
    const signatures = String(second.received[0].headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(1);
    expect(() =>
      new Webhook(rotated.body.secret as string).verify(second.received[0].body, signatureHeaders(second.received[0])),
    ).not.toThrow();
    expect(() =>
      new Webhook(from.secret).verify(second.received[0].body, signatureHeaders(second.received[0])),
    ).toThrow();
  });

  it('sealed before they were bound still sign, and are re-sealed bound to their endpoint by the upgrade at start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crm-webhooks-secrets-'));
    dataDirs.push(dataDir);
    webhooks = await startServiceForTest(webhooksService, { env, dataDir });
    const admin = adminClaims();
    const target = await receiver();
    const created = await endpoint(webhooks, admin, target.url);
    // A secret as the service sealed it before binding: no associated data, no `bound` flag.
    const plain = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const key = Buffer.from(readFileSync(join(dataDir, 'webhooks', 'secret.key'), 'utf8').trim(), 'base64');
    const legacy = sealText(key, plain);
    await stored(webhooks)
      .updateOne(
        { _id: created.id, workspace_id: admin.workspace_id },
        { $set: { secrets: [{ sealed: legacy, expires_at: null }] } },
      )
      .exec();
    // Still as an earlier version left it: it opens and signs.
    expect((await webhooks.call(admin, 'POST', `/webhooks/${created.id}/test`)).status).toBe(202);
    await waitFor(() => target.received.length >= 1 || undefined);
    expect(() =>
      new Webhook(plain).verify(target.received[0].body, signatureHeaders(target.received[0])),
    ).not.toThrow();
    // A store an earlier version wrote has not had the upgrade yet (this one had it, on an empty
    // collection, at its first start).
    const applied = appliedUpgradeModel(webhooks.service.context.connection);
    expect(await applied.findById(BIND_LEGACY_SECRETS_UPGRADE).lean().exec()).toMatchObject({ changed: 0 });
    await applied.deleteOne({ _id: BIND_LEGACY_SECRETS_UPGRADE }).exec();

    // Restarted on the same data: the upgrade re-seals it, once.
    await webhooks.stop();
    webhooks = await startServiceForTest(webhooksService, { env, dataDir });
    const service = webhooks;
    const resealed = await storedEndpoint(service, admin.workspace_id, created.id);
    expect(resealed.secrets).toEqual([{ sealed: expect.any(String), bound: true, expires_at: null }]);
    expect(resealed.secrets[0].sealed).not.toBe(legacy);
    expect(
      await appliedUpgradeModel(service.service.context.connection).findById(BIND_LEGACY_SECRETS_UPGRADE).lean().exec(),
    ).toMatchObject({ changed: 1 });

    // It signs as the same secret, and, bound now, does not open on another endpoint.
    await companyCreated(service, admin.workspace_id, 'Legacy Ltd');
    await waitFor(() => target.received.length >= 2 || undefined);
    expect(new Webhook(plain).verify(target.received[1].body, signatureHeaders(target.received[1]))).toMatchObject({
      type: 'crm.company.created',
    });
    const other = await receiver();
    const elsewhere = await endpoint(service, admin, other.url);
    await stored(service)
      .updateOne({ _id: elsewhere.id, workspace_id: admin.workspace_id }, { $set: { secrets: resealed.secrets } })
      .exec();
    expect((await service.call(admin, 'POST', `/webhooks/${elsewhere.id}/test`)).status).toBe(202);
    const refused = await waitFor(async () => {
      const [delivery] = await deliveriesOf(service, admin, elsewhere.id);
      return delivery?.error ? delivery : undefined;
    });
    expect(refused.error).toBe("the endpoint's signing secret cannot be read; rotate it");
    expect(other.received).toEqual([]);
  });
});

describe('the event feed', () => {
  it("keeps a workspace's public events, and nothing of another workspace", async () => {
    webhooks = await startServiceForTest(webhooksService, { env });
    const admin = adminClaims();
    const stranger = adminClaims();
    await companyCreated(webhooks, admin.workspace_id, 'First Ltd');
    await companyCreated(webhooks, admin.workspace_id, 'Second Ltd');
    await companyCreated(webhooks, stranger.workspace_id, 'Elsewhere Ltd');
    const service = webhooks;
    const entries = feedEntryModel(service.service.context.connection);
    const kept = async (workspaceId: string | null) => entries.countDocuments({ workspace_id: workspaceId }).exec();
    await waitFor(
      async () => ((await kept(admin.workspace_id)) === 2 && (await kept(stranger.workspace_id)) === 1) || undefined,
      'the three events kept',
    );
    const answer = await service.call(admin, 'GET', '/events');
    expect(answer.status).toBe(200);
    const feed = answer.body.data as Array<{ type: string; data: { name: string } }>;
    expect(feed.map((entry) => [entry.type, entry.data.name]).sort()).toEqual([
      ['crm.company.created', 'First Ltd'],
      ['crm.company.created', 'Second Ltd'],
    ]);
  });
});
