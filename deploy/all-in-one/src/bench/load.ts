import { spawn } from 'node:child_process';

// Load from autocannon in a separate process, so the client never competes with the system
// under test for its event loop; the figures are autocannon's own.
export interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

interface AutocannonResult {
  requests: { average: number };
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

function autocannon(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<Figures> {
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
      });
    });
  });
}

// A warm-up run (not reported), then the measured one.
export async function measure(url: string, headers: Record<string, string>, options: LoadOptions): Promise<Figures> {
  if (options.warmupSeconds > 0) await autocannon(url, headers, options.connections, options.warmupSeconds);
  return autocannon(url, headers, options.connections, options.seconds);
}

export function formatFigures(figures: Figures): string {
  return (
    `${figures.perSecond.toFixed(0).padStart(7)} req/s  p50 ${figures.p50.toFixed(1).padStart(5)} ms  p99 ${figures.p99.toFixed(1).padStart(5)} ms` +
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
