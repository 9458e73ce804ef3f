import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { Crm } from '@crm/sdk';
import { signUpWithWorkspace, startTestSystemAtPublicUrl, waitFor, type TestSystem } from '../support/system';
import { crm, crmDone } from './cli-support';

let system: TestSystem;
let dir: string;
let owner: Awaited<ReturnType<typeof signUpWithWorkspace>>;

beforeAll(async () => {
  // Signed links (the export's) name the public address: this system's.
  system = await startTestSystemAtPublicUrl();
  dir = mkdtempSync(join(tmpdir(), 'crm-cli-'));
});

afterAll(async () => {
  await system?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

// Each test in a workspace of its own, with the CLI configured by the environment.
async function workspace(name: string) {
  owner = await signUpWithWorkspace(system.url, name);
  const env = { CRM_BASE_URL: system.url, CRM_TOKEN: owner.token, CRM_CONFIG_DIR: join(dir, `config-${name}`) };
  return { env, sdk: new Crm({ baseUrl: system.url, token: owner.token }) };
}

async function allCompanies(sdk: Crm) {
  const names: string[] = [];
  for await (const company of sdk.companies.list({ limit: 50 })) names.push(company.name ?? '');
  return names.sort();
}

function writeCsv(name: string, lines: string[]): string {
  const file = join(dir, name);
  writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  return file;
}

const BAD_EMAIL_ROWS = new Set([10, 50]);
const NO_NAME_ROW = 77;

// 100 rows under the labels a spreadsheet from another CRM has; rows 10 and 50 with a bad email,
// row 77 without a name.
function hundredRows(prefix: string): string {
  const lines = ['Company name,Website,Postcode,Employees,Email,First name,Notes'];
  for (let row = 1; row <= 100; row += 1) {
    const name = row === NO_NAME_ROW ? '' : `${prefix} ${String(row).padStart(3, '0')}`;
    const email = BAD_EMAIL_ROWS.has(row) ? 'not-an-email' : `person${row}@${prefix.toLowerCase()}.example`;
    lines.push(
      `${name},https://${prefix.toLowerCase()}${row}.example,SW1A ${row % 10}AA,${row * 3},${email},Person ${row},"said ""hello"", twice"`,
    );
  }
  return writeCsv(`${prefix}.csv`, lines);
}

describe('crm import companies', () => {
  it('imports a 100-row CSV: refused rows by row and column, a failures CSV, exit code 1', async () => {
    const { env, sdk } = await workspace('Ivy');
    const file = hundredRows('Ivy');
    const dry = await crmDone(['import', 'companies', file, '--dry-run'], env);
    expect(dry.code).toBe(1);
    expect(dry.stdout).toContain(
      'Ivy.csv: 100 rows; columns: Company name → name, Website → website, Postcode → address.postcode, Employees → employee_count, Email → contact.email, First name → contact.first_name',
    );
    expect(dry.stdout).toContain('Ignored columns (map them with --map): Notes');
    expect(dry.stdout).toContain('Dry run: 3 rows would be refused:');
    expect(dry.stdout).toMatch(/row 10 \(line 11\), column "Email" \(contact\.email\): .+/);
    expect(dry.stdout).toMatch(/row 77 \(line 78\), column "Company name" \(name\): .+/);
    expect(await allCompanies(sdk)).toEqual([]);

    // Without --yes and without a terminal to ask on: nothing is imported.
    const refused = await crmDone(['import', 'companies', file], env);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Nothing imported.');
    expect(await allCompanies(sdk)).toEqual([]);

    const run = await crmDone(['import', 'companies', file, '--yes', '--batch-size', '30'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    // No terminal: a plain line per batch, no bar.
    expect(run.stdout).toMatch(/^Importing: 30\/100 rows \(30%\), [\d,]+ rows\/s, about \S+ left$/m);
    expect(run.stdout).toMatch(/^Importing: 100\/100 rows \(100%\), [\d,]+ rows\/s$/m);
    expect(run.stdout).toContain(
      'Imported Ivy.csv: 97 created, 0 updated, 0 skipped, 3 failed (97 contacts created or updated).',
    );
    const failures = parse<Record<string, string>>(readFileSync(join(dir, 'Ivy.failures.csv')), {
      bom: true,
      columns: true,
    });
    expect(failures.map((row) => [row.row, row.line, row.column, row.Email, row['Company name']])).toEqual([
      ['10', '11', 'Email', 'not-an-email', 'Ivy 010'],
      ['50', '51', 'Email', 'not-an-email', 'Ivy 050'],
      ['77', '78', 'Company name', 'person77@ivy.example', ''],
    ]);
    expect(failures.every((row) => row.error.length > 0 && row.Notes === 'said "hello", twice')).toBe(true);
    const names = await allCompanies(sdk);
    expect(names).toHaveLength(97);
    expect(names).not.toContain('Ivy 010');
    const company = (await sdk.companies.list({ q: 'Ivy 042' }).next()).value!;
    expect(company).toMatchObject({
      name: 'Ivy 042',
      website: 'https://ivy42.example',
      address: { postcode: 'SW1A 2AA' },
      employee_count: 126,
    });
    expect(existsSync(`${file}.crm-import.json`)).toBe(false);
  });

  it('maps other columns with a --map file and exits 0 when every row went in', async () => {
    const { env, sdk } = await workspace('Max');
    const file = writeCsv('max.csv', ['Organisation,Tier,Skip me', 'Max One,gold,x', 'Max Two,silver,y']);
    const map = join(dir, 'max-map.json');
    writeFileSync(map, JSON.stringify({ Organisation: 'name', Tier: 'custom.tier', 'Skip me': null }));
    const run = await crmDone(['import', 'companies', file, '--map', map], env);
    expect(run.stdout).toContain('Imported max.csv: 2 created, 0 updated, 0 skipped, 0 failed');
    expect(run.code).toBe(0);
    expect(existsSync(join(dir, 'max.failures.csv'))).toBe(false);
    const company = (await sdk.companies.list({ q: 'Max One' }).next()).value!;
    expect(company.custom).toEqual({ tier: 'gold' });

    const wrong = join(dir, 'wrong-map.json');
    writeFileSync(wrong, JSON.stringify({ Organisation: 'nmae' }));
    const bad = await crmDone(['import', 'companies', file, '--map', wrong], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('The map sends "Organisation" to "nmae", which is not an import field.');
    const missing = await crmDone(['import', 'companies', join(dir, 'nowhere.csv')], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No such file');
    const noName = await crmDone(['import', 'companies', writeCsv('noname.csv', ['Colour', 'red'])], env);
    expect(noName.code).toBe(2);
    expect(noName.stderr).toContain('No column maps to the company name (required).');
  });

  it('resumes an import killed after the server took a batch whose answer never arrived, creating nothing twice', async () => {
    const { env, sdk } = await workspace('Rex');
    const lines = ['name,domain'];
    for (let row = 1; row <= 100; row += 1) lines.push(`Rex ${row},rex${row}.example`);
    const file = writeCsv('rex.csv', lines);

    // Between the CLI and the API: the third batch reaches the server, and the CLI is killed
    // before its answer arrives.
    let batches = 0;
    let cli: ReturnType<typeof crm> | undefined;
    const proxy: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const isBatch = req.url!.endsWith('/import/companies') && !JSON.parse(body.toString('utf8')).dry_run;
        const forwarded = httpRequest(
          `${system.url.replace(/\/v1$/, '')}${req.url}`,
          { method: req.method, headers: req.headers },
          (answer) => {
            const answerChunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => answerChunks.push(chunk));
            answer.on('end', () => {
              if (isBatch && ++batches === 3) {
                cli!.child.kill('SIGKILL');
                res.destroy();
                return;
              }
              res.writeHead(answer.statusCode!, answer.headers).end(Buffer.concat(answerChunks));
            });
          },
        );
        forwarded.end(body);
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      cli = crm(['import', 'companies', file, '--batch-size', '20'], {
        ...env,
        CRM_BASE_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`,
      });
      expect(await cli.exit).toBeNull();
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
    // Three batches went in; the CLI saw two.
    expect(batches).toBe(3);
    expect(await allCompanies(sdk)).toHaveLength(60);
    expect(Object.keys(JSON.parse(readFileSync(`${file}.crm-import.json`, 'utf8')).batches)).toEqual(['0', '1']);

    // Other options: the earlier run is named, nothing is sent.
    const other = await crmDone(['import', 'companies', file], env);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(
      'An earlier import of this file with other options (--batch-size 20 --duplicates skip) did not finish.',
    );
    expect(await allCompanies(sdk)).toHaveLength(60);

    const resumed = await crmDone(['import', 'companies', file, '--batch-size', '20'], env);
    expect(resumed.stderr).toBe('');
    expect(resumed.stdout).toContain('Resuming: 2 batches of 5 already imported by an earlier run.');
    expect(resumed.stdout).toContain('Imported rex.csv: 100 created, 0 updated, 0 skipped, 0 failed');
    expect(resumed.code).toBe(0);
    const names = await allCompanies(sdk);
    expect(names).toHaveLength(100);
    expect(new Set(names).size).toBe(100);
    expect(existsSync(`${file}.crm-import.json`)).toBe(false);
  });
});

describe('crm login, whoami, export and events tail', () => {
  it('saves the token readable by the user only, and uses it', async () => {
    const { env } = await workspace('Lou');
    const configEnv = { CRM_BASE_URL: system.url, CRM_CONFIG_DIR: env.CRM_CONFIG_DIR };
    const signedIn = await crmDone(['login', '--email', owner.email], configEnv, `${owner.password}\n`);
    expect(signedIn.stderr).toBe('');
    expect(signedIn.code).toBe(0);
    const file = join(env.CRM_CONFIG_DIR, 'credentials.json');
    expect(signedIn.stdout).toContain(
      `as ${owner.email} at ${system.url}.\nToken saved to ${file} (readable by you only).`,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(env.CRM_CONFIG_DIR).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      base_url: system.url,
      token: expect.stringMatching(/^crm_s_/),
    });

    // Without CRM_BASE_URL or CRM_TOKEN: what login saved.
    const who = await crmDone(['whoami'], { CRM_CONFIG_DIR: env.CRM_CONFIG_DIR });
    expect(who.code).toBe(0);
    expect(who.stdout).toContain(`Lou <${owner.email}> (user)`);
    expect(who.stdout).toContain(`Token from: ${file}`);

    // An API key through standard input replaces it, mode kept.
    const withToken = await crmDone(['login', '--with-token'], configEnv, owner.token);
    expect(withToken.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const wrong = await crmDone(['login', '--with-token'], configEnv, 'crm_ak_made_up');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('does not accept this token (401)');

    expect((await crmDone(['logout'], configEnv)).code).toBe(0);
    const out = await crmDone(['whoami'], { CRM_CONFIG_DIR: env.CRM_CONFIG_DIR });
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('Not signed in. Run `crm login`');
  });

  it('downloads the export ZIP', async () => {
    const { env, sdk } = await workspace('Eve');
    await sdk.companies.create({ name: 'Exported Ltd' });
    const output = join(dir, 'eve.zip');
    const run = await crmDone(['export', '--output', output], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Downloading: [\d.]+\/[\d.]+ MB \(100%\)/m);
    expect(run.stdout).toContain(`Saved ${output}`);
    expect(readFileSync(output).subarray(0, 2).toString('latin1')).toBe('PK');
    const again = await crmDone(['export', '--output', output], env);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('exists');
  });

  it('follows the event feed until interrupted, and says where to carry on', async () => {
    const { env, sdk } = await workspace('Tom');
    const tail = crm(['events', 'tail', '--types', 'crm.company.*', '--interval', '100'], env);
    const company = await sdk.companies.create({ name: 'Tailed Ltd' });
    await waitFor(() => /crm\.company\.created/.test(tail.stdout));
    expect(tail.stdout).toMatch(/^\S+Z {2}crm\.company\.created\s+\S+$/m);
    tail.child.kill('SIGINT');
    expect(await tail.exit).toBe(0);
    expect(tail.stderr).toMatch(/To carry on from here: crm events tail --after \S+/);
    expect(company.id).toBeDefined();
  });
});
