import { createHash, createHmac } from 'node:crypto';
import type { DestinationStream } from '@crm/kit';
import { request, signUpWithWorkspace, startTestSystem, type TestSystem } from '../support/system';

export const SIGNING_KEY = 'test-signing-key-0123456789abcdef0123456789';
export const PREVIOUS_SIGNING_KEY = 'old-signing-key-0123456789abcdef0123456789ab';

// Small limits so a test reaches them with a few bytes; the Standard plan is what a new
// workspace has.
export const LIMITS = {
  DOCUMENTS_STANDARD_MAX_FILE_BYTES: '4000',
  DOCUMENTS_STANDARD_QUOTA_BYTES: '10000',
  DOCUMENTS_FREE_MAX_FILE_BYTES: '1000',
  DOCUMENTS_FREE_QUOTA_BYTES: '2000',
};

// The whole system with known URL signing keys (so a test can sign a URL the way an attacker
// cannot, e.g. one already expired), small storage limits and no rate limit on public paths
// (every byte request is one).
export function startDocumentsSystem(
  options: { logDestination?: DestinationStream; logLevel?: string; env?: Record<string, string> } = {},
): Promise<TestSystem> {
  const { env, ...rest } = options;
  return startTestSystem({
    env: {
      ...process.env,
      URL_SIGNING_KEY: SIGNING_KEY,
      URL_SIGNING_KEY_PREVIOUS: PREVIOUS_SIGNING_KEY,
      ...LIMITS,
      ...env,
    },
    rateLimits: { perTokenPerMinute: 100_000, publicPerMinute: 100_000 },
    ...rest,
  });
}

export type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;

// A signed URL is handed out with the configured public origin: follow it on the system under
// test, path and query as given.
export function onSystem(system: TestSystem, url: string): string {
  const parsed = new URL(url);
  return `${new URL(system.url).origin}${parsed.pathname}${parsed.search}`;
}

export interface ByteResponse {
  status: number;
  headers: Headers;
  bytes: Buffer;
  // The parsed error body, when the answer is JSON.
  json: { error?: { code: string; message: string } } | undefined;
}

export async function sendBytes(
  url: string,
  method: 'PUT' | 'GET',
  body?: Buffer,
  headers: Record<string, string> = {},
): Promise<ByteResponse> {
  const response = await fetch(url, { method, body, headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  const json = type.startsWith('application/json') && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : undefined;
  return { status: response.status, headers: response.headers, bytes, json };
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

// Signs a file URL as documents does, with a chosen key and expiry.
export function signUrl(
  system: TestSystem,
  key: string,
  grant: { method: 'PUT' | 'GET'; document_id: string; workspace_id: string; size_bytes: number; expires: number },
): string {
  const text = [
    'crm-file-v1',
    grant.method,
    grant.document_id,
    grant.workspace_id,
    String(grant.size_bytes),
    String(grant.expires),
  ].join('\n');
  const signature = createHmac('sha256', key).update(text).digest('base64url');
  const query = new URLSearchParams({
    workspace_id: grant.workspace_id,
    size: String(grant.size_bytes),
    expires: String(grant.expires),
    signature,
  });
  return `${new URL(system.url).origin}/v1/public/files/${grant.document_id}?${query.toString()}`;
}

// Replaces one query parameter of a URL.
export function withQuery(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.toString();
}

// The calls a client makes, as one member of one workspace.
export function documentsApi(system: TestSystem, owner: Owner) {
  const base = system.url;
  const token = owner.token;
  const api = {
    call: (method: string, path: string, body?: unknown) => request(base, method, path, { token, body }),
    async company(name: string): Promise<string> {
      const created = await request(base, 'POST', '/companies', { token, body: { name } });
      expect(created.status).toBe(201);
      return created.body.id as string;
    },
    async contact(first_name: string): Promise<string> {
      const created = await request(base, 'POST', '/contacts', { token, body: { first_name } });
      expect(created.status).toBe(201);
      return created.body.id as string;
    },
    create: (body: Record<string, unknown>) => request(base, 'POST', '/documents', { token, body }),
    // Starts an upload of `bytes` and answers the document and its URL (on the system under test).
    async start(
      target: { type: 'company' | 'contact'; id: string },
      bytes: Buffer,
      name = 'report.pdf',
      content_type = 'application/pdf',
    ) {
      const created = await api.create({
        target_type: target.type,
        target_id: target.id,
        name,
        content_type,
        size_bytes: bytes.length,
      });
      expect(created.status).toBe(201);
      return {
        document: created.body.document as Record<string, unknown> & { id: string },
        uploadUrl: onSystem(system, created.body.upload_url as string),
      };
    },
    put: (url: string, bytes: Buffer, content_type = 'application/pdf') =>
      sendBytes(url, 'PUT', bytes, { 'content-type': content_type }),
    complete: (id: string) => request(base, 'POST', `/documents/${id}/complete`, { token }),
    // Upload, PUT and complete: a file on the record.
    async upload(
      target: { type: 'company' | 'contact'; id: string },
      bytes: Buffer,
      name = 'report.pdf',
      content_type = 'application/pdf',
    ) {
      const { document, uploadUrl } = await api.start(target, bytes, name, content_type);
      const put = await api.put(uploadUrl, bytes, content_type);
      expect(put.status).toBe(204);
      const completed = await api.complete(document.id);
      expect(completed.status).toBe(200);
      return completed.body as Record<string, unknown> & { id: string };
    },
    list: (type: string, id: string) =>
      request(base, 'GET', `/documents?target_type=${type}&target_id=${id}`, { token }),
    usage: () => request(base, 'GET', '/documents/usage', { token }),
    async downloadUrl(id: string): Promise<string> {
      const link = await request(base, 'GET', `/documents/${id}/download`, { token });
      expect(link.status).toBe(200);
      return onSystem(system, link.body.url as string);
    },
    remove: (id: string) => request(base, 'DELETE', `/documents/${id}`, { token }),
  };
  return api;
}

export const bytesOf = (size: number, seed = 7) =>
  Buffer.from(Array.from({ length: size }, (_value, index) => (index * 31 + seed) % 256));
