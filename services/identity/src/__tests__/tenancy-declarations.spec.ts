import { registerServiceModels } from '@crm/service-host';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, syncIndexes, tenancyOf } from '@crm/kit';
import { identityService } from '../identity-service';

// The collections of identity that hold no tenant data, each with its reason in its model file.
// Anything else must be tenant-scoped: a new model that is neither stops identity at start.
const GLOBAL_COLLECTIONS = [
  'api_key_credentials',
  'email_verifications',
  'invitation_tokens',
  'password_resets',
  'sessions',
  'users',
  'workspaces',
];

describe('tenancy of identity’s models', () => {
  it('declares every model tenant-scoped, except the listed global collections, each with a reason', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'identity-tenancy-'));
    const connection = await connectDatabase({ service: 'identity', dataDir });
    try {
      registerServiceModels(identityService, connection);
      const declared = Object.values(connection.models).map((model) => ({
        collection: model.collection.collectionName,
        tenancy: tenancyOf(model),
      }));
      expect(declared.length).toBeGreaterThan(GLOBAL_COLLECTIONS.length);
      const global = declared.filter((model) => model.tenancy?.kind === 'global');
      expect(global.map((model) => model.collection).sort()).toEqual(GLOBAL_COLLECTIONS);
      for (const model of global)
        expect(model.tenancy).toEqual({ kind: 'global', reason: expect.stringMatching(/\w{3,}/) });
      expect(declared.filter((model) => model.tenancy === undefined)).toEqual([]);
      await expect(syncIndexes(connection)).resolves.toBeUndefined();
    } finally {
      await connection.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
