import { generateInternalKeyPair, INTERNAL_TOKEN_HEADER, newId, signInternalToken, type InternalClaims } from '@crm/kit';
import { OPERATIONS, PERMISSIONS, type Operation } from '@crm/protos';
import { startTestSystem, type TestSystem } from '../support/system';

// Walks the permission matrix: each operation, sent to its owning service with the internal JWT
// the gateway would mint, answers 403 when the caller lacks what the matrix says it needs, and
// something other than 403 when the caller has it. An operation its service does not serve yet
// answers 404 to everyone: access is fail-closed, nothing undeclared ever runs.
const keys = generateInternalKeyPair();
let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem({ internalKeys: keys });
});

afterAll(() => system.destroy());

const declared = new Map<string, Promise<Set<string>>>();

// The operations a service declares, from its own OpenAPI document.
function declaredBy(service: Operation['service']): Promise<Set<string>> {
  let operations = declared.get(service);
  if (!operations) {
    operations = fetch(`http://127.0.0.1:${system.services[service].httpPort}/openapi.json`)
      .then((response) => response.json() as Promise<{ paths: Record<string, Record<string, unknown>> }>)
      .then(
        (document) =>
          new Set(Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))),
      );
    declared.set(service, operations);
  }
  return operations;
}

const allowed: InternalClaims = {
  workspace_id: newId(),
  user_id: newId(),
  actor: { type: 'user', id: newId(), label: 'Matrix' },
  role: 'Owner',
  permissions: [...PERMISSIONS],
  is_admin: true,
  plan: 'standard',
};
const agent: InternalClaims = { ...allowed, actor: { type: 'agent', id: newId(), label: 'Bot' } };

async function send(operation: Operation, claims: InternalClaims, payload: Record<string, unknown> = {}): Promise<{ status: number; code?: string }> {
  const port = system.services[operation.service].httpPort;
  const path = operation.path.replace(/\{[^}]+\}/g, () => newId());
  const hasBody = ['POST', 'PATCH', 'PUT'].includes(operation.method);
  const response = await fetch(`http://127.0.0.1:${port}/v1${path}`, {
    method: operation.method,
    headers: { [INTERNAL_TOKEN_HEADER]: signInternalToken(keys.privateKey, claims), 'content-type': 'application/json' },
    body: hasBody ? JSON.stringify(payload) : undefined,
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as { error?: { code: string } }) : {};
  return { status: response.status, code: body.error?.code };
}

// Each way a caller can fall short of an operation's rule.
function shortfalls(operation: Operation): Array<{ why: string; claims: InternalClaims; code: string; body?: Record<string, unknown> }> {
  const cases = [];
  if (operation.permission) {
    cases.push({
      why: `without ${operation.permission}`,
      claims: { ...allowed, permissions: allowed.permissions.filter((name) => name !== operation.permission) },
      code: 'forbidden',
    });
  }
  if (operation.adminOnly) cases.push({ why: 'not an admin', claims: { ...allowed, is_admin: false }, code: 'forbidden' });
  if (operation.plan) cases.push({ why: 'on the free plan', claims: { ...allowed, plan: 'free' }, code: 'plan_required' });
  if (operation.forbidAgents) {
    // A rule that refuses some bodies only is met with such a body.
    const body = operation.forbidAgents === true ? undefined : { [operation.forbidAgents.field]: operation.forbidAgents.value };
    cases.push({ why: 'as an agent key', claims: agent, code: 'forbidden', ...(body ? { body } : {}) });
  }
  return cases;
}

describe('permission matrix', () => {
  it('covers the 120 operations of the contract, each once', () => {
    expect(OPERATIONS).toHaveLength(120);
    expect(new Set(OPERATIONS.map((operation) => `${operation.method} ${operation.path}`)).size).toBe(120);
  });

  it('is served in full by identity', async () => {
    const identity = OPERATIONS.filter((operation) => operation.service === 'identity').map((o) => `${o.method} ${o.path}`);
    const served = await declaredBy('identity');
    expect(identity.filter((name) => !served.has(name))).toEqual([]);
  });

  it.each(OPERATIONS.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s: 403 without what it needs, not 403 with it',
    async (name, operation) => {
      if (!(await declaredBy(operation.service)).has(name)) {
        for (const claims of [allowed, ...shortfalls(operation).map((shortfall) => shortfall.claims)]) {
          expect(await send(operation, claims)).toEqual({ status: 404, code: 'not_found' });
        }
        return;
      }
      for (const shortfall of shortfalls(operation)) {
        const answer = await send(operation, shortfall.claims, shortfall.body);
        expect({ why: shortfall.why, ...answer }).toEqual({ why: shortfall.why, status: 403, code: shortfall.code });
      }
      const granted = await send(operation, allowed);
      expect(granted.status).not.toBe(403);
      // An agent key is refused only the calls that delete, not the operation's others.
      if (typeof operation.forbidAgents === 'object') expect((await send(operation, agent)).status).not.toBe(403);
      if (!operation.permission && !operation.adminOnly) {
        const bare = await send(operation, { ...allowed, permissions: [], is_admin: false, role: 'Read only' });
        expect(bare.status).not.toBe(403);
      }
    },
  );
});
