import { startTestSystem, waitFor, type TestSystem } from '../support/system';
import { revocationScenario } from './revocation-scenario';

// As `npm start` runs: the gateway on a thread of its own (its build), the services on the main
// thread. Whatever the gateway or identity keeps between requests is held to the scenario.
const logLines: string[] = [];
let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem({
    gatewayThread: true,
    logLevel: 'info',
    logDestination: { write: (line: string) => void logLines.push(line) },
  });
});

afterAll(() => system.destroy());

describe('revocation in one process (npm start)', () => {
  it('a revoked key, a role change and a disabled member take effect on the very next request', async () => {
    await revocationScenario(system.url, system.dataDir, `one.${Date.now()}`);
  });

  it("the gateway's request lines reach the system's log from its thread, without the tokens", async () => {
    const gatewayLines = await waitFor(async () => {
      const lines = logLines.filter((line) => line.includes('"service":"gateway"') && line.includes('"msg":"request"'));
      return lines.some((line) => line.includes('"status":401')) ? lines : undefined;
    });
    expect(gatewayLines.some((line) => line.includes('"path":"/v1/me"') && line.includes('"actor_type":"app"'))).toBe(
      true,
    );
    expect(logLines.join('')).not.toMatch(/crm_(s|ak)_[0-9A-Za-z]{8,}/);
  });
});
