import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { loadSync } from '@grpc/proto-loader';
import { healthV1, identityV1, marketingV1 } from '@crm/protos';

const protosDir = join(__dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('gRPC contracts', () => {
  it('generated TypeScript is up to date with the .proto files', () => {
    const fresh = mkdtempSync(join(tmpdir(), 'protos-'));
    try {
      execFileSync(process.execPath, [join(protosDir, 'generate.mjs'), fresh], { stdio: 'pipe' });
      const committed = files(join(protosDir, 'gen'))
        .map((path) => relative(join(protosDir, 'gen'), path))
        .sort();
      const generated = files(join(fresh, 'gen'))
        .map((path) => relative(join(fresh, 'gen'), path))
        .sort();
      expect(generated).toEqual(committed);
      for (const path of generated) {
        expect(readFileSync(join(fresh, 'gen', path), 'utf8')).toBe(readFileSync(join(protosDir, 'gen', path), 'utf8'));
      }
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('generated service definitions match the method paths proto-loader reads from the contract', () => {
    const loaded = loadSync(
      ['crm/identity/v1/identity.proto', 'crm/marketing/v1/marketing.proto', 'grpc/health/v1/health.proto'],
      {
        includeDirs: [protosDir],
      },
    );
    const identity = loaded['crm.identity.v1.IdentityService'] as Record<string, { path: string }>;
    expect(identity.Authenticate.path).toBe(identityV1.IdentityServiceService.authenticate.path);
    expect(identity.GetMembers.path).toBe(identityV1.IdentityServiceService.getMembers.path);
    const marketing = loaded['crm.marketing.v1.MarketingService'] as Record<string, { path: string }>;
    expect(marketing.GetCampaigns.path).toBe(marketingV1.MarketingServiceService.getCampaigns.path);
    const health = loaded['grpc.health.v1.Health'] as Record<string, { path: string }>;
    expect(health.Check.path).toBe(healthV1.HealthService.check.path);
  });
});
