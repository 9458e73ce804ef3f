import { createHmac } from 'node:crypto';
import { OPERATIONS, type Operation } from '@crm/protos';
import type { TestSystem } from '../support/system';

// Every operation of the contract the permission matrix puts on the Standard plan and that its
// service serves in this system (read from the service's own OpenAPI document).
export async function gatedOperations(system: TestSystem): Promise<Operation[]> {
  const gated = OPERATIONS.filter((operation) => operation.plan === 'standard');
  const served = new Set<string>();
  for (const service of new Set(gated.map((operation) => operation.service))) {
    const response = await fetch(`http://127.0.0.1:${system.services[service].httpPort}/openapi.json`);
    const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
    for (const [path, item] of Object.entries(document.paths))
      for (const method of Object.keys(item)) served.add(`${method.toUpperCase()} ${path}`);
  }
  return gated.filter((operation) => served.has(`${operation.method} ${operation.path}`));
}

// What each gated operation answers the caller: the plan is checked before the input, so a
// made-up id and an empty body are enough to see it.
export async function planAnswers(
  base: string,
  token: string,
  operations: Operation[],
): Promise<Array<{ operation: string; status: number; code: string | undefined }>> {
  const answers = [];
  for (const operation of operations) {
    const path = operation.path
      .replace('{provider}', 'provider_a')
      .replace(/\{[^}]+\}/g, '00000000-0000-7000-8000-000000000000');
    const hasBody = ['POST', 'PATCH', 'PUT'].includes(operation.method);
    const response = await fetch(`${base}${path}`, {
      method: operation.method,
      headers: { authorization: `Bearer ${token}`, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      body: hasBody ? '{}' : undefined,
    });
    const text = await response.text();
    const code = text ? (JSON.parse(text) as { error?: { code?: string } }).error?.code : undefined;
    answers.push({ operation: `${operation.method} ${operation.path}`, status: response.status, code });
  }
  return answers;
}

// A webhook signed the way the simulated provider (and Stripe) signs: `t=<seconds>,v1=<HMAC>`.
export function signedWebhook(
  secret: string,
  event: Record<string, unknown>,
  at = new Date(),
): { body: string; signature: string } {
  const body = JSON.stringify(event);
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return { body, signature: `t=${timestamp},v1=${signature}` };
}
