import { spawn } from 'node:child_process';
import type { RunningSystem } from '../system';

// Load from autocannon in a separate process, so the client never competes with the system
// under test for its event loop; the figures are autocannon's own, except the CPU time: this
// process's (the system under test's) user + system time over the measured run divided by the
// requests answered, which a machine shared with other work disturbs far less than req/s.
export interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  cpuMsPerRequest: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

export function loadOptionsFromEnv(defaults: Partial<LoadOptions> = {}): LoadOptions {
  return {
    connections: Number(process.env.BENCH_CONNECTIONS ?? defaults.connections ?? 16),
    seconds: Number(process.env.BENCH_SECONDS ?? defaults.seconds ?? 10),
    warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? defaults.warmupSeconds ?? 3),
  };
}

type LoadFigures = Omit<Figures, 'cpuMsPerRequest'>;

function autocannon(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<LoadFigures> {
  const args = [require.resolve('autocannon/autocannon.js'), '-j', '-c', String(connections), '-d', String(seconds)];
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
        requests: result.requests.total,
      });
    });
  });
}

// A warm-up run (not reported), then the measured one.
export async function measure(url: string, headers: Record<string, string>, options: LoadOptions): Promise<Figures> {
  if (options.warmupSeconds > 0) await autocannon(url, headers, options.connections, options.warmupSeconds);
  const cpuBefore = process.cpuUsage();
  const figures = await autocannon(url, headers, options.connections, options.seconds);
  const cpu = process.cpuUsage(cpuBefore);
  return { ...figures, cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, figures.requests) };
}

export function formatFigures(figures: Figures): string {
  return (
    `${figures.perSecond.toFixed(0).padStart(7)} req/s  p50 ${figures.p50.toFixed(1).padStart(5)} ms  p99 ${figures.p99.toFixed(1).padStart(5)} ms` +
    `  CPU ${figures.cpuMsPerRequest.toFixed(3)} ms/request` +
    (figures.errors ? `  ${figures.errors} errors` : '')
  );
}

// A JSON caller of the API for a benchmark's set-up: anything but a 2xx stops the run.
export function apiCaller(baseUrl: string) {
  return async <T = Record<string, string>>(method: string, path: string, body?: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
}

interface CompactingClient {
  store?: { compact(): Promise<void> };
}

// After a bulk seed straight into the collections, each embedded store writes a snapshot of
// everything in the background (a compaction, docs in libs/embedded-mongo): hundreds of thousands
// of documents and millions of index keys, seconds of CPU on the services' thread. Measured
// during it, a request would compete with that one-off, not with the traffic of the moment.
// Compacts every service's store now and waits until each is done; answers the seconds it took.
// On MongoDB there is nothing to wait for.
export async function settleStores(system: RunningSystem): Promise<number> {
  const started = Date.now();
  for (const service of Object.values(system.services)) {
    await (service.context.connection.getClient() as CompactingClient).store?.compact();
  }
  return (Date.now() - started) / 1000;
}
