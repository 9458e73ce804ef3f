import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeContainerEngine, skipLine } from '../containers';

// The container suite's decision when no engine answers: skip, and say why in one line.
describe('the container engine probe', () => {
  const folder = mkdtempSync(join(tmpdir(), 'crm-no-engine-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it.each([
    ['a socket nobody listens on', `unix://${join(folder, 'docker.sock')}`, /ENOENT/],
    ['a port nobody listens on', 'tcp://127.0.0.1:1', /ECONNREFUSED/],
  ])('finds no engine at %s, and the suite skips in one line', async (_, dockerHost, cause) => {
    const probe = await probeContainerEngine({ dockerHost, timeoutMs: 5000 });
    expect(probe).toEqual({ available: false, reason: expect.stringMatching(cause) });
    if (probe.available) return;
    const line = skipLine(probe);
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toBe(
      `Container suite skipped: no container engine answered (${probe.reason}); the store, search index and bus contracts ran on the embedded implementations only.`,
    );
  });
});
