import { acrossWorkspaces } from '@crm/kit';
import type { DataUpgrade } from '@crm/service-host';
import type { WebhooksRuntime } from '../webhooks-runtime';
import { webhookModel, type SealedSecret, type WebhookRecord } from './webhook.model';

// Endpoints read per step.
const BATCH = 200;

type LegacyEndpoint = Pick<WebhookRecord, '_id' | 'workspace_id' | 'version' | 'secrets'>;

// Signing secrets sealed before they were bound to their endpoint (no associated data) are sealed
// again, bound, once, at the first start of a version that binds them: after that a sealed secret
// copied to another endpoint's record does not open. An endpoint is rewritten only if unchanged
// since it was read (its version); one that changed in between is read again. Running it again
// changes nothing: a bound secret is left as it is.
export const BIND_LEGACY_SECRETS_UPGRADE = 'webhook-signing-secrets-bound-to-their-endpoint';

export const bindLegacySecretsUpgrade = (runtime: WebhooksRuntime): DataUpgrade => ({
  name: BIND_LEGACY_SECRETS_UPGRADE,
  description: 'webhook signing secrets sealed with their workspace and endpoint ids as associated data',
  run: (context) =>
    acrossWorkspaces(
      'signing secrets of every workspace sealed before they were bound to their endpoint, upgraded once at start',
      async () => {
        const model = webhookModel(context.connection);
        const legacy = { secrets: { $elemMatch: { bound: { $ne: true } } } };
        const projection = { _id: 1, workspace_id: 1, version: 1, secrets: 1 };
        let resealed = 0;
        let after = '';
        for (;;) {
          const batch = await model
            .find(after ? { ...legacy, _id: { $gt: after } } : legacy, projection)
            .sort({ _id: 1 })
            .limit(BATCH)
            .lean<LegacyEndpoint[]>()
            .exec();
          if (batch.length === 0) return resealed;
          for (const read of batch) {
            let endpoint: LegacyEndpoint | null = read;
            while (endpoint) {
              const owner: LegacyEndpoint = endpoint;
              const secrets: SealedSecret[] = owner.secrets.map((entry) =>
                entry.bound
                  ? entry
                  : {
                      ...runtime.secrets.seal(runtime.secrets.open(entry, owner), owner),
                      expires_at: entry.expires_at,
                    },
              );
              const unchanged = { _id: owner._id, workspace_id: owner.workspace_id, version: owner.version };
              if ((await model.updateOne(unchanged, { $set: { secrets } }).exec()).modifiedCount > 0) {
                resealed += 1;
                break;
              }
              // Changed since it was read (a rotation): read again, if it still holds such a secret.
              endpoint = await model
                .findOne({ _id: owner._id, workspace_id: owner.workspace_id, ...legacy }, projection)
                .lean<LegacyEndpoint>()
                .exec();
            }
          }
          after = batch[batch.length - 1]._id;
        }
      },
    ),
});
