import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { servedDocument } from './served-document';

// A client generated from the served document as integrators generate one (openapi-typescript)
// type-checks, under TypeScript's strict mode, a program written against its named components.
// The `@ts-expect-error` lines are what the document must keep refusing: each fails the check
// once the type it guards loosens (a nullable name, a free-text error code, an untyped row).
const PROGRAM = `
import type { components, paths, webhooks } from './crm-api';

type Schemas = components['schemas'];
type CompanyListQuery = NonNullable<paths['/companies']['get']['parameters']['query']>;

export const create: Schemas['CompanyCreate'] = { name: 'Acme Ltd', employee_count: 40, custom: { tier: 'gold', seats: 3, vip: true, churned: null } };
export const update: Schemas['CompanyUpdate'] = { website: 'https://acme.example' };

// A company always has a name; its custom values are scalars.
export const nameOf = (company: Schemas['Company']): string => company.name;
export const tierOf = (company: Schemas['Company']): string | number | boolean | null | undefined => company.custom['tier'];

// next_cursor feeds the cursor parameter; the last page says null.
export function nextPage(page: Schemas['CompanyList'], query: CompanyListQuery): CompanyListQuery | null {
  return page.next_cursor === null ? null : { ...query, cursor: page.next_cursor };
}
export const offset: CompanyListQuery['offset'] = 100;
// @ts-expect-error a query parameter is never null
export const noOffset: CompanyListQuery['offset'] = null;

// Errors carry one of the documented codes.
export function isRecordLimit(body: Schemas['Error']): boolean {
  return body.error.code === 'record_limit_reached';
}
// @ts-expect-error not a documented code
export const madeUp: Schemas['Error']['error']['code'] = 'made_up_code';

// Import rows are companies with an optional contact.
export const row: Schemas['CompanyImportRow'] = { name: 'Acme Ltd', domain: 'acme.example', contact: { first_name: 'Ada', email: 'ada@acme.example' } };
export const batch: Schemas['CompanyImport'] = { rows: [row], duplicates: 'update', dry_run: true };
// @ts-expect-error a row names its company
export const nameless: Schemas['CompanyImportRow'] = { domain: 'acme.example' };

// Events narrow by redacted, then type, to their own payload.
export function companyOf(event: Schemas['FeedEvent']): string | null {
  if (event.redacted) return null;
  if (event.type === 'crm.company.created') return event.data.company_id;
  if (event.type === 'crm.deal.updated') {
    // @ts-expect-error a deal's payload has no company_name
    return event.data.company_name_of_nothing;
  }
  return null;
}
export const delivered = (body: Schemas['CompanyCreatedEvent']): string => body.data.company_id;
type Delivery = NonNullable<webhooks['crm.company.created']['post']['requestBody']>['content']['application/json'];
export const sameBody = (body: Delivery): Schemas['CompanyCreatedEvent'] => body;

// Request bodies are named, and their bounds do not loosen their types.
export const webhook: Schemas['WebhookCreate'] = { url: 'https://hooks.example/in', event_types: ['crm.company.*'] };
export const member: Schemas['MemberUpdate'] = { status: 'disabled' };
`;

const served = servedDocument();

function run(args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    cwd: served.folder(),
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('a client generated from the OpenAPI document', () => {
  it('types a program written against its named components, under strict TypeScript', async () => {
    await served.save('openapi.json');
    const generate = run([
      join(__dirname, '..', 'node_modules', 'openapi-typescript', 'bin', 'cli.js'),
      'openapi.json',
      '--output',
      'crm-api.ts',
    ]);
    expect(generate).toMatchObject({ status: 0 });
    writeFileSync(join(served.folder(), 'program.ts'), PROGRAM);
    const typescript = join(__dirname, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');
    const check = run([
      typescript,
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      'program.ts',
    ]);
    expect(check.output).toBe('');
    expect(check.status).toBe(0);
  });
});
