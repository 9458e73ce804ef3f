import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { INTERNAL_TOKEN_HEADER } from '@crm/kit';
import { startSystem } from '../system';

// Gateway throughput for GET /v1/me, against calling identity directly with an internal token
// the gateway minted, measured in the same run so the ratio is the gateway's own cost
// (token check through identity over gRPC, JWT signing, proxying). The load comes from a worker
// thread, so the client does not compete with the server for the event loop.
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
}

async function load(url: string, headers: Record<string, string>): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const started = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`unexpected status ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: latencies[Math.floor(latencies.length * 0.5)],
    p99: latencies[Math.floor(latencies.length * 0.99)],
  };
}

function measure(url: string, headers: Record<string, string>): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(__filename, { workerData: { url, headers } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-'));
  // Limits high enough never to trip: the limiter's cost is measured, not its refusals.
  const unlimited = { perTokenPerMinute: 1e9, publicPerMinute: 1e9 };
  const system = await startSystem({ port: 0, dataDir, logLevel: 'error', rateLimits: unlimited });
  try {
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${system.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      }).then((response) => response.json() as Promise<Record<string, string>>);
    const { token } = await post('/auth/sign-up', { email: 'bench@example.com', password: 'correct horse battery', name: 'Bench' });
    await post('/onboarding', { workspace_name: 'Bench' }, token);

    // Capture one internal token as the gateway forwards it, to call identity directly.
    let internalToken = '';
    const identity = system.services.identity.httpServer;
    identity.prependListener('request', (req) => {
      const value = req.headers[INTERNAL_TOKEN_HEADER];
      if (typeof value === 'string') internalToken = value;
    });
    await fetch(`${system.url}/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());

    const direct = `http://127.0.0.1:${system.services.identity.httpPort}/v1/me`;
    await measure(direct, { [INTERNAL_TOKEN_HEADER]: internalToken });
    const viaIdentity = await measure(direct, { [INTERNAL_TOKEN_HEADER]: internalToken });
    const viaGateway = await measure(`${system.url}/me`, { authorization: `Bearer ${token}` });

    const row = (name: string, figures: Figures) =>
      `${name.padEnd(22)} ${figures.perSecond.toFixed(0).padStart(8)} req/s   p50 ${figures.p50.toFixed(2).padStart(6)} ms   p99 ${figures.p99.toFixed(2).padStart(6)} ms`;
    console.log(`GET /v1/me, ${REQUESTS} requests, ${CONCURRENCY} in flight (one process, loopback)`);
    console.log(row('identity directly', viaIdentity));
    console.log(row('through the gateway', viaGateway));
    console.log(`gateway / direct throughput ratio: ${(viaGateway.perSecond / viaIdentity.perSecond).toFixed(2)}`);
  } finally {
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMainThread) void main();
else {
  const { url, headers } = workerData as { url: string; headers: Record<string, string> };
  void load(url, headers).then((figures) => parentPort!.postMessage(figures));
}
