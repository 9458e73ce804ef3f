import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { servedDocument } from './served-document';

// The OpenAPI document the system serves, linted as integrators' tools would: Redocly's
// recommended rules at zero problems, and the OWASP API Security rules (Spectral, with the
// departures documented in openapi-ruleset.mjs) at zero errors. Both run from their packages.
interface Problem {
  rule: string;
  severity: string;
  where: string;
  message: string;
}

const served = servedDocument();

function lint(file: string): { redocly: Problem[]; spectral: Problem[] } {
  const run = spawnSync(process.execPath, [join(__dirname, 'lint-openapi.mjs'), file], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`the linter failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as { redocly: Problem[]; spectral: Problem[] };
}

const errors = (problems: Problem[]) => problems.filter((problem) => problem.severity === 'error');

describe('the OpenAPI document, linted', () => {
  it("has no problem by Redocly's recommended rules and no error by the OWASP rules", async () => {
    const { redocly, spectral } = lint(await served.save('openapi.json'));
    expect(redocly).toEqual([]);
    expect(errors(spectral)).toEqual([]);
  });

  it('still finds what the ruleset is for: unbounded input, credentials in a query, an unprotected write', () => {
    const unbounded = {
      type: 'object',
      properties: {
        note: { type: 'string' },
        tags: { type: 'array', items: { type: 'string', maxLength: 5 } },
        count: { type: 'integer' },
      },
    };
    const answer = {
      description: 'ok',
      content: { 'application/json': { schema: { type: 'object', properties: { note: { type: 'string' } } } } },
    };
    const document = {
      openapi: '3.1.0',
      info: {
        title: 't',
        version: '1',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        description: 'd',
      },
      servers: [{ url: 'https://api.example.com/v1', description: 'production', 'x-internal': false }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      paths: {
        '/drafts': {
          post: {
            operationId: 'postDrafts',
            description: 'A write that forgot its security',
            responses: { '204': { description: 'saved' } },
          },
        },
        '/notes': {
          post: {
            operationId: 'postNotes',
            security: [],
            description: 'A write nobody protects',
            parameters: [{ name: 'access_token', in: 'query', schema: { type: 'string', maxLength: 10 } }],
            requestBody: { content: { 'application/json': { schema: unbounded } } },
            responses: { '200': answer },
          },
        },
        '/notes/{token}': {
          get: {
            operationId: 'getNote',
            security: [{ bearer: [] }],
            parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string', maxLength: 10 } }],
            responses: { '200': answer },
          },
        },
      },
    };
    // The public write is allowed (declared public by `security: []`), a write without any security
    // requirement is not; nor are a credential in a query, unbounded input, or a token in the path
    // of an authenticated operation.
    const file = join(served.folder(), 'bad.json');
    writeFileSync(file, JSON.stringify(document));
    const found = errors(lint(file).spectral).map((problem) => `${problem.rule} ${problem.where}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'owasp:api4:2023-string-limit paths//notes/post/requestBody/content/application/json/schema/properties/note',
        'owasp:api4:2023-array-limit paths//notes/post/requestBody/content/application/json/schema/properties/tags',
        'owasp:api4:2023-integer-limit paths//notes/post/requestBody/content/application/json/schema/properties/count',
        'owasp:api2:2023-no-credentials-in-url paths//notes/post/parameters/0/name',
        'owasp:api2:2023-no-credentials-in-url paths//notes/{token}/get/parameters/0/name',
        'owasp:api2:2023-write-restricted paths//drafts/post',
      ]),
    );
    expect(found.filter((line) => line.startsWith('owasp:api2:2023-write-restricted paths//notes/'))).toEqual([]);
    // What the server writes itself is not held to input limits.
    expect(
      found.filter((line) => line.includes('/responses/') && !line.startsWith('owasp:api4:2023-rate-limit ')),
    ).toEqual([]);
  });
});
