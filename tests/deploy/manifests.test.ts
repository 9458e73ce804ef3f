// Checks the deployment files without a cluster or a container engine: k8s/ is rendered in memory
// (a small kustomize: resources, configMapGenerator, strategic-merge and JSON6902 patches, images,
// replicas, labels, namespace) and every overlay is checked for what ARCHITECTURE.md and STYLE.md
// require. Where kustomize (or kubectl) is installed, its own render is checked the same way and
// compared with the in-memory one, which keeps the small renderer honest.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

const ROOT = resolve(__dirname, '..', '..');
const K8S = join(ROOT, 'k8s');
const BASE = join(K8S, 'base');
const OVERLAYS = ['dev', 'prod'] as const;

// ---- the system's contract (ARCHITECTURE.md, deploy/README.md, k8s/README.md) ----

const SERVICES = ['identity', 'crm-core', 'marketing', 'reports', 'documents', 'billing', 'webhooks'] as const;
const APPS = ['gateway', ...SERVICES] as const;
type App = (typeof APPS)[number];

const HTTP_PORT = 8080;
const GRPC_PORT = 50051;
const SECRET_NAME = 'crm-secrets';
// Values that must come from a Secret, never from a literal or a ConfigMap.
const SECRET_KEYS = [
  'MONGO_URL',
  'AMQP_URL',
  'MEILI_KEY',
  'SMTP_URL',
  'INTERNAL_JWT_PRIVATE_KEY',
  'SERVICE_TOKEN_SECRET',
  'CALENDAR_TOKEN_KEY',
  'CALENDAR_PROVIDER_A_CLIENT_SECRET',
  'CALENDAR_PROVIDER_B_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'URL_SIGNING_KEY',
  'URL_SIGNING_KEY_PREVIOUS',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'WEBHOOKS_SECRET_KEY',
];
// Not secret, but it travels with the private key; a ConfigMap or the Secret may hold it.
const PUBLIC_KEY = 'INTERNAL_JWT_PUBLIC_KEY';

// Synchronous calls over gRPC: caller -> callees.
const GRPC_CALLS: Record<App, App[]> = {
  gateway: ['identity'],
  identity: [],
  'crm-core': ['identity', 'documents', 'marketing'],
  marketing: ['crm-core', 'identity'],
  reports: ['identity', 'crm-core', 'marketing'],
  documents: ['crm-core'],
  billing: ['identity'],
  webhooks: [],
};
// HTTP: the gateway routes /v1 (document bytes and billing webhooks included) to every service.
const HTTP_CALLS: Record<App, App[]> = {
  gateway: [...SERVICES],
  identity: [],
  'crm-core': [],
  marketing: [],
  reports: [],
  documents: [],
  billing: [],
  webhooks: [],
};
// Egress to dependencies outside the namespace, per app.
const EXTERNAL_EGRESS: Record<App, number[]> = {
  // MongoDB: the rate limit counters its replicas share.
  gateway: [27017],
  identity: [27017, 5672],
  'crm-core': [27017, 5672, 7700],
  marketing: [27017, 5672],
  reports: [27017, 5672],
  documents: [27017, 5672],
  billing: [27017, 5672],
  webhooks: [27017, 5672],
};

const envName = (app: App): string => app.toUpperCase().replace(/-/g, '_');
const SERVICE_COMMON_ENV = [
  'HTTP_PORT',
  'GRPC_PORT',
  'LOG_LEVEL',
  'MONGO_URL',
  'AMQP_URL',
  PUBLIC_KEY,
  'SERVICE_TOKEN_SECRET',
];

function requiredEnv(app: App): Record<string, string | null> {
  // null: any value (or a reference); a string: that exact value.
  const env: Record<string, string | null> = {};
  if (app === 'gateway') {
    env.PORT = String(HTTP_PORT);
    env.LOG_LEVEL = null;
    env.INTERNAL_JWT_PRIVATE_KEY = null;
    // Signs its gRPC calls to identity.
    env.SERVICE_TOKEN_SECRET = null;
    env.TRUST_PROXY_HOPS = null;
    for (const service of SERVICES) env[`${envName(service)}_URL`] = `http://${service}:${HTTP_PORT}`;
  } else {
    for (const name of SERVICE_COMMON_ENV) env[name] = null;
    env.HTTP_PORT = String(HTTP_PORT);
    env.GRPC_PORT = String(GRPC_PORT);
  }
  for (const callee of GRPC_CALLS[app]) env[`${envName(callee)}_GRPC_ADDR`] = `${callee}:${GRPC_PORT}`;
  if (app === 'identity')
    Object.assign(env, { SMTP_URL: null, PUBLIC_URL: null, MAIL_FROM: null, MAIL_LOGGING_DOMAIN: null });
  if (app === 'crm-core')
    Object.assign(env, { MEILI_URL: null, MEILI_KEY: null, PUBLIC_URL: null, CALENDAR_TOKEN_KEY: null });
  if (app === 'marketing') env.PUBLIC_URL = null;
  if (app === 'documents')
    Object.assign(env, { DATA_DIR: '/data', PUBLIC_URL: null, URL_SIGNING_KEY: null, BLOB_STORE: null });
  if (app === 'webhooks') env.WEBHOOKS_SECRET_KEY = null;
  if (app === 'billing')
    Object.assign(env, {
      PAYMENT_PROVIDER: null,
      PUBLIC_URL: null,
      STRIPE_SECRET_KEY: null,
      STRIPE_WEBHOOK_SECRET: null,
      STRIPE_PRICE_MONTH: null,
      STRIPE_PRICE_YEAR: null,
    });
  return env;
}

// ---- YAML and JSON helpers ----

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const clone = <T>(value: T): T => structuredClone(value);

function parseDocs(text: string, where: string): JsonObject[] {
  const docs = parseAllDocuments(text);
  const list = Array.isArray(docs) ? docs : [docs];
  const out: JsonObject[] = [];
  for (const doc of list) {
    if (doc.errors.length > 0) throw new Error(`${where}: ${doc.errors[0].message}`);
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    if (!isObject(value)) throw new Error(`${where}: a document is not a mapping`);
    out.push(value);
  }
  return out;
}

function readDocs(file: string): JsonObject[] {
  return parseDocs(readFileSync(file, 'utf8'), relative(ROOT, file));
}

// Kubernetes object shapes, as far as the checks read them.
interface Meta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: Meta;
  [key: string]: unknown;
}
interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string };
    configMapKeyRef?: { name: string; key: string };
    fieldRef?: { fieldPath: string };
  };
}
interface HttpProbe {
  httpGet?: { path: string; port: number | string };
}
interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  capabilities?: { drop?: string[]; add?: string[] };
  seccompProfile?: { type: string };
  privileged?: boolean;
}
interface Container {
  name: string;
  image?: string;
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { secretRef?: { name: string }; configMapRef?: { name: string } }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: SecurityContext;
  readinessProbe?: HttpProbe;
  livenessProbe?: HttpProbe;
  startupProbe?: HttpProbe;
  lifecycle?: { preStop?: { exec?: { command: string[] }; sleep?: { seconds: number } } };
  volumeMounts?: { name: string; mountPath: string }[];
}
interface Volume {
  name: string;
  emptyDir?: JsonObject;
  persistentVolumeClaim?: { claimName: string };
}
interface Deployment extends K8sObject {
  spec: {
    replicas?: number;
    selector: LabelSelector;
    template: {
      metadata: { labels: Record<string, string> };
      spec: {
        serviceAccountName?: string;
        automountServiceAccountToken?: boolean;
        terminationGracePeriodSeconds?: number;
        securityContext?: SecurityContext;
        containers: Container[];
        initContainers?: Container[];
        volumes?: Volume[];
      };
    };
  };
}
interface Service extends K8sObject {
  spec: { selector?: Record<string, string>; ports: { name?: string; port: number; targetPort?: number | string }[] };
}
interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface PolicyPort {
  port?: number | string;
  endPort?: number;
  protocol?: string;
}
interface NetworkPolicy extends K8sObject {
  spec: {
    podSelector: LabelSelector;
    policyTypes?: string[];
    ingress?: { from?: PolicyPeer[]; ports?: PolicyPort[] }[];
    egress?: { to?: PolicyPeer[]; ports?: PolicyPort[] }[];
  };
}

const asObjects = (docs: JsonObject[]): K8sObject[] => docs as unknown as K8sObject[];
const ofKind = <T extends K8sObject>(objects: K8sObject[], kind: string): T[] =>
  objects.filter((o) => o.kind === kind) as T[];
const named = <T extends K8sObject>(objects: K8sObject[], kind: string, name: string): T | undefined =>
  ofKind<T>(objects, kind).find((o) => o.metadata.name === name);

// ---- a small kustomize ----

interface Target {
  kind?: string;
  name?: string;
  labelSelector?: string;
}
interface PatchEntry {
  path?: string;
  patch?: string;
  target?: Target;
}
interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }[];
  commonLabels?: Record<string, string>;
  configMapGenerator?: { name: string; behavior?: string; literals?: string[] }[];
  patches?: PatchEntry[];
  patchesStrategicMerge?: string[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  replicas?: { name: string; count: number }[];
}
// Anything else would be silently ignored by this renderer, so it is refused instead.
const KNOWN_FIELDS = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'labels',
  'commonLabels',
  'configMapGenerator',
  'patches',
  'patchesStrategicMerge',
  'images',
  'replicas',
]);

function readKustomization(dir: string): Kustomization {
  const file = join(dir, 'kustomization.yaml');
  const [doc] = readDocs(file);
  for (const key of Object.keys(doc)) {
    if (!KNOWN_FIELDS.has(key)) throw new Error(`${relative(ROOT, file)}: unsupported field ${key}`);
  }
  return doc;
}

// Strategic-merge keys of the lists these manifests patch; other lists are replaced.
function mergeKey(field: string, items: Json[]): string | undefined {
  const keys: Record<string, string> = {
    containers: 'name',
    initContainers: 'name',
    env: 'name',
    volumes: 'name',
    volumeMounts: 'mountPath',
    imagePullSecrets: 'name',
  };
  if (field === 'ports') return items.some((i) => isObject(i) && 'containerPort' in i) ? 'containerPort' : 'port';
  return keys[field];
}

function strategicMerge(target: Json, patch: Json, field = ''): Json {
  if (isObject(target) && isObject(patch)) {
    const out: JsonObject = { ...target };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete out[key];
      else out[key] = key in out ? strategicMerge(out[key], value, key) : clone(value);
    }
    return out;
  }
  if (Array.isArray(target) && Array.isArray(patch)) {
    const key = mergeKey(field, [...target, ...patch]);
    if (key && [...target, ...patch].every(isObject)) {
      const out = target.map((item) => clone(item)) as JsonObject[];
      for (const item of patch as JsonObject[]) {
        const index = out.findIndex((existing) => existing[key] === item[key]);
        if (index >= 0) out[index] = strategicMerge(out[index], item) as JsonObject;
        else out.push(clone(item));
      }
      return out;
    }
  }
  return clone(patch);
}

interface JsonPatchOp {
  op: string;
  path: string;
  value?: Json;
}

function applyJsonPatch(doc: JsonObject, ops: JsonPatchOp[], where: string): void {
  for (const { op, path, value } of ops) {
    const parts = path
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = parts.pop();
    if (last === undefined) throw new Error(`${where}: empty path`);
    let parent: Json = doc;
    for (const part of parts) {
      parent = Array.isArray(parent) ? parent[Number(part)] : isObject(parent) ? parent[part] : null;
      if (parent === null || parent === undefined) throw new Error(`${where}: ${path} does not exist`);
    }
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (op === 'add') parent.splice(index, 0, clone(value ?? null));
      else if (op === 'replace' && index < parent.length) parent[index] = clone(value ?? null);
      else if (op === 'remove' && index < parent.length) parent.splice(index, 1);
      else throw new Error(`${where}: cannot ${op} ${path}`);
    } else if (isObject(parent)) {
      if (op === 'add') parent[last] = clone(value ?? null);
      else if (op === 'replace' && last in parent) parent[last] = clone(value ?? null);
      else if (op === 'remove' && last in parent) delete parent[last];
      else throw new Error(`${where}: cannot ${op} ${path} (missing)`);
    } else {
      throw new Error(`${where}: ${path} has no parent`);
    }
  }
}

function matchesTarget(object: K8sObject, target: Target): boolean {
  if (target.kind && object.kind !== target.kind) return false;
  if (target.name && !new RegExp(`^(?:${target.name})$`).test(object.metadata.name)) return false;
  if (target.labelSelector) {
    for (const pair of target.labelSelector.split(',')) {
      const [key, value] = pair.split('=');
      if (object.metadata.labels?.[key.trim()] !== value?.trim()) return false;
    }
  }
  return true;
}

// A patch file is either strategic-merge documents or one JSON6902 list of operations.
function parsePatch(text: string, where: string): { ops?: JsonPatchOp[]; docs: JsonObject[] } {
  const first: unknown = parseAllDocuments(text)[0]?.toJS();
  if (Array.isArray(first)) {
    const ops: unknown = parse(text);
    if (
      !Array.isArray(ops) ||
      !ops.every((op) => isObject(op) && typeof op.op === 'string' && typeof op.path === 'string')
    ) {
      throw new Error(`${where}: not a list of JSON6902 operations`);
    }
    return { ops: ops as JsonPatchOp[], docs: [] };
  }
  return { docs: parseDocs(text, where) };
}

function patchTexts(dir: string, entry: PatchEntry): { text: string; where: string } {
  if (entry.path)
    return { text: readFileSync(join(dir, entry.path), 'utf8'), where: relative(ROOT, join(dir, entry.path)) };
  if (entry.patch) return { text: entry.patch, where: `${relative(ROOT, dir)}/kustomization.yaml (inline patch)` };
  throw new Error(`${relative(ROOT, dir)}: a patch has neither path nor patch`);
}

// Which base objects a patch entry means to change, as (kind, name) pairs or a bare target.
function patchTargets(dir: string, entry: PatchEntry): Target[] {
  if (entry.target) return [entry.target];
  const { text, where } = patchTexts(dir, entry);
  const { ops, docs } = parsePatch(text, where);
  if (ops) throw new Error(`${where}: a JSON6902 patch needs a target`);
  return docs.map((doc) => {
    const object = doc as unknown as K8sObject;
    return { kind: object.kind, name: object.metadata?.name };
  });
}

function podTemplates(object: K8sObject): Deployment['spec']['template'][] {
  return object.kind === 'Deployment' ? [(object as Deployment).spec.template] : [];
}

function render(dir: string): K8sObject[] {
  const k = readKustomization(dir);
  let objects: K8sObject[] = [];
  for (const resource of k.resources ?? []) {
    const path = join(dir, resource);
    if (!existsSync(path)) throw new Error(`${relative(ROOT, dir)}: resource ${resource} does not exist`);
    objects.push(...(statSync(path).isDirectory() ? render(path) : asObjects(readDocs(path))));
  }

  for (const generator of k.configMapGenerator ?? []) {
    const data: Record<string, string> = {};
    for (const literal of generator.literals ?? []) {
      const at = literal.indexOf('=');
      data[literal.slice(0, at)] = literal.slice(at + 1);
    }
    const existing = named(objects, 'ConfigMap', generator.name);
    if (generator.behavior === 'merge' || generator.behavior === 'replace') {
      if (!existing)
        throw new Error(`${relative(ROOT, dir)}: ${generator.behavior} of missing ConfigMap ${generator.name}`);
      existing.data = generator.behavior === 'merge' ? { ...(existing.data as object), ...data } : data;
    } else {
      if (existing) throw new Error(`${relative(ROOT, dir)}: ConfigMap ${generator.name} generated twice`);
      objects.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: generator.name }, data });
    }
  }

  const entries: PatchEntry[] = [...(k.patchesStrategicMerge ?? []).map((path) => ({ path })), ...(k.patches ?? [])];
  for (const entry of entries) {
    const { text, where } = patchTexts(dir, entry);
    const { ops, docs } = parsePatch(text, where);
    if (ops) {
      if (!entry.target) throw new Error(`${where}: a JSON6902 patch needs a target`);
      const hits = objects.filter((o) => matchesTarget(o, entry.target as Target));
      if (hits.length === 0) throw new Error(`${where}: target matches nothing`);
      for (const hit of hits) applyJsonPatch(hit as unknown as JsonObject, ops, where);
      continue;
    }
    for (const doc of docs) {
      const patch = doc as unknown as K8sObject;
      const target = entry.target ?? { kind: patch.kind, name: patch.metadata?.name };
      const hits = objects.filter((o) => matchesTarget(o, target));
      if (hits.length === 0) throw new Error(`${where}: target ${target.kind}/${target.name ?? '*'} matches nothing`);
      objects = objects.map((o) => {
        if (!hits.includes(o)) return o;
        const merged = strategicMerge(o as unknown as JsonObject, { ...doc, metadata: null }) as JsonObject;
        return { ...merged, metadata: o.metadata } as unknown as K8sObject;
      });
    }
  }

  for (const image of k.images ?? []) {
    for (const object of objects) {
      for (const template of podTemplates(object)) {
        for (const container of [...template.spec.containers, ...(template.spec.initContainers ?? [])]) {
          const ref = parseImage(container.image ?? '');
          if (ref.name !== image.name) continue;
          const name = image.newName ?? ref.name;
          const tag = image.newTag ?? ref.tag;
          const digest = image.digest ?? (image.newTag ? undefined : ref.digest);
          container.image = `${name}${tag ? `:${tag}` : ''}${digest ? `@${digest}` : ''}`;
        }
      }
    }
  }

  for (const { name, count } of k.replicas ?? []) {
    const deployment = named<Deployment>(objects, 'Deployment', name);
    if (!deployment) throw new Error(`${relative(ROOT, dir)}: replicas for missing Deployment ${name}`);
    deployment.spec.replicas = count;
  }

  const labelSets = [...(k.labels ?? [])];
  if (k.commonLabels) labelSets.push({ pairs: k.commonLabels, includeSelectors: true, includeTemplates: true });
  for (const { pairs, includeSelectors, includeTemplates } of labelSets) {
    for (const object of objects) {
      object.metadata.labels = { ...object.metadata.labels, ...pairs };
      for (const template of podTemplates(object)) {
        if (includeTemplates || includeSelectors) template.metadata.labels = { ...template.metadata.labels, ...pairs };
      }
      if (includeSelectors) throw new Error('labels with includeSelectors would change immutable selectors');
    }
  }

  if (k.namespace) for (const object of objects) object.metadata.namespace = k.namespace;
  return objects;
}

function parseImage(image: string): { name: string; tag?: string; digest?: string } {
  const [withoutDigest, digest] = image.split('@');
  const slash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.lastIndexOf(':');
  if (colon > slash) return { name: withoutDigest.slice(0, colon), tag: withoutDigest.slice(colon + 1), digest };
  return { name: withoutDigest, digest };
}

// ---- checks shared by the in-memory render and kustomize's ----

function selectorMatches(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false;
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const has = key in labels;
    if (operator === 'In' && !(has && values.includes(labels[key]))) return false;
    if (operator === 'NotIn' && has && values.includes(labels[key])) return false;
    if (operator === 'Exists' && !has) return false;
    if (operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

const appOf = (deployment: Deployment): App =>
  deployment.spec.template.metadata.labels['app.kubernetes.io/name'] as App;
const serverOf = (deployment: Deployment): Container => {
  expect(deployment.spec.template.spec.containers).toHaveLength(1);
  return deployment.spec.template.spec.containers[0];
};

function parseQuantity(quantity: string): number {
  const match = /^([0-9.]+)(m|Ki|Mi|Gi|Ti|k|M|G)?$/.exec(String(quantity));
  if (!match) throw new Error(`not a quantity: ${quantity}`);
  const factor: Record<string, number> = {
    m: 1e-3,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    Ti: 2 ** 40,
    k: 1e3,
    M: 1e6,
    G: 1e9,
  };
  return Number(match[1]) * (match[2] ? factor[match[2]] : 1);
}

const looksSecret = (value: string): boolean =>
  /-----BEGIN [A-Z ]*KEY-----/.test(value) || /:\/\/[^/\s:@]+:[^@\s]+@/.test(value);

function resolvePort(container: Container, port: number | string): number | undefined {
  if (typeof port === 'number') return container.ports?.some((p) => p.containerPort === port) ? port : undefined;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

function checkDeployments(objects: K8sObject[]): void {
  const deployments = ofKind<Deployment>(objects, 'Deployment');
  expect(deployments.map(appOf).sort()).toEqual([...APPS].sort());
  const configMaps = ofKind(objects, 'ConfigMap');

  for (const deployment of deployments) {
    const app = appOf(deployment);
    const where = `Deployment ${deployment.metadata.name}`;
    const pod = deployment.spec.template.spec;
    const server = serverOf(deployment);
    expect({
      where,
      matches: selectorMatches(deployment.spec.selector, deployment.spec.template.metadata.labels),
    }).toEqual({ where, matches: true });

    // Hardening: the container's own settings win over the pod's.
    const effective: SecurityContext = { ...pod.securityContext, ...server.securityContext };
    expect({ where, ...effective }).toMatchObject({
      where,
      runAsNonRoot: true,
      runAsUser: 10001,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect({ where, drop: effective.capabilities?.drop }).toEqual({ where, drop: ['ALL'] });
    expect({ where, add: effective.capabilities?.add, privileged: effective.privileged }).toEqual({
      where,
      add: undefined,
      privileged: undefined,
    });
    expect({ where, automount: pod.automountServiceAccountToken }).toEqual({ where, automount: false });
    const tmp = server.volumeMounts?.find((m) => m.mountPath === '/tmp');
    expect({ where, tmp: pod.volumes?.find((v) => v.name === tmp?.name)?.emptyDir !== undefined }).toEqual({
      where,
      tmp: true,
    });

    // Service account exists and mounts no token.
    const account = named(objects, 'ServiceAccount', pod.serviceAccountName ?? '');
    expect({ where, account: account?.metadata.name, automount: account?.automountServiceAccountToken }).toEqual({
      where,
      account: pod.serviceAccountName,
      automount: false,
    });

    // Probes on the HTTP port the process listens on.
    const http = server.ports?.find((p) => p.name === 'http');
    expect({ where, http: http?.containerPort }).toEqual({ where, http: HTTP_PORT });
    const probe = (p: HttpProbe | undefined) =>
      p?.httpGet && { path: p.httpGet.path, port: resolvePort(server, p.httpGet.port) };
    expect({ where, readiness: probe(server.readinessProbe), liveness: probe(server.livenessProbe) }).toEqual({
      where,
      readiness: { path: '/readyz', port: HTTP_PORT },
      liveness: { path: '/healthz', port: HTTP_PORT },
    });
    if (server.startupProbe)
      expect({ where, startup: probe(server.startupProbe)?.port }).toEqual({ where, startup: HTTP_PORT });
    if (app !== 'gateway') {
      expect({ where, grpc: server.ports?.find((p) => p.name === 'grpc')?.containerPort }).toEqual({
        where,
        grpc: GRPC_PORT,
      });
    }

    // Graceful shutdown: endpoints drain during preStop, the app then has time after SIGTERM.
    const preStop = server.lifecycle?.preStop;
    const sleep =
      preStop?.sleep?.seconds ?? (preStop?.exec?.command[0] === 'sleep' ? Number(preStop.exec.command[1]) : NaN);
    expect({ where, sleep: sleep > 0 }).toEqual({ where, sleep: true });
    expect({ where, grace: (pod.terminationGracePeriodSeconds ?? 30) >= sleep + 10 }).toEqual({ where, grace: true });

    // Requests and limits for CPU and memory, requests within limits.
    for (const resource of ['cpu', 'memory']) {
      const request = server.resources?.requests?.[resource];
      const limit = server.resources?.limits?.[resource];
      expect({ where, resource, set: Boolean(request && limit) }).toEqual({ where, resource, set: true });
      expect({ where, resource, within: parseQuantity(request ?? '0') <= parseQuantity(limit ?? '0') }).toEqual({
        where,
        resource,
        within: true,
      });
    }

    // Image: set, tagged, never "latest".
    const image = parseImage(server.image ?? '');
    expect({ where, image: image.name.endsWith(`crm/${app}`) }).toEqual({ where, image: true });
    expect({ where, pinned: Boolean(image.digest || (image.tag && image.tag !== 'latest')) }).toEqual({
      where,
      pinned: true,
    });

    // Environment: what the app needs, secrets only by reference, nothing secret in plain text.
    const env = new Map((server.env ?? []).map((e) => [e.name, e]));
    for (const [name, value] of Object.entries(requiredEnv(app))) {
      const entry = env.get(name);
      expect({ where, name, present: entry !== undefined }).toEqual({ where, name, present: true });
      if (value !== null) expect({ where, name, value: entry?.value }).toEqual({ where, name, value });
    }
    const grpcAddresses = [...env.keys()].filter((name) => name.endsWith('_GRPC_ADDR')).sort();
    expect({ where, grpcAddresses }).toEqual({
      where,
      grpcAddresses: GRPC_CALLS[app].map((c) => `${envName(c)}_GRPC_ADDR`).sort(),
    });
    for (const entry of env.values()) {
      const ref = entry.valueFrom;
      if (SECRET_KEYS.includes(entry.name)) {
        // `optional` is allowed: a key only some installations set (a calendar provider's secret).
        const from = ref?.secretKeyRef && { name: ref.secretKeyRef.name, key: ref.secretKeyRef.key };
        expect({ where, name: entry.name, from }).toEqual({
          where,
          name: entry.name,
          from: { name: SECRET_NAME, key: entry.name },
        });
      } else if (entry.name === PUBLIC_KEY) {
        expect({ where, name: entry.name, byReference: Boolean(ref?.secretKeyRef || ref?.configMapKeyRef) }).toEqual({
          where,
          name: entry.name,
          byReference: true,
        });
      }
      expect({ where, name: entry.name, plaintextSecret: looksSecret(entry.value ?? '') }).toEqual({
        where,
        name: entry.name,
        plaintextSecret: false,
      });
      if (ref?.secretKeyRef) expect({ where, secret: ref.secretKeyRef.name }).toEqual({ where, secret: SECRET_NAME });
      if (ref?.configMapKeyRef) {
        const configMap = configMaps.find((c) => c.metadata.name === ref.configMapKeyRef?.name);
        const data = (configMap?.data ?? {}) as Record<string, string>;
        expect({ where, configMapKey: ref.configMapKeyRef.key in data }).toEqual({ where, configMapKey: true });
      }
    }
    for (const from of server.envFrom ?? []) {
      expect({ where, envFrom: from.secretRef ? from.secretRef.name : 'configMap' }).toEqual({
        where,
        envFrom: from.secretRef ? SECRET_NAME : 'configMap',
      });
    }
  }

  // Secrets are created by the operator, never shipped; ConfigMaps hold nothing secret.
  expect(ofKind(objects, 'Secret').map((s) => s.metadata.name)).toEqual([]);
  for (const configMap of configMaps) {
    for (const [key, value] of Object.entries((configMap.data ?? {}) as Record<string, string>)) {
      expect({
        configMap: configMap.metadata.name,
        key,
        secretKey: SECRET_KEYS.includes(key),
        looksSecret: looksSecret(value),
      }).toEqual({
        configMap: configMap.metadata.name,
        key,
        secretKey: false,
        looksSecret: false,
      });
    }
  }

  // documents keeps its blobs on a claimed volume at DATA_DIR.
  const documents = deployments.find((d) => appOf(d) === 'documents') as Deployment;
  const dataMount = serverOf(documents).volumeMounts?.find((m) => m.mountPath === '/data');
  const claim = documents.spec.template.spec.volumes?.find((v) => v.name === dataMount?.name)?.persistentVolumeClaim
    ?.claimName;
  expect({ claim: claim && named(objects, 'PersistentVolumeClaim', claim)?.metadata.name }).toEqual({
    claim: 'documents-data',
  });
}

function checkServices(objects: K8sObject[]): void {
  const deployments = ofKind<Deployment>(objects, 'Deployment');
  const services = ofKind<Service>(objects, 'Service');
  expect(services.map((s) => s.metadata.name).sort()).toEqual([...APPS].sort());
  for (const service of services) {
    const where = `Service ${service.metadata.name}`;
    const backends = deployments.filter((d) =>
      selectorMatches({ matchLabels: service.spec.selector }, d.spec.template.metadata.labels),
    );
    expect({ where, backends: backends.map((d) => d.metadata.name) }).toEqual({
      where,
      backends: [service.metadata.name],
    });
    const server = serverOf(backends[0]);
    for (const port of service.spec.ports) {
      expect({ where, port: port.port, target: resolvePort(server, port.targetPort ?? port.port) }).toEqual({
        where,
        port: port.port,
        target: port.port,
      });
    }
    const expected = service.metadata.name === 'gateway' ? [HTTP_PORT] : [HTTP_PORT, GRPC_PORT];
    expect({ where, ports: service.spec.ports.map((p) => p.port).sort((a, b) => a - b) }).toEqual({
      where,
      ports: expected,
    });
  }
}

// Who can be on either end of a connection.
type Endpoint =
  { type: 'pod'; labels: Record<string, string>; namespaceLabels: Record<string, string> } | { type: 'external' };

function peerMatches(peer: PolicyPeer, other: Endpoint, ownNamespace: Record<string, string>): boolean {
  if (peer.ipBlock) return other.type === 'external';
  if (other.type !== 'pod') return false;
  if (peer.namespaceSelector) {
    if (!selectorMatches(peer.namespaceSelector, other.namespaceLabels)) return false;
  } else if (JSON.stringify(other.namespaceLabels) !== JSON.stringify(ownNamespace)) {
    return false;
  }
  return peer.podSelector ? selectorMatches(peer.podSelector, other.labels) : true;
}

function portMatches(ports: PolicyPort[] | undefined, port: number, protocol: string): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some((p) => {
    if ((p.protocol ?? 'TCP') !== protocol) return false;
    if (p.port === undefined) return true;
    if (typeof p.port !== 'number') throw new Error('named ports in NetworkPolicies are not checked; use numbers');
    return p.endPort ? port >= p.port && port <= p.endPort : port === p.port;
  });
}

function policyAllows(
  policies: NetworkPolicy[],
  direction: 'Ingress' | 'Egress',
  subject: Endpoint & { type: 'pod' },
  other: Endpoint,
  port: number,
  protocol = 'TCP',
): boolean {
  const applying = policies.filter((p) => {
    const types = p.spec.policyTypes ?? (p.spec.egress ? ['Ingress', 'Egress'] : ['Ingress']);
    return types.includes(direction) && selectorMatches(p.spec.podSelector, subject.labels);
  });
  if (applying.length === 0) return true;
  return applying.some((p) => {
    const rules =
      direction === 'Ingress'
        ? (p.spec.ingress ?? []).map((r) => ({ peers: r.from, ports: r.ports }))
        : (p.spec.egress ?? []).map((r) => ({ peers: r.to, ports: r.ports }));
    return rules.some(
      (r) =>
        (!r.peers ||
          r.peers.length === 0 ||
          r.peers.some((peer) => peerMatches(peer, other, subject.namespaceLabels))) &&
        portMatches(r.ports, port, protocol),
    );
  });
}

function checkNetworkPolicies(objects: K8sObject[]): void {
  const policies = ofKind<NetworkPolicy>(objects, 'NetworkPolicy');
  const deployments = ofKind<Deployment>(objects, 'Deployment');
  const namespace = { 'kubernetes.io/metadata.name': deployments[0].metadata.namespace ?? 'default' };
  const pods = new Map(
    deployments.map((d) => [
      appOf(d),
      { type: 'pod' as const, labels: d.spec.template.metadata.labels, namespaceLabels: namespace },
    ]),
  );
  const pod = (app: App) => pods.get(app) as Endpoint & { type: 'pod' };
  const external: Endpoint = { type: 'external' };
  const ingressController: Endpoint = {
    type: 'pod',
    labels: { 'app.kubernetes.io/name': 'ingress-nginx' },
    namespaceLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' },
  };
  const clusterDns: Endpoint = {
    type: 'pod',
    labels: { 'k8s-app': 'kube-dns' },
    namespaceLabels: { 'kubernetes.io/metadata.name': 'kube-system' },
  };
  // Only pods of this namespace are subject to these policies.
  const ours = new Set<Endpoint>(pods.values());
  const connects = (from: Endpoint, to: Endpoint, port: number, protocol = 'TCP'): boolean =>
    (from.type !== 'pod' || !ours.has(from) || policyAllows(policies, 'Egress', from, to, port, protocol)) &&
    (to.type !== 'pod' || !ours.has(to) || policyAllows(policies, 'Ingress', to, from, port, protocol));

  const denyAll = policies.filter(
    (p) =>
      Object.keys(p.spec.podSelector ?? {}).every(
        (k) => Object.keys((p.spec.podSelector as Record<string, object>)[k]).length === 0,
      ) &&
      ['Ingress', 'Egress'].every((t) => p.spec.policyTypes?.includes(t)) &&
      !p.spec.ingress?.length &&
      !p.spec.egress?.length,
  );
  expect(denyAll.length).toBeGreaterThan(0);

  const expectConnection = (
    from: string,
    to: string,
    port: number,
    allowed: boolean,
    a: Endpoint,
    b: Endpoint,
    protocol = 'TCP',
  ) =>
    expect({ from, to, port, protocol, allowed: connects(a, b, port, protocol) }).toEqual({
      from,
      to,
      port,
      protocol,
      allowed,
    });

  expectConnection('ingress-controller', 'gateway', HTTP_PORT, true, ingressController, pod('gateway'));
  for (const app of APPS) {
    for (const protocol of ['UDP', 'TCP']) {
      expectConnection(app, 'dns', 53, true, pod(app), external, protocol);
      expectConnection(app, 'kube-dns', 53, true, pod(app), clusterDns, protocol);
    }
    for (const port of [27017, 5672, 7700]) {
      expectConnection(app, 'external', port, EXTERNAL_EGRESS[app].includes(port), pod(app), external);
    }
    // The payment provider's API (Stripe) over HTTPS.
    if (app === 'billing') expectConnection(app, 'external', 443, true, pod(app), external);
    // S3-compatible object storage over HTTPS (BLOB_STORE=s3).
    if (app === 'documents') expectConnection(app, 'external', 443, true, pod(app), external);
    // Customers' webhook endpoints over HTTPS: the internet on 443, and nothing else outside.
    if (app === 'webhooks') {
      expectConnection(app, 'external', 443, true, pod(app), external);
      expectConnection(app, 'external', 80, false, pod(app), external);
    }
    if (app !== 'gateway') expectConnection('ingress-controller', app, HTTP_PORT, false, ingressController, pod(app));
    // Exactly the call graph among the apps: every listed call allowed, every other denied.
    for (const callee of APPS) {
      expectConnection(app, callee, HTTP_PORT, HTTP_CALLS[app].includes(callee), pod(app), pod(callee));
      expectConnection(app, callee, GRPC_PORT, GRPC_CALLS[app].includes(callee), pod(app), pod(callee));
    }
  }
  // Prometheus scrapes /metrics on each app's HTTP port, and reaches nothing else.
  const prometheus: Endpoint = {
    type: 'pod',
    labels: { 'app.kubernetes.io/name': 'prometheus' },
    namespaceLabels: { 'kubernetes.io/metadata.name': 'monitoring' },
  };
  for (const app of APPS) {
    expectConnection('prometheus', app, HTTP_PORT, true, prometheus, pod(app));
    expectConnection('prometheus', app, GRPC_PORT, false, prometheus, pod(app));
  }
  const stranger: Endpoint = {
    type: 'pod',
    labels: { app: 'other' },
    namespaceLabels: { 'kubernetes.io/metadata.name': 'other' },
  };
  expectConnection('another namespace', 'gateway', HTTP_PORT, false, stranger, pod('gateway'));
}

function checkAvailability(objects: K8sObject[], overlay: string): void {
  const deployments = ofKind<Deployment>(objects, 'Deployment');
  const hpas = ofKind<
    K8sObject & { spec: { scaleTargetRef: { kind: string; name: string }; minReplicas?: number; maxReplicas: number } }
  >(objects, 'HorizontalPodAutoscaler');
  for (const hpa of hpas) {
    const target = named<Deployment>(objects, hpa.spec.scaleTargetRef.kind, hpa.spec.scaleTargetRef.name);
    expect({ hpa: hpa.metadata.name, target: target?.metadata.name, min: (hpa.spec.minReplicas ?? 1) >= 2 }).toEqual({
      hpa: hpa.metadata.name,
      target: hpa.spec.scaleTargetRef.name,
      min: true,
    });
    // A replica count left in the Deployment would be reset by every apply.
    expect({ hpa: hpa.metadata.name, replicas: target?.spec.replicas }).toEqual({
      hpa: hpa.metadata.name,
      replicas: undefined,
    });
  }
  const minimum = (d: Deployment): number => {
    const hpa = hpas.find(
      (h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === d.metadata.name,
    );
    return hpa ? (hpa.spec.minReplicas ?? 1) : (d.spec.replicas ?? 1);
  };
  const replicas = Object.fromEntries(deployments.map((d) => [appOf(d), minimum(d)]));
  if (overlay === 'dev') {
    expect(replicas).toEqual(Object.fromEntries(APPS.map((a) => [a, 1])));
  } else {
    for (const app of ['gateway', 'identity', 'crm-core'] as const)
      expect({ app, replicas: replicas[app] >= 2 }).toEqual({ app, replicas: true });
  }
  if (overlay === 'prod') {
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(['crm-core', 'gateway']);
  }

  // Every Deployment with more than one replica has a PodDisruptionBudget that selects it.
  const budgets = ofKind<
    K8sObject & { spec: { selector: LabelSelector; maxUnavailable?: number | string; minAvailable?: number | string } }
  >(objects, 'PodDisruptionBudget');
  for (const budget of budgets) {
    const selected = deployments.filter((d) => selectorMatches(budget.spec.selector, d.spec.template.metadata.labels));
    expect({ budget: budget.metadata.name, selects: selected.length }).toEqual({
      budget: budget.metadata.name,
      selects: 1,
    });
  }
  for (const deployment of deployments.filter((d) => minimum(d) > 1)) {
    const covered = budgets.some((b) => selectorMatches(b.spec.selector, deployment.spec.template.metadata.labels));
    expect({ deployment: deployment.metadata.name, budget: covered }).toEqual({
      deployment: deployment.metadata.name,
      budget: true,
    });
  }
}

function checkIngress(objects: K8sObject[], overlay: string): void {
  type Ingress = K8sObject & {
    spec: {
      tls?: { hosts: string[]; secretName: string }[];
      rules: {
        host?: string;
        http: {
          paths: { path: string; backend: { service: { name: string; port: { name?: string; number?: number } } } }[];
        };
      }[];
    };
  };
  const ingresses = ofKind<Ingress>(objects, 'Ingress');
  expect(ingresses).toHaveLength(1);
  const gateway = named<Service>(objects, 'Service', 'gateway') as Service;
  for (const rule of ingresses[0].spec.rules) {
    for (const { path, backend } of rule.http.paths) {
      // Only the API is public: the gateway's /healthz, /readyz and /metrics are not.
      expect(path).toBe('/v1');
      expect(backend.service.name).toBe('gateway');
      const port = gateway.spec.ports.find(
        (p) => p.name === backend.service.port.name || p.port === backend.service.port.number,
      );
      expect(port?.port).toBe(HTTP_PORT);
    }
  }
  if (overlay === 'prod') {
    const hosts = ingresses[0].spec.rules.map((r) => r.host);
    expect(hosts.every((h) => typeof h === 'string' && h.length > 0)).toBe(true);
    expect(ingresses[0].spec.tls?.flatMap((t) => t.hosts).sort()).toEqual([...hosts].sort());
  }
}

// Overlays change sizes in the intended direction, and tag images as documented.
function checkOverlayIntent(objects: K8sObject[], base: K8sObject[], overlay: string): void {
  for (const deployment of ofKind<Deployment>(objects, 'Deployment')) {
    const where = deployment.metadata.name;
    const before = serverOf(named<Deployment>(base, 'Deployment', where) as Deployment).resources;
    const after = serverOf(deployment).resources;
    for (const kind of ['requests', 'limits'] as const) {
      for (const resource of ['cpu', 'memory']) {
        const ratio =
          parseQuantity(after?.[kind]?.[resource] ?? '0') / parseQuantity(before?.[kind]?.[resource] ?? '1');
        const direction = overlay === 'dev' ? ratio <= 1 : ratio >= 1;
        expect({ where, kind, resource, direction }).toEqual({ where, kind, resource, direction: true });
      }
    }
    const image = parseImage(serverOf(deployment).image ?? '');
    if (overlay === 'dev') expect({ where, tag: image.tag }).toEqual({ where, tag: 'dev' });
    if (overlay === 'prod') {
      expect({ where, pinned: Boolean(image.digest) || /^v?\d+\.\d+\.\d+/.test(image.tag ?? '') }).toEqual({
        where,
        pinned: true,
      });
    }
  }
}

function checkObjects(objects: K8sObject[]): void {
  expect(objects.length).toBeGreaterThan(0);
  for (const object of objects) {
    expect({
      kind: object.kind,
      named: typeof object.metadata?.name === 'string' && typeof object.apiVersion === 'string',
    }).toEqual({ kind: object.kind, named: true });
  }
  const ids = objects.map((o) => `${o.kind}/${o.metadata.name}`);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
}

function checkRender(objects: K8sObject[], overlay: string, base: K8sObject[]): void {
  checkObjects(objects);
  checkDeployments(objects);
  checkServices(objects);
  checkNetworkPolicies(objects);
  checkAvailability(objects, overlay);
  checkIngress(objects, overlay);
  if (overlay !== 'base') checkOverlayIntent(objects, base, overlay);
}

// ---- tests ----

const DIRS: Record<string, string> = {
  base: BASE,
  dev: join(K8S, 'overlays', 'dev'),
  prod: join(K8S, 'overlays', 'prod'),
};

describe('k8s kustomizations', () => {
  test.each(Object.keys(DIRS))('%s lists only resources and patches that exist and parse', (name) => {
    const dir = DIRS[name];
    const k = readKustomization(dir);
    for (const resource of k.resources ?? []) {
      const path = join(dir, resource);
      expect({ resource, exists: existsSync(path) }).toEqual({ resource, exists: true });
      if (statSync(path).isDirectory()) {
        expect({ resource, kustomization: existsSync(join(path, 'kustomization.yaml')) }).toEqual({
          resource,
          kustomization: true,
        });
        continue;
      }
      const docs = asObjects(readDocs(path));
      expect(docs.length).toBeGreaterThan(0);
      for (const doc of docs) {
        expect({
          resource,
          apiVersion: typeof doc.apiVersion,
          kind: typeof doc.kind,
          name: typeof doc.metadata?.name,
        }).toEqual({
          resource,
          apiVersion: 'string',
          kind: 'string',
          name: 'string',
        });
      }
    }
    for (const entry of k.patches ?? []) {
      if (entry.path)
        expect({ patch: entry.path, exists: existsSync(join(dir, entry.path)) }).toEqual({
          patch: entry.path,
          exists: true,
        });
      const { text, where } = patchTexts(dir, entry);
      expect(() => parsePatch(text, where)).not.toThrow();
    }
  });

  test('every YAML file under k8s/ is used by a kustomization', () => {
    const used = new Set<string>();
    for (const dir of Object.values(DIRS)) {
      const k = readKustomization(dir);
      used.add(join(dir, 'kustomization.yaml'));
      for (const resource of k.resources ?? []) used.add(join(dir, resource));
      for (const entry of k.patches ?? []) if (entry.path) used.add(join(dir, entry.path));
    }
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.ya?ml$/.test(entry)) files.push(path);
      }
    };
    walk(K8S);
    expect(files.filter((f) => !used.has(f)).map((f) => relative(ROOT, f))).toEqual([]);
  });

  test.each(OVERLAYS)('every patch in %s targets a resource of the base', (overlay) => {
    const dir = DIRS[overlay];
    const base = rendered('base');
    const k = readKustomization(dir);
    expect(k.resources).toContain('../../base');
    const entries: PatchEntry[] = [...(k.patchesStrategicMerge ?? []).map((path) => ({ path })), ...(k.patches ?? [])];
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      for (const target of patchTargets(dir, entry)) {
        const hits = base.filter((o) => matchesTarget(o, target));
        expect({ target, hits: hits.length > 0 }).toEqual({ target, hits: true });
      }
    }
    for (const { name } of k.replicas ?? [])
      expect({ replicas: name, exists: Boolean(named(base, 'Deployment', name)) }).toEqual({
        replicas: name,
        exists: true,
      });
    for (const image of k.images ?? []) {
      const used = ofKind<Deployment>(base, 'Deployment').some(
        (d) => parseImage(serverOf(d).image ?? '').name === image.name,
      );
      expect({ image: image.name, used }).toEqual({ image: image.name, used: true });
    }
  });
});

// A billing without a provider refuses to start, and the simulated one takes any card: every
// shipped overlay names Stripe, from the ConfigMap, with its secrets read from crm-secrets.
function checkPaymentProvider(objects: K8sObject[]): void {
  const billing = ofKind<Deployment>(objects, 'Deployment').find((d) => appOf(d) === 'billing') as Deployment;
  const env = new Map((serverOf(billing).env ?? []).map((e) => [e.name, e]));
  const ref = env.get('PAYMENT_PROVIDER')?.valueFrom?.configMapKeyRef;
  const configMap = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name === ref?.name);
  expect(((configMap?.data ?? {}) as Record<string, string>)[ref?.key ?? '']).toBe('stripe');
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
    expect({ name, from: env.get(name)?.valueFrom?.secretKeyRef?.name }).toEqual({ name, from: SECRET_NAME });
  }
  for (const name of ['STRIPE_PRICE_MONTH', 'STRIPE_PRICE_YEAR'])
    expect({ name, fromConfig: Boolean(env.get(name)?.valueFrom?.configMapKeyRef) }).toEqual({
      name,
      fromConfig: true,
    });
}

// Rendered on first use, inside a test, so a broken kustomization fails that test with its reason.
const renders = new Map<string, K8sObject[]>();
function rendered(name: string): K8sObject[] {
  if (!renders.has(name)) renders.set(name, render(DIRS[name]));
  return clone(renders.get(name) as K8sObject[]);
}

describe.each(['base', ...OVERLAYS])('rendered %s', (overlay) => {
  test('renders to named, unique objects', () => checkObjects(rendered(overlay)));
  test('Deployments are hardened, probed, sized, and get secrets only by reference', () =>
    checkDeployments(rendered(overlay)));
  test('Services select one Deployment each, on ports it serves', () => checkServices(rendered(overlay)));
  test('NetworkPolicies deny all but DNS, dependencies and the call graph', () =>
    checkNetworkPolicies(rendered(overlay)));
  test('replicas, autoscalers and disruption budgets', () => checkAvailability(rendered(overlay), overlay));
  test('the Ingress routes to the gateway', () => checkIngress(rendered(overlay), overlay));
  test('billing takes payments through Stripe: its provider is named, never left to a fallback', () =>
    checkPaymentProvider(rendered(overlay)));
  if (overlay !== 'base')
    test('sizes and image tags move in the intended direction', () =>
      checkOverlayIntent(rendered(overlay), rendered('base'), overlay));
  if (overlay !== 'base')
    test('every object is namespaced by the overlay', () => {
      const namespaces = new Set(rendered(overlay).map((o) => o.metadata.namespace));
      expect(namespaces.size).toBe(1);
      expect([...namespaces][0]).toMatch(/^[a-z0-9-]+$/);
    });
});

test('k8s/README.md documents every key of the Secret the manifests read', () => {
  const readme = readFileSync(join(K8S, 'README.md'), 'utf8');
  const keys = new Set<string>();
  for (const overlay of OVERLAYS) {
    for (const d of ofKind<Deployment>(rendered(overlay), 'Deployment')) {
      for (const e of serverOf(d).env ?? []) if (e.valueFrom?.secretKeyRef) keys.add(e.valueFrom.secretKeyRef.key);
    }
  }
  expect(keys.size).toBeGreaterThan(0);
  for (const key of keys) expect({ key, documented: readme.includes(`\`${key}\``) }).toEqual({ key, documented: true });
  expect(readme).toContain(SECRET_NAME);
});

// kustomize itself, when installed: its render passes the same checks and equals the in-memory one.
function findKustomize(): string[] | undefined {
  for (const [command, version] of [
    [['kustomize', 'build'], ['version']],
    [
      ['kubectl', 'kustomize'],
      ['version', '--client'],
    ],
  ]) {
    try {
      execFileSync(command[0], version, { stdio: 'ignore', timeout: 20_000 });
      return command;
    } catch {
      // not installed; try the next
    }
  }
  return undefined;
}
const kustomize = findKustomize();

// Lists whose order kustomize's strategic merge may change; compared by key.
function normalize(value: Json, generated: Map<string, string>): Json {
  if (Array.isArray(value)) {
    const items = value.map((v) => normalize(v, generated));
    const key = ['name', 'mountPath', 'containerPort', 'port'].find(
      (k) => items.length > 0 && items.every((i) => isObject(i) && k in i),
    );
    if (!key) return items;
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the sort keys are names and ports
    return [...items].sort((a, b) => String((a as JsonObject)[key]).localeCompare(String((b as JsonObject)[key])));
  }
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const key of Object.keys(value).sort()) {
      const v = value[key];
      out[key] = typeof v === 'string' && generated.has(v) ? (generated.get(v) as string) : normalize(v, generated);
    }
    return out;
  }
  return value;
}

(kustomize ? describe : describe.skip)(
  kustomize
    ? `${kustomize.join(' ')} render`
    : 'kustomize render (skipped: neither kustomize nor kubectl is installed)',
  () => {
    describe.each(['base', ...OVERLAYS])('%s', (overlay) => {
      const dir = DIRS[overlay];
      const real = (): K8sObject[] =>
        asObjects(
          parseDocs(
            execFileSync((kustomize as string[])[0], [...(kustomize as string[]).slice(1), dir], {
              encoding: 'utf8',
              timeout: 60_000,
            }),
            `kustomize ${overlay}`,
          ),
        );
      test('passes the same checks', () => checkRender(real(), overlay, rendered('base')), 90_000);
      test('equals the in-memory render, up to generated name suffixes and list order', () => {
        const mine = rendered(overlay);
        const theirs = real();
        // Generated ConfigMaps carry a content hash suffix: map them back to their plain names.
        const generated = new Map<string, string>();
        for (const c of ofKind(theirs, 'ConfigMap')) {
          const plain = c.metadata.name.replace(/-[a-z0-9]{10}$/, '');
          if (plain !== c.metadata.name && named(mine, 'ConfigMap', plain)) generated.set(c.metadata.name, plain);
        }
        const byId = (list: K8sObject[]) =>
          Object.fromEntries(list.map((o) => [`${o.kind}/${o.metadata.name.replace(/-[a-z0-9]{10}$/, '')}`, o]));
        const a = byId(mine);
        const b = byId(theirs);
        expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
        for (const id of Object.keys(a)) {
          expect({ id, object: normalize(a[id] as unknown as Json, generated) }).toEqual({
            id,
            object: normalize(b[id] as unknown as Json, generated),
          });
        }
      }, 90_000);
    });
  },
);

// The peers a service's process requires (runServiceMain reads <PEER>_GRPC_ADDR for each) are
// the calls the manifests, the compose file and the network policies are checked against above.
test.each(SERVICES)('%s starts with exactly the gRPC peers the deployment gives it', (service) => {
  const main = readFileSync(join(ROOT, 'services', service, 'src', 'main.ts'), 'utf8');
  const call = /runServiceMain\(\s*\w+\s*(?:,\s*\[([^\]]*)\])?\s*\)/.exec(main);
  expect(call).not.toBeNull();
  const peers = [...(call?.[1] ?? '').matchAll(/'([a-z-]+)'/g)].map((m) => m[1]).sort();
  expect({ service, peers }).toEqual({ service, peers: [...GRPC_CALLS[service]].sort() });
});

// ---- docker compose ----

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  pull_policy?: string;
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  entrypoint?: string[] | string;
  command?: string[] | string;
  read_only?: boolean;
  tmpfs?: string[];
  ports?: string[];
}

describe('deploy/docker-compose.yml', () => {
  const composeFile = join(ROOT, 'deploy', 'docker-compose.yml');
  const compose = parse(readFileSync(composeFile, 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
    volumes?: Record<string, unknown>;
  };
  const services = compose.services;
  const envExample = readFileSync(join(ROOT, 'deploy', '.env.example'), 'utf8');
  const exampleVars = new Map(
    envExample
      .split('\n')
      .filter((l) => /^[A-Z0-9_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

  test('runs the data stores and every app', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['mongo', 'rabbitmq', 'meilisearch', ...APPS]));
    for (const [name, service] of Object.entries(services)) {
      if (!service.image || service.build) continue;
      const image = parseImage(service.image);
      expect({
        name,
        pinned: Boolean(image.digest || (image.tag && image.tag !== 'latest' && /\d/.test(image.tag))),
      }).toEqual({ name, pinned: true });
    }
  });

  test.each(APPS)('%s is built from the shared Dockerfile at the repository root with its SERVICE', (app) => {
    const service = services[app];
    const context = resolve(dirname(composeFile), service.build?.context ?? '.');
    expect(context).toBe(ROOT);
    const dockerfile = join(context, service.build?.dockerfile ?? 'Dockerfile');
    expect(relative(ROOT, dockerfile)).toBe('deploy/Dockerfile');
    expect(existsSync(dockerfile)).toBe(true);
    expect((service.build as { args?: Record<string, string> } | undefined)?.args?.SERVICE).toBe(app);
    expect(existsSync(join(ROOT, app === 'gateway' ? 'gateway' : join('services', app), 'package.json'))).toBe(true);
    expect(service.image).toMatch(new RegExp(`^crm/${app}:`));
    expect(service.pull_policy).toBe('build');
    expect(service.read_only).toBe(true);
    expect(service.tmpfs).toContain('/tmp');
  });

  test.each(APPS)('%s gets the environment it needs, secrets only from the env file', (app) => {
    const env = services[app].environment ?? {};
    for (const [name, value] of Object.entries(requiredEnv(app))) {
      expect({ name, present: name in env }).toEqual({ name, present: true });
      if (value !== null) expect({ name, value: String(env[name]) }).toEqual({ name, value });
    }
    const grpcAddresses = Object.keys(env)
      .filter((n) => n.endsWith('_GRPC_ADDR'))
      .sort();
    expect(grpcAddresses).toEqual(GRPC_CALLS[app].map((c) => `${envName(c)}_GRPC_ADDR`).sort());
    for (const name of [...SECRET_KEYS, PUBLIC_KEY]) {
      if (!(name in env)) continue;
      const value = String(env[name]);
      // Only ${VARIABLE} references may carry secret material; what is left is the URL's shape.
      const variables = [...value.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]);
      expect({ name, fromEnvFile: variables.length > 0 }).toEqual({ name, fromEnvFile: true });
      const literal = value.replace(/\$\{[^}]*\}/g, '');
      const userinfo = /:\/\/([^/\s@]*)@/.exec(literal)?.[1] ?? '';
      expect({ name, plaintext: looksSecret(literal) || userinfo.replace(':', '') !== '' }).toEqual({
        name,
        plaintext: false,
      });
    }
  });

  test('every variable the compose file reads is listed in .env.example, secrets empty', () => {
    const text = readFileSync(composeFile, 'utf8');
    const used = new Set([...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]));
    for (const variable of used)
      expect({ variable, listed: exampleVars.has(variable) }).toEqual({ variable, listed: true });
    for (const variable of [
      'MONGO_PASSWORD',
      'RABBITMQ_PASSWORD',
      'MEILI_MASTER_KEY',
      'SMTP_URL',
      'INTERNAL_JWT_PRIVATE_KEY',
      'INTERNAL_JWT_PUBLIC_KEY',
    ]) {
      expect({ variable, value: exampleVars.get(variable) }).toEqual({ variable, value: '' });
    }
    expect(looksSecret(envExample)).toBe(false);
  });

  test('billing runs only with the payment provider the env file names', () => {
    // Compose itself refuses to start without it, before any container runs.
    expect(String(services.billing.environment?.PAYMENT_PROVIDER)).toMatch(/^\$\{PAYMENT_PROVIDER:\?[^}]+\}$/);
    expect(exampleVars.get('PAYMENT_PROVIDER')).toBe('');
  });

  test('healthchecks gate start-up order', () => {
    for (const [name, service] of Object.entries(services)) {
      expect({ name, healthcheck: Boolean(service.healthcheck?.test) }).toEqual({ name, healthcheck: true });
    }
    for (const app of SERVICES) {
      const test = JSON.stringify(services[app].healthcheck?.test);
      expect(test).toContain(`:${HTTP_PORT}/readyz`);
      const needs = ['mongo', 'rabbitmq', ...(app === 'crm-core' ? ['meilisearch'] : [])];
      for (const dependency of needs) {
        expect({ app, dependency, condition: services[app].depends_on?.[dependency]?.condition }).toEqual({
          app,
          dependency,
          condition: 'service_healthy',
        });
      }
    }
    for (const app of SERVICES) {
      expect({ app, condition: services.gateway.depends_on?.[app]?.condition }).toEqual({
        app,
        condition: 'service_healthy',
      });
    }
  });

  test('MongoDB runs as a replica set that the healthcheck initiates', () => {
    const mongo = services.mongo;
    const start = JSON.stringify([mongo.entrypoint, mongo.command]);
    const replSet = /--replSet[ ",]+([A-Za-z0-9_-]+)/.exec(start)?.[1];
    expect(replSet).toBeDefined();
    const health = JSON.stringify(mongo.healthcheck?.test);
    expect(health).toContain('rs.initiate');
    expect(health).toContain(`_id: '${replSet}'`);
    expect(health).toContain("host: 'mongo:27017'");
    const mongoUrl = String(services.identity.environment?.MONGO_URL);
    expect(mongoUrl).toContain('@mongo:27017/');
    expect(mongoUrl).toContain(`replicaSet=${replSet}`);
  });

  test('documents keeps its blobs on a named volume at DATA_DIR', () => {
    const documents = services.documents;
    const mount = (documents.volumes ?? []).map((v) => v.split(':')).find(([, target]) => target === '/data');
    expect(mount).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(mount?.[0]);
    expect(documents.environment?.DATA_DIR).toBe('/data');
  });
});

// ---- Dockerfiles ----

interface Instruction {
  keyword: string;
  args: string;
}
function readDockerfile(file: string): Instruction[] {
  const lines = readFileSync(file, 'utf8').replace(/\\\n/g, ' ').split('\n');
  return lines
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !l.startsWith('#'))
    .map((l) => {
      const [keyword, ...rest] = l.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

describe('Dockerfile', () => {
  const rootPackage = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    packageManager: string;
    engines: { node: string };
  };
  const file = join(ROOT, 'deploy', 'Dockerfile');

  test('pinned base images, a required SERVICE, non-root user, production start', () => {
    expect(existsSync(file)).toBe(true);
    const instructions = readDockerfile(file);
    const args = new Map<string, string>();
    const stages: { image: string; alias?: string; body: Instruction[] }[] = [];
    for (const instruction of instructions) {
      if (instruction.keyword === 'FROM') {
        const [image, as, alias] = instruction.args.split(/\s+/);
        expect(as === undefined || as.toUpperCase() === 'AS').toBe(true);
        stages.push({
          image: image.replace(/\$\{?(\w+)\}?/g, (_, name: string) => args.get(name) ?? ''),
          alias,
          body: [],
        });
      } else if (instruction.keyword === 'ARG' && stages.length === 0) {
        const [name, value = ''] = instruction.args.split('=');
        args.set(name, value);
      } else if (stages.length > 0) {
        stages[stages.length - 1].body.push(instruction);
      }
    }
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const aliases = new Set(stages.map((s) => s.alias).filter(Boolean));
    for (const { image } of stages) {
      if (aliases.has(image)) continue;
      const ref = parseImage(image);
      expect({
        image,
        pinned: Boolean(ref.digest || (ref.tag && ref.tag !== 'latest' && /^\d+\.\d+\.\d+/.test(ref.tag))),
      }).toEqual({ image, pinned: true });
      // The image's Node is one the code supports (package.json's engines: a lowest version).
      if (ref.name === 'node') {
        const lowest = rootPackage.engines.node
          .replace(/[^0-9.]/g, '')
          .split('.')
          .map(Number);
        const [major, minor] = (ref.tag ?? '').split('.').map(Number);
        expect({ image, supported: major > lowest[0] || (major === lowest[0] && minor >= lowest[1]) }).toEqual({
          image,
          supported: true,
        });
      }
    }

    // The compile stage must not depend on SERVICE, or BuildKit would compile once per image.
    const compile = stages[0].body;
    expect(compile.some((i) => i.args.includes('SERVICE'))).toBe(false);
    const build = stages
      .slice(0, -1)
      .flatMap((s) => s.body)
      .map((i) => i.args)
      .join('\n');
    expect(build).toContain(`pnpm@${rootPackage.packageManager.split('@')[1]}`);
    expect(build).toContain('--frozen-lockfile');
    expect(build).toContain('"@crm/${SERVICE}"');
    const serviceArg = stages.flatMap((s) => s.body).find((i) => i.keyword === 'ARG' && i.args.startsWith('SERVICE'));
    expect(serviceArg?.args).toBe('SERVICE');
    expect(build).toMatch(/test -n "\$\{SERVICE\}"/);

    const final = stages[stages.length - 1].body;
    const users = final.filter((i) => i.keyword === 'USER').map((i) => i.args.split(':')[0]);
    expect(users.length).toBeGreaterThan(0);
    expect(users[users.length - 1]).toBe('10001');
    expect(final.some((i) => i.keyword === 'ENV' && /\bNODE_ENV=production\b/.test(i.args))).toBe(true);
    expect(final.find((i) => i.keyword === 'CMD')?.args).toBe('["node", "dist/main.js"]');
    const exposed = final
      .filter((i) => i.keyword === 'EXPOSE')
      .flatMap((i) => i.args.split(/\s+/))
      .map(Number)
      .sort((a, b) => a - b);
    expect(exposed).toEqual([HTTP_PORT, GRPC_PORT]);
    expect(readFileSync(file, 'utf8')).toMatch(/mkdir \/data && chown 10001:10001 \/data/);
  });

  test.each(APPS)('%s is a workspace package the Dockerfile can deploy', (app) => {
    const manifest = JSON.parse(
      readFileSync(join(ROOT, app === 'gateway' ? 'gateway' : join('services', app), 'package.json'), 'utf8'),
    ) as {
      name: string;
    };
    expect(manifest.name).toBe(`@crm/${app}`);
  });

  test('.dockerignore keeps host installs, build output and secrets out of the context', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const pattern of ['.git', '**/node_modules', '**/dist', '**/.env', '**/*.pem'])
      expect(ignored).toContain(pattern);
  });
});
