import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATIONS } from '@crm/protos';
import { checkResponse, UndocumentedResponse } from '@crm/testing';
import { request, signUpWithWorkspace, sharedTestSystem } from '../support/system';

const system = sharedTestSystem();
let owner: { token: string };

beforeAll(async () => {
  owner = await signUpWithWorkspace(system.url);
});

type Json = Record<string, any>;

async function document(): Promise<Json> {
  const response = await fetch(`${system.url}/openapi.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

describe('the OpenAPI document', () => {
  it('is served without a token and validates as OpenAPI 3.1', async () => {
    const merged = await document();
    expect(merged.openapi).toBe('3.1.0');
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(merged));
      const validator = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js', {
        paths: [process.cwd()],
      });
      const run = spawnSync(process.execPath, [validator, file], { encoding: 'utf8' });
      const result = JSON.parse(run.stdout) as { valid: boolean; errors?: unknown };
      expect(result.errors).toBeUndefined();
      expect(result.valid).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('describes authentication, errors, rate limits and paging once', async () => {
    const { info, components } = await document();
    for (const heading of ['## Authentication', '## Errors', '## Rate limits', '## Lists and paging']) {
      expect(info.description).toContain(heading);
    }
    expect(components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(components.schemas.Error.required).toEqual(['error']);
  });

  it('lists every operation of the contract that the system serves, with its security and error answers', async () => {
    const merged = await document();
    const served: string[] = [];
    for (const operation of OPERATIONS) {
      const path = operation.path.replace(/\{[^}]+\}/g, '00000000-0000-7000-8000-000000000000');
      const probe = await fetch(`${system.url}${path}`, {
        method: operation.method,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const body = (await probe.text()) || '{}';
      const unrouted = probe.status === 404 && /no route/.test(JSON.parse(body).error?.message ?? '');
      const entry = merged.paths[operation.path]?.[operation.method.toLowerCase()];
      if (unrouted) {
        expect(entry).toBeUndefined();
        continue;
      }
      served.push(`${operation.method} ${operation.path}`);
      expect(entry).toBeDefined();
      expect(entry.security).toEqual([{ bearer: [] }]);
      const statuses = Object.keys(entry.responses);
      expect(statuses).toEqual(expect.arrayContaining(['400', '401', '403']));
      if (operation.path.includes('{')) expect(statuses).toContain('404');
      expect(statuses.some((status) => /^2/.test(status))).toBe(true);
    }
    // Identity's 23 operations are complete.
    expect(served).toEqual(
      expect.arrayContaining(
        OPERATIONS.filter((operation) => operation.service === 'identity').map((o) => `${o.method} ${o.path}`),
      ),
    );
  });

  it('names every JSON request and response body as a component, and describes every tag', async () => {
    const merged = await document();
    const inline: string[] = [];
    for (const [path, item] of Object.entries(merged.paths as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(item)) {
        const bodies: Array<[string, Json | undefined]> = [
          ['request', operation.requestBody?.content],
          ...Object.entries(operation.responses as Json).map(([status, response]): [string, Json | undefined] => [
            status,
            response.content,
          ]),
        ];
        for (const [which, content] of bodies) {
          for (const [mediaType, { schema }] of Object.entries(content ?? {})) {
            if (/json|form-urlencoded/.test(mediaType) && !/^#\/components\/schemas\/[A-Z]\w+$/.test(schema.$ref ?? ''))
              inline.push(`${method.toUpperCase()} ${path} ${which}`);
          }
        }
      }
    }
    expect(inline).toEqual([]);
    expect(merged.paths['/companies'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CompanyCreate',
    });
    expect((merged.tags as Json[]).filter((tag) => !tag.description)).toEqual([]);
    // The download serves the document's own content type, whatever it is.
    expect(Object.keys(merged.paths['/public/files/{id}'].get.responses['200'].content)).toEqual(['*/*']);
  });

  it('gives each public event type its payload schema, shared by its webhook deliveries and GET /events', async () => {
    const merged = await document();
    const delivery = merged.webhooks['crm.company.created'].post.requestBody.content['application/json'].schema;
    expect(delivery).toEqual({ $ref: '#/components/schemas/CompanyCreatedEvent' });
    expect(merged.components.schemas.CompanyCreatedEvent.properties.data).toEqual({
      $ref: '#/components/schemas/CompanyCreatedData',
    });
    const feedTypes = (merged.components.schemas.FeedEvent.anyOf as Json[]).map(
      (variant) => variant.$ref ?? variant.properties.type.const,
    );
    expect(feedTypes).toEqual([...Object.keys(merged.webhooks), '#/components/schemas/RedactedFeedEvent']);
  });

  it('serves a browsable reference that needs nothing from the network', async () => {
    const page = await fetch(`${system.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    const scripts = [...html.matchAll(/src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('/v1/docs/')).toBe(true);
      const asset = await fetch(new URL(src, system.url));
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
    }
    expect(await (await fetch(new URL('/v1/docs/init.js', system.url))).text()).toContain('/v1/openapi.json');
  });
});

describe('the response check of the test client', () => {
  it('refuses a body that does not match the declared schema', async () => {
    const me = await request(system.url, 'GET', '/me', { token: owner.token });
    expect(me.status).toBe(200);
    await expect(
      checkResponse(`${system.url}/openapi.json`, 'GET', '/me', 200, { ...me.body, extra: true }),
    ).rejects.toThrow(UndocumentedResponse);
    await expect(
      checkResponse(`${system.url}/openapi.json`, 'GET', '/me', 200, { ...me.body, actor_type: 'robot' }),
    ).rejects.toThrow(/actor_type/);
  });

  it('refuses a status the operation does not declare, and an operation the document does not have', async () => {
    await expect(checkResponse(`${system.url}/openapi.json`, 'GET', '/me', 201, {})).rejects.toThrow(
      /status not declared/,
    );
    await expect(checkResponse(`${system.url}/openapi.json`, 'GET', '/nowhere', 200, {})).rejects.toThrow(
      /not in the OpenAPI document/,
    );
  });
});
