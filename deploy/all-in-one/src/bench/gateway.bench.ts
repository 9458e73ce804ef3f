import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { INTERNAL_TOKEN_HEADER } from '@crm/kit';
import { startSystem } from '../system';

// The request path through the gateway against calling the owning service directly with an
// internal token the gateway minted, in the same run, so the ratio is the gateway's own cost
// (authentication through identity over gRPC, the internal JWT, proxying). The system runs
// here as `npm start` runs it; the load comes from autocannon in a separate process, so the
// client never competes with the server for this event loop.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const API_KEYS = 25;

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

function autocannon(url: string, headers: Record<string, string>, seconds: number): Promise<Figures> {
  const args = [require.resolve('autocannon/autocannon.js'), '-j', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(output) as AutocannonResult;
      resolve({
        perSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      });
    });
  });
}

async function measure(url: string, headers: Record<string, string>): Promise<Figures> {
  if (WARMUP_SECONDS > 0) await autocannon(url, headers, WARMUP_SECONDS);
  return autocannon(url, headers, SECONDS);
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-'));
  // Limits high enough never to trip: the limiter's cost is measured, not its refusals.
  const unlimited = { perTokenPerMinute: 1e9, publicPerMinute: 1e9 };
  const system = await startSystem({ port: 0, dataDir, logLevel: 'error', rateLimits: unlimited });
  try {
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(`${system.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}`);
      return response.json() as Promise<Record<string, string>>;
    };
    const { token } = await call('POST', '/auth/sign-up', { email: 'bench@example.com', password: 'correct horse battery', name: 'Bench' });
    await call('POST', '/onboarding', { workspace_name: 'Bench' }, token);
    // Clients of an API are mostly integrations: the load authenticates with an API key.
    let apiKey = '';
    for (let index = 0; index < API_KEYS; index += 1) {
      apiKey = (await call('POST', '/api-keys', { name: `Bench key ${index}`, kind: 'integration'}, token)).key;
    }

    // Capture the internal token the gateway forwards for a caller, to call identity directly.
    let internalToken = '';
    system.services.identity.httpServer.prependListener('request', (req) => {
      const value = req.headers[INTERNAL_TOKEN_HEADER];
      if (typeof value === 'string') internalToken = value;
    });
    const direct = `http://127.0.0.1:${system.services.identity.httpPort}/v1`;
    // Integrations read with API keys; managing keys is for an admin's session.
    const scenarios = [
      { path: '/me', label: 'GET /v1/me (API key)', bearer: apiKey },
      { path: '/api-keys', label: `GET /v1/api-keys, ${API_KEYS} keys (owner's session)`, bearer: token },
    ];
    const rows: Array<[string, Figures, Figures]> = [];
    for (const scenario of scenarios) {
      await call('GET', scenario.path, undefined, scenario.bearer);
      const internal = { [INTERNAL_TOKEN_HEADER]: internalToken };
      const viaService = await measure(`${direct}${scenario.path}`, internal);
      const viaGateway = await measure(`${system.url}${scenario.path}`, { authorization: `Bearer ${scenario.bearer}` });
      rows.push([scenario.label, viaGateway, viaService]);
    }

    const figures = (figures: Figures) =>
      `${figures.perSecond.toFixed(0).padStart(7)} req/s  p50 ${figures.p50.toFixed(1).padStart(5)} ms  p99 ${figures.p99.toFixed(1).padStart(5)} ms` +
      (figures.errors ? `  ${figures.errors} errors` : '');
    console.log(
      `${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s warm-up; ` +
        `load from autocannon in a separate process; npm start system in this process`,
    );
    console.log(`machine load average (1, 5, 15 min) before the run: ${loadBefore.map((value) => value.toFixed(2)).join(' ')}`);
    for (const [label, viaGateway, viaService] of rows) {
      console.log(label);
      console.log(`  through the gateway  ${figures(viaGateway)}`);
      console.log(`  identity directly    ${figures(viaService)}`);
      console.log(`  gateway / direct throughput ratio ${(viaGateway.perSecond / viaService.perSecond).toFixed(2)}`);
    }
    const [me, keys] = rows;
    console.log(`/api-keys against /me through the gateway: ${(keys[1].perSecond / me[1].perSecond).toFixed(2)}`);
  } finally {
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
