import { startTestSystem, type TestSystem } from '../support/system';
import { revocationScenario } from './revocation-scenario';

let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem();
});

afterAll(() => system.destroy());

describe('revocation in one process (npm start)', () => {
  it('a revoked key, a role change and a disabled member take effect on the very next request', async () => {
    await revocationScenario(system.url, system.dataDir, `one.${Date.now()}`);
  });
});
