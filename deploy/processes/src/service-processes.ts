import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { generateInternalKeyPair, generateServiceTokenSecret } from '@crm/kit';
import { SERVICE_NAMES, type ServiceName } from '@crm/protos';

// The distributed system on one host: each service and the gateway a process of its own, started
// from its built entry with nothing but environment variables, as the containers of deploy/ and
// k8s/ run them. Separate processes share events only through a broker, so a useful system needs
// AMQP_URL; with MONGO_URL each service keeps its own database, otherwise its embedded store in
// DATA_DIR.

const root = join(__dirname, '..', '..', '..');

export interface StartedProcess {
  child: ChildProcess;
  // Its JSON log lines so far (kept unless the process was started with `forward`).
  lines: Array<Record<string, unknown>>;
  exit: Promise<number | null>;
  // The log line that says it is ready; rejects if the process exits first.
  ready: Promise<Record<string, unknown>>;
}

export interface StartProcessOptions {
  // Each output line once read, instead of keeping it in `lines` (a long run logs without end).
  forward?: (line: string, stream: 'stdout' | 'stderr') => void;
  // Node's own options before the entry (`--cpu-prof`, which NODE_OPTIONS may not carry).
  nodeArgs?: readonly string[];
}

// Ready when it logs this message (at LOG_LEVEL info or finer), or when GET <url>/readyz answers 200
// (whatever it logs).
export type Readiness = string | { url: string };

const READY_POLL_MS = 50;
const READY_TIMEOUT_MS = 180_000;

// One built entry (relative to the repository) as a process: PATH, HOST=127.0.0.1 and
// LOG_LEVEL=info unless `env` says otherwise, and nothing else from this process's environment.
export function startProcess(
  entry: string,
  env: Record<string, string | undefined>,
  readiness: Readiness,
  options: StartProcessOptions = {},
): StartedProcess {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), join(root, entry)], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, unknown>> = [];
  let exited = false;
  // 'close': it has exited and every line it wrote has been read.
  const exit = new Promise<number | null>((resolve) =>
    child.once('close', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  let readyLine: ((line: Record<string, unknown>) => void) | undefined;
  createInterface({ input: child.stdout }).on('line', (text) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text) as Record<string, unknown>;
    } catch {
      line = { text };
    }
    readyLine?.(line);
    if (options.forward) options.forward(text, 'stdout');
    else lines.push(line);
  });
  createInterface({ input: child.stderr }).on('line', (text) => {
    if (options.forward) options.forward(text, 'stderr');
    else lines.push({ text });
  });
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    void exit.then((code) =>
      reject(new Error(`${entry} exited with ${code} before it was ready: ${JSON.stringify(lines)}`)),
    );
    if (typeof readiness === 'string') {
      readyLine = (line) => {
        if (line.msg !== readiness) return;
        readyLine = undefined;
        resolve(line);
      };
      return;
    }
    const deadline = Date.now() + READY_TIMEOUT_MS;
    const poll = async (): Promise<void> => {
      while (!exited) {
        const answered = await fetch(`${readiness.url}/readyz`).then(
          (response) => response.status === 200,
          () => false,
        );
        if (answered) return resolve({ url: readiness.url });
        if (Date.now() > deadline)
          return reject(new Error(`${entry} was not ready at ${readiness.url} within ${READY_TIMEOUT_MS} ms`));
        await new Promise((wait) => setTimeout(wait, READY_POLL_MS));
      }
    };
    void poll();
  });
  // Processes that are meant to fail never become ready; only awaiting `ready` reports it.
  ready.catch(() => undefined);
  return { child, lines, exit, ready };
}

// Where the kernel's ephemeral ports (those a port-0 listener gets) start.
function ephemeralRangeStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    // Not Linux: IANA's range starts at 49152, and Linux's default at 32768.
    return 32_768;
  }
}

// A port nothing listens on now, for a service whose address a peer needs before it starts. It
// is taken below the kernel's ephemeral range (where port-0 listeners get theirs), so no other
// process's port-0 listener can be given it between this check and the bind.
export async function freePortBelowEphemeral(): Promise<number> {
  const low = 20_000;
  const high = Math.min(ephemeralRangeStart(), 32_768) - 1;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port below the ephemeral range');
}

export interface ServiceProcessesOptions {
  // Every process's environment beyond what this module sets (DATA_DIR, AMQP_URL, LOG_LEVEL, ...).
  env: Record<string, string | undefined>;
  // A service's own variables (WEBHOOKS_SECRET_KEY, PAYMENT_PROVIDER, ...), and the gateway's.
  serviceEnv?: Partial<Record<ServiceName | 'gateway', Record<string, string>>>;
  // HTTP port of the gateway (0: a free one).
  port?: number;
  forward?: StartProcessOptions['forward'];
  nodeArgs?: StartProcessOptions['nodeArgs'];
}

export interface ServiceProcess extends StartedProcess {
  // Its HTTP address (/readyz, /metrics, /openapi.json) and its gRPC address.
  url: string;
  grpcAddress: string;
}

export interface ServiceProcesses {
  // Base address of the API, including /v1.
  url: string;
  services: Record<ServiceName, ServiceProcess>;
  gateway: StartedProcess;
  all: StartedProcess[];
  // SIGTERM to every process, the gateway first; resolves with their exit codes.
  stop(): Promise<Array<number | null>>;
  // SIGKILL to every process still running.
  kill(): void;
}

const variable = (name: string, suffix: string) => `${name.toUpperCase().replace(/-/g, '_')}_${suffix}`;

// Every service, then the gateway in front of them. Ports are chosen before anything starts, so
// each process learns its peers' addresses from its environment and readiness is asked over HTTP,
// whatever the log level. The keys that sign the gateway's internal tokens and the calls between
// services are made for this run unless `env` gives them.
export async function startServiceProcesses(options: ServiceProcessesOptions): Promise<ServiceProcesses> {
  const keys =
    options.env.INTERNAL_JWT_PUBLIC_KEY && options.env.INTERNAL_JWT_PRIVATE_KEY
      ? { publicKey: options.env.INTERNAL_JWT_PUBLIC_KEY, privateKey: options.env.INTERNAL_JWT_PRIVATE_KEY }
      : generateInternalKeyPair();
  const serviceTokenSecret = options.env.SERVICE_TOKEN_SECRET ?? generateServiceTokenSecret();
  const ports = new Set<number>();
  const freshPort = async () => {
    let port = await freePortBelowEphemeral();
    while (ports.has(port)) port = await freePortBelowEphemeral();
    ports.add(port);
    return port;
  };
  const addresses = {} as Record<ServiceName, { http: number; grpc: number }>;
  for (const name of SERVICE_NAMES) addresses[name] = { http: await freshPort(), grpc: await freshPort() };
  const gatewayPort = options.port || (await freshPort());

  const services = {} as Record<ServiceName, ServiceProcess>;
  const all: StartedProcess[] = [];
  const kill = () => {
    for (const one of all) if (one.child.exitCode === null && one.child.signalCode === null) one.child.kill('SIGKILL');
  };
  // Each service reads the addresses of the peers it calls and no other.
  const peers = Object.fromEntries(
    SERVICE_NAMES.map((name) => [variable(name, 'GRPC_ADDR'), `127.0.0.1:${addresses[name].grpc}`]),
  );
  for (const name of SERVICE_NAMES) {
    const url = `http://127.0.0.1:${addresses[name].http}`;
    const grpcAddress = `127.0.0.1:${addresses[name].grpc}`;
    const one = startProcess(
      `services/${name}/dist/main.js`,
      {
        ...options.env,
        HOST: '127.0.0.1',
        HTTP_PORT: String(addresses[name].http),
        GRPC_PORT: String(addresses[name].grpc),
        INTERNAL_JWT_PUBLIC_KEY: keys.publicKey,
        INTERNAL_JWT_PRIVATE_KEY: undefined,
        SERVICE_TOKEN_SECRET: serviceTokenSecret,
        ...peers,
        ...options.serviceEnv?.[name],
      },
      { url },
      { forward: options.forward, nodeArgs: options.nodeArgs },
    );
    all.push(one);
    services[name] = { ...one, url, grpcAddress };
  }
  try {
    // They start side by side: a peer that is not up yet is called on first use, not at start.
    await Promise.all(all.map((one) => one.ready));
    const gateway = startProcess(
      'gateway/dist/main.js',
      {
        ...options.env,
        PORT: String(gatewayPort),
        INTERNAL_JWT_PRIVATE_KEY: keys.privateKey.replace(/\n/g, '\\n'),
        INTERNAL_JWT_PUBLIC_KEY: undefined,
        SERVICE_TOKEN_SECRET: serviceTokenSecret,
        IDENTITY_GRPC_ADDR: services.identity.grpcAddress,
        ...Object.fromEntries(SERVICE_NAMES.map((name) => [variable(name, 'URL'), services[name].url])),
        ...options.serviceEnv?.gateway,
      },
      { url: `http://127.0.0.1:${gatewayPort}` },
      { forward: options.forward, nodeArgs: options.nodeArgs },
    );
    all.push(gateway);
    await gateway.ready;
    return {
      url: `http://127.0.0.1:${gatewayPort}/v1`,
      services,
      gateway,
      all,
      kill,
      async stop() {
        // The gateway first, so no request reaches a service that is going.
        gateway.child.kill('SIGTERM');
        await gateway.exit;
        for (const one of all) if (one !== gateway) one.child.kill('SIGTERM');
        return Promise.all(all.map((one) => one.exit));
      },
    };
  } catch (error) {
    kill();
    throw error;
  }
}
