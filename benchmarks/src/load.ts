import { spawn } from 'node:child_process';

// Load from autocannon in a separate process, so the client never competes with the system
// under test for its event loop; the figures are autocannon's own, except the CPU time: the system
// under test's user + system time (this process's, or its own process's when a benchmark starts it
// apart) over the measured run divided by the requests answered, which a machine shared with other
// work disturbs far less than req/s.
export interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  cpuMsPerRequest: number;
  // Answers by status code, as autocannon counted them ("201": 2000).
  statusCodes: Record<string, number>;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

// What autocannon sends: a GET of the URL unless told otherwise.
export interface LoadRequest {
  url: string;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  // Each request's body with `[<id>]` replaced by a fresh id (autocannon -I): writes that must not
  // collide, such as a unique company name.
  idReplacement?: boolean;
}

// How long a run lasts: so many seconds, or until so many requests are answered.
export type RunLength = { seconds: number } | { amount: number };

// What autocannon prints with -j (the parts read here).
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats?: Record<string, { count: number }>;
}

// autocannon in a process of its own with these arguments; its result.
export function autocannon(args: string[]): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [require.resolve('autocannon/autocannon.js'), '-j', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      resolve(JSON.parse(output) as AutocannonResult);
    });
  });
}

export function loadOptionsFromEnv(defaults: Partial<LoadOptions> = {}): LoadOptions {
  return {
    connections: Number(process.env.BENCH_CONNECTIONS ?? defaults.connections ?? 16),
    seconds: Number(process.env.BENCH_SECONDS ?? defaults.seconds ?? 10),
    warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? defaults.warmupSeconds ?? 3),
  };
}

export type LoadFigures = Omit<Figures, 'cpuMsPerRequest'>;

// One autocannon run in its own process; its figures.
export async function runLoad(request: LoadRequest, connections: number, length: RunLength): Promise<LoadFigures> {
  const args = ['-c', String(connections)];
  args.push(...('amount' in length ? ['-a', String(length.amount)] : ['-d', String(length.seconds)]));
  if (request.method) args.push('-m', request.method);
  if (request.body !== undefined) args.push('-b', request.body);
  if (request.idReplacement) args.push('-I');
  for (const [name, value] of Object.entries(request.headers ?? {})) args.push('-H', `${name}=${value}`);
  args.push(request.url);
  const result = await autocannon(args);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count]),
  );
  return {
    // A run of so many requests ends within a second: its average over whole seconds would count
    // the last, partial one as a slow second.
    perSecond: 'amount' in length ? result.requests.total / Math.max(result.duration, 1e-3) : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    statusCodes,
  };
}

// This process's CPU time in ms: the system under test when it runs here (startSystem).
export const ownCpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

// A warm-up run (not reported), then the measured one. The CPU time per request is what `cpuMs`
// (this process's by default, or the system's process when it runs apart) counted over the
// measured run, divided by the requests answered.
export async function measureRequest(
  request: LoadRequest,
  options: LoadOptions,
  cpuMs: () => number = ownCpuMs,
): Promise<Figures> {
  if (options.warmupSeconds > 0) await runLoad(request, options.connections, { seconds: options.warmupSeconds });
  const cpuBefore = cpuMs();
  const figures = await runLoad(request, options.connections, { seconds: options.seconds });
  const cpu = cpuMs() - cpuBefore;
  return { ...figures, cpuMsPerRequest: cpu / Math.max(1, figures.requests) };
}

export function measure(url: string, headers: Record<string, string>, options: LoadOptions): Promise<Figures> {
  return measureRequest({ url, headers }, options);
}

// The answers that were not 2xx, by status ("429×12, 503×1"), or '' when there were none.
export function failedAnswers(statusCodes: Record<string, number>): string {
  return Object.entries(statusCodes)
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
}

export function formatFigures(figures: Figures): string {
  const failed = failedAnswers(figures.statusCodes);
  return (
    `${figures.perSecond.toFixed(0).padStart(7)} req/s  p50 ${figures.p50.toFixed(1).padStart(5)} ms  p99 ${figures.p99.toFixed(1).padStart(5)} ms` +
    `  CPU ${figures.cpuMsPerRequest.toFixed(3)} ms/request` +
    (figures.errors ? `  ${figures.errors} errors${failed ? ` (${failed})` : ''}` : '')
  );
}

// A JSON caller of the API for a benchmark's set-up: anything but a 2xx stops the run.
export function apiCaller(baseUrl: string) {
  return async <T = Record<string, string>>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
}

interface CompactingClient {
  store?: { compact(): Promise<void> };
}

// What it needs of each service of a running system: its database connection.
interface ServiceStore {
  context: { connection: { getClient(): unknown } };
}

// After a bulk seed straight into the collections, each embedded store writes a snapshot of
// everything in the background (a compaction, docs in libs/embedded-mongo): hundreds of thousands
// of documents and millions of index keys, seconds of CPU on the services' thread. Measured
// during it, a request would compete with that one-off, not with the traffic of the moment.
// Compacts every service's store now and waits until each is done; answers the seconds it took.
// On MongoDB there is nothing to wait for.
export async function settleStores(system: { services: object }): Promise<number> {
  const started = Date.now();
  for (const service of Object.values(system.services) as ServiceStore[]) {
    await (service.context.connection.getClient() as CompactingClient).store?.compact();
  }
  return (Date.now() - started) / 1000;
}
