import { acrossWorkspaces } from '@crm/kit';
import type { WebhooksRuntime } from '../webhooks-runtime';
import { webhookModel, type SealedSecret, type WebhookRecord } from './webhook.model';

// Signing secrets sealed before they were bound to their endpoint (no associated data) are sealed
// again, bound, when the service starts: after that a sealed secret copied to another endpoint's
// record does not open. Each endpoint is rewritten only if unchanged since it was read (its
// version), so a rotation at the same moment wins and a replica starting beside this one rewrites
// nothing twice. Returns how many endpoints were re-sealed.
export async function bindLegacySecrets(runtime: WebhooksRuntime): Promise<number> {
  const model = webhookModel(runtime.context.connection);
  const legacy = await acrossWorkspaces('signing secrets sealed before they were bound to their endpoint, once at start', () =>
    model
      .find({ secrets: { $elemMatch: { bound: { $ne: true } } } }, { _id: 1, workspace_id: 1, version: 1, secrets: 1 })
      .lean<Array<Pick<WebhookRecord, '_id' | 'workspace_id' | 'version' | 'secrets'>>>()
      .exec(),
  );
  let resealed = 0;
  for (const endpoint of legacy) {
    const secrets: SealedSecret[] = endpoint.secrets.map((entry) =>
      entry.bound ? entry : { ...runtime.secrets.seal(runtime.secrets.open(entry, endpoint), endpoint), expires_at: entry.expires_at },
    );
    const updated = await model.updateOne({ _id: endpoint._id, workspace_id: endpoint.workspace_id, version: endpoint.version }, { $set: { secrets } }).exec();
    resealed += updated.modifiedCount;
  }
  if (resealed > 0) runtime.context.logger.info({ endpoints: resealed }, 'webhook signing secrets re-sealed bound to their endpoint');
  return resealed;
}
