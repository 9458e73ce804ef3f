import { spawn, execFileSync, type ChildProcessByStdio } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { THREAD_PARTS } from '@crm/all-in-one';
import { removeExchange } from '@crm/bus';
import { bool, loadConfig } from '@crm/kit';
import { freePortBelowEphemeral } from '@crm/processes';

// The system as `npm start` runs it (node with the start script's options,
// deploy/all-in-one/dist/main.js), in a child process with every consumer running, for
// benchmarks that drive it through the API as a customer would. Rate limits are lifted (far above
// anything a run asks for): the limiter is measured, never its refusals. AMQP_URL, MONGO_URL and
// the like pass through when the benchmark's process has them.
// BENCH_PROCESSES=1 (needs AMQP_URL): the system as `npm run start:processes` runs it instead
// (deploy/processes/dist/main.js: every service and the gateway a process of its own, as the
// containers run them); CPU time and memory are then those of all its processes together.

const UNLIMITED = '1000000000';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ChildSystem {
  pid: number;
  // What runs: the entry and, for one process per service, how many processes.
  label(): string;
  // Base address of the API, including /v1.
  url: string;
  // User + system CPU time of the whole process (every thread), in ms.
  cpuMs(): number;
  memory(): { rssKiB: number; hwmKiB: number };
  // Each JavaScript heap of the system (a thread of the all-in-one, a process of one per service),
  // as its parts' /metrics show it.
  heaps(): Promise<HeapFigures[]>;
  // Every thread of the system so far (Linux with scheduler statistics; empty elsewhere): how long
  // each has run on a core and waited for one. Two readings apart give an interval's share.
  threads(): ThreadTimes[];
  stop(): Promise<void>;
  // At once, for a run interrupted by a signal; resolves once the run's own exchange and queues,
  // if it has them, are gone from the broker.
  kill(): Promise<void>;
}

export interface HeapFigures {
  // The thread or process, and the parts it runs.
  label: string;
  // V8's heap: what its objects use, and what it has allocated for them.
  usedBytes: number;
  totalBytes: number;
  // Memory outside the heap held by its objects: ArrayBuffers and Buffers (the embedded store's
  // documents and index keys are there).
  externalBytes: number;
}

// Which parts share a heap: in the all-in-one the gateway has a thread of its own, the services
// thread runs THREAD_PARTS (unless SERVICES_THREAD is false), the main thread the rest; with one
// process per service each has its own.
function heapGroups(parts: readonly string[], processes: boolean): Array<{ label: string; names: string[] }> {
  if (processes) return parts.map((name) => ({ label: `${name} process`, names: [name] }));
  const { SERVICES_THREAD } = loadConfig({ SERVICES_THREAD: bool({ default: true }) }, process.env);
  const threaded = SERVICES_THREAD ? parts.filter((name) => (THREAD_PARTS as readonly string[]).includes(name)) : [];
  const main = parts.filter((name) => name !== 'gateway' && !threaded.includes(name));
  return [
    { label: 'main thread', names: main },
    { label: 'services thread', names: threaded },
    { label: 'gateway thread', names: parts.filter((name) => name === 'gateway') },
  ].filter((group) => group.names.length > 0);
}

async function heapFigures(parts: ReadonlyMap<string, string>, processes: boolean): Promise<HeapFigures[]> {
  const figures: HeapFigures[] = [];
  for (const group of heapGroups([...parts.keys()], processes)) {
    // prom-client's figures of the thread that answers: one part speaks for its thread.
    const text = await (await fetch(`${parts.get(group.names[0])}/metrics`)).text();
    const value = (metric: string) => Number(new RegExp(`^${metric}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
    figures.push({
      label: processes ? group.label : `${group.label} (${group.names.join(', ')})`,
      usedBytes: value('nodejs_heap_size_used_bytes'),
      totalBytes: value('nodejs_heap_size_total_bytes'),
      externalBytes: value('nodejs_external_memory_bytes'),
    });
  }
  return figures;
}

export interface ThreadTimes {
  // The process's id and the thread's; the main thread's is the process's own.
  pid: number;
  tid: number;
  nice: number;
  runMs: number;
  // Ready to run but waiting for a core (another thread had it).
  waitMs: number;
}

// /proc/<pid>/task/<tid>/schedstat: time on a core and time waiting on the run queue, in ns; the
// thread's stat line: its nice value, the 17th field after the command name.
function threadTimes(pid: number): ThreadTimes[] {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const found: ThreadTimes[] = [];
  for (const tid of tids) {
    try {
      const [run, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').trim().split(' ').map(Number);
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      found.push({ pid, tid: Number(tid), nice, runMs: run / 1e6, waitMs: wait / 1e6 });
    } catch {
      // The thread ended since the folder was listed, or the kernel keeps no scheduler statistics.
    }
  }
  return found;
}

function clockTicksPerSecond(): number {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
}

// The process and every process under it (Linux keeps each thread's children in /proc).
function processTree(root: number): number[] {
  const found = [root];
  for (let index = 0; index < found.length; index++) {
    let children: string;
    try {
      children = readFileSync(`/proc/${found[index]}/task/${found[index]}/children`, 'utf8');
    } catch {
      // It has exited since its parent listed it.
      continue;
    }
    for (const child of children.trim().split(/\s+/)) if (child) found.push(Number(child));
  }
  return found;
}

// The consumers the services run, as their /metrics name them: every series labelled with a
// consumer. The backlog gauge names them all, but its reading of the broker may time out on a busy
// machine: then it is asked again, a few times.
async function consumerNames(serviceUrls: readonly string[]): Promise<string[]> {
  const names = new Set<string>();
  for (const url of serviceUrls) {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const text = await (await fetch(`${url}/metrics`)).text();
      for (const match of text.matchAll(/^crm_\w+\{[^}]*consumer="([^"]+)"/gm)) names.add(match[1]);
      if (/^crm_event_consumer_backlog\{/m.test(text)) break;
    }
  }
  return [...names];
}

// Log lines of the system (LOG_LEVEL=warn: warnings and errors only) are passed on to stderr, up to
// this many; the rest are counted.
const LOG_LINES_SHOWN = 30;

// Node's options on `npm start`'s command line (the root package.json's start script: its last
// command, `node <options> deploy/all-in-one/dist/main.js`), so the benchmark runs what it runs.
function startFlags(): string[] {
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = manifest.scripts.start.split('&&').at(-1)!.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'deploy/all-in-one/dist/main.js')
    throw new Error(
      `npm start runs something else than node <options> deploy/all-in-one/dist/main.js: ${words.join(' ')}`,
    );
  return words.slice(1, -1);
}

export async function startChildSystem(dataDir: string): Promise<ChildSystem> {
  // Below the kernel's ephemeral range: a port the kernel handed out and took back could go to one
  // of the system's own outgoing connections before its gateway listens on it.
  const port = await freePortBelowEphemeral();
  const env: NodeJS.ProcessEnv = {
    // AMQP_URL, MONGO_URL and the like pass through only when this process has them.
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: UNLIMITED,
    WORKSPACE_RATE_LIMIT_PER_MINUTE: UNLIMITED,
    PUBLIC_RATE_LIMIT_PER_MINUTE: UNLIMITED,
  };
  // BENCH_PROFILE=<folder>: the system writes a V8 CPU profile per thread there when it stops
  // (open it in Chrome's DevTools); sampling every 0.5 ms costs about 0.13 CPU s a second. With one
  // process per service, the launcher passes the options on: a profile per process.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, '--cpu-prof-interval=500']
    : [];
  const processes = process.env.BENCH_PROCESSES === '1';
  if (processes && !process.env.AMQP_URL)
    throw new Error('BENCH_PROCESSES=1 needs AMQP_URL: processes apart share events through a broker');
  // An exchange of the run's own, so no queue of an earlier run hands it old events; its queues are
  // removed when the system stops.
  if (processes && !process.env.EVENT_EXCHANGE) env.EVENT_EXCHANGE = `crm.bench.${process.pid}.${Date.now()}`;
  const entry = processes ? 'deploy/processes/dist/main.js' : 'deploy/all-in-one/dist/main.js';
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(
    process.execPath,
    [
      ...profile,
      ...(processes ? [] : startFlags()),
      require.resolve(processes ? '@crm/processes/dist/main.js' : '@crm/all-in-one/dist/main.js'),
    ],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const pid = child.pid!;
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  // Never left behind, whatever ends this process: the launcher of one process per service with
  // every process under it.
  const tree = () => processTree(pid);
  const killOnExit = () => {
    if (exited) return;
    for (const one of tree().reverse()) {
      try {
        process.kill(one, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  };
  process.once('exit', killOnExit);

  // Each part's own address, as npm start (the gateway's too) and the launcher print them.
  const partUrls = new Map<string, string>();
  let shown = 0;
  let suppressed = 0;
  const recent: string[] = [];
  const passOn = (line: string) => {
    recent.push(line);
    if (recent.length > 20) recent.shift();
    if (shown < LOG_LINES_SHOWN) {
      shown += 1;
      process.stderr.write(`[system] ${line}\n`);
    } else suppressed += 1;
  };
  createInterface({ input: child.stderr }).on('line', passOn);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the system did not say it was listening within 180 s:\n${recent.join('\n')}`)),
      180_000,
    );
    let ready = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /CRM API listening at (\S+)/.exec(line);
      const service = /^ {2}(\S+) at (http:\S+)$/.exec(line);
      if (!ready && match) {
        ready = true;
        clearTimeout(timer);
        resolve(match[1]);
      } else if (service) partUrls.set(service[1], service[2]);
      else passOn(line);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready)
        reject(new Error(`the system exited (${code ?? signal}) before it was listening:\n${recent.join('\n')}`));
    });
  });

  // The run's own exchange's consumers (services subscribe them as they start), named while the
  // system answers: a run interrupted by a signal kills the system first, and its durable queues
  // would otherwise stay on the broker.
  const consumers = env.EVENT_EXCHANGE ? await consumerNames([...partUrls.values()]) : [];
  const removeQueues = async () => {
    if (consumers.length > 0) await removeExchange(process.env.AMQP_URL!, env.EVENT_EXCHANGE!, consumers);
  };

  const ticks = clockTicksPerSecond();
  return {
    pid,
    url,
    label: () => (processes ? `node ${entry} (${tree().length} processes)` : `node ${entry}`),
    cpuMs() {
      let ms = 0;
      for (const one of tree()) {
        // Fields after the command name (which may hold spaces), from the 3rd: utime is the 14th
        // field of the line, stime the 15th; the process's line sums all its threads.
        const stat = readFileSync(`/proc/${one}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ms += ((Number(fields[11]) + Number(fields[12])) / ticks) * 1000;
      }
      return ms;
    },
    memory() {
      // With several processes, the sum of each one's resident memory and of each one's peak.
      let rssKiB = 0;
      let hwmKiB = 0;
      for (const one of tree()) {
        const status = readFileSync(`/proc/${one}/status`, 'utf8');
        const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
        rssKiB += kib('VmRSS');
        hwmKiB += kib('VmHWM');
      }
      return { rssKiB, hwmKiB };
    },
    heaps: () => heapFigures(partUrls, processes),
    threads: () => tree().flatMap(threadTimes),
    async kill() {
      killOnExit();
      // Nothing of the system is left to declare a queue again once they are removed.
      await exit;
      await removeQueues();
    },
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const stopped = await Promise.race([exit.then(() => true), sleep(60_000).then(() => false)]);
        if (!stopped) {
          process.stderr.write('the system did not stop within 60 s of SIGTERM: killed\n');
          child.kill('SIGKILL');
          await exit;
        }
      }
      process.removeListener('exit', killOnExit);
      await removeQueues();
      if (suppressed > 0) process.stderr.write(`[system] ${suppressed} more log lines not shown\n`);
    },
  };
}
