import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { CATCHUP_TIMEOUT_S, catchUp, CompanyFeed, printCatchUp, probesFor, type Company } from './catch-up';
import { startChildSystem, type ChildSystem } from './child-system';
import { apiCaller } from './load';
import { runBenchmark } from './benchmark-run';

// What a customer leaving another CRM does: `crm import companies leads.csv` with a CSV file of
// BENCH_CLI_ROWS (100000) rows from a spreadsheet (labels, not field names; every 5th row with a
// contact), against the system as `npm start` runs it, in a child process. Prints the rows/s of
// the dry run, of the import and of the whole command, and the time until every part of the
// product shows the last row (search, the pipeline report, the audit log, the event feed,
// marketing: catch-up.ts). Benchmarks print figures; they never pass or fail on time.
//
// BENCH_CLI_ROWS (100000), BENCH_CLI_BATCH (the CLI's default), BENCH_CATCHUP_TIMEOUT_S (1800).
const ROWS = Number(process.env.BENCH_CLI_ROWS ?? 100_000);
const BATCH = process.env.BENCH_CLI_BATCH;
const CLI = require.resolve('@crm/cli/bin/crm.js');

const now = () => performance.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const perSecond = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s`;

// Unique by row: the last row's name is what search is asked for.
const nameOf = (row: number) => `Zephyr${row}x Trading Ltd`;

function writeCsv(file: string): void {
  const lines = ['Company name,Website,Phone,Street,City,Postcode,Industry,First name,Surname,Email'];
  for (let row = 1; row <= ROWS; row += 1) {
    const domain = `zephyr${row}.example`;
    const contact = row % 5 === 0 ? ['Ada', `Lovelace${row}`, `ada@${domain}`] : ['', '', ''];
    lines.push(
      [
        nameOf(row),
        `https://${domain}`,
        `+44 20 7946 ${String(row % 10_000).padStart(4, '0')}`,
        `${row} High Street`,
        'London',
        `EC${row % 9} ${row % 10}AB`,
        'Retail',
        ...contact,
      ].join(','),
    );
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}

interface CliRun {
  code: number | null;
  // Milliseconds from the start of the command to its dry run's verdict and to its summary.
  dryRunDone?: number;
  done: number;
  summary: string;
}

function runCli(file: string, system: ChildSystem, token: string): Promise<CliRun> {
  const started = now();
  const args = [CLI, 'import', 'companies', file, '--yes', ...(BATCH ? ['--batch-size', BATCH] : [])];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, CRM_BASE_URL: system.url, CRM_TOKEN: token },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const run: CliRun = { code: null, done: 0, summary: '' };
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('Dry run:')) run.dryRunDone = now() - started;
    if (line.startsWith('Imported ')) run.summary = line;
    // The CLI's own lines (a line per batch without a terminal).
    process.stdout.write(`  [crm] ${line}\n`);
  });
  return new Promise((resolve) => {
    child.once('close', (code) => {
      run.code = code;
      run.done = now() - started;
      resolve(run);
    });
  });
}

runBenchmark('cli-import', async ({ dataDir, stopAtEnd }) => {
  const file = join(dataDir, 'leads.csv');
  writeCsv(file);
  const system = stopAtEnd(await startChildSystem(join(dataDir, 'data')));
  const call = apiCaller(system.url);
  const { token } = await call<{ token: string }>('POST', '/auth/sign-up', {
    email: `bench.${Date.now()}@example.com`,
    password: 'correct horse battery staple',
    name: 'Bench',
  });
  await call('POST', '/onboarding', { workspace_name: 'CLI import bench' }, token);
  // Marketing's probe records a touchpoint of the last company in a campaign.
  const { id: campaignId } = await call<{ id: string }>(
    'POST',
    '/campaigns',
    { name: 'CLI import bench campaign' },
    token,
  );
  console.log(
    `crm import companies: ${ROWS.toLocaleString('en')} CSV rows (every 5th with a contact) into the system as npm start runs it (pid ${system.pid})`,
  );

  const cpuBefore = system.cpuMs();
  const run = await runCli(file, system, token);
  const cpu = system.cpuMs() - cpuBefore;
  const answered = now();
  const last = nameOf(ROWS);
  const found = await call<{ data: Company[] }>(
    'GET',
    `/companies?q=${encodeURIComponent(last)}&limit=5`,
    undefined,
    token,
  );
  const target = found.data.find((company) => company.name === last);
  // Search is asked for the last row's own word only: its whole name adds two words every company
  // has ("Trading Ltd"), and such a query, polled, costs the system more than the catch-up itself.
  const probes = target
    ? probesFor(
        { call, apiKey: token, ownerToken: token, campaignId, feed: new CompanyFeed(call, token) },
        target,
        { q: `Zephyr${ROWS}x`, label: `Zephyr${ROWS}x (its own word)` },
        ROWS,
      )
    : [];
  const caughtUp = await catchUp(probes, answered, CATCHUP_TIMEOUT_S);

  console.log(`\n  exit code                                   ${run.code}`);
  console.log(`  summary                                     ${run.summary || '(none)'}`);
  if (run.dryRunDone !== undefined) {
    console.log(
      `  dry run (every row checked)                 ${seconds(run.dryRunDone).padStart(9)}   ${perSecond(ROWS, run.dryRunDone)}`,
    );
    console.log(
      `  import after the dry run                    ${seconds(run.done - run.dryRunDone).padStart(9)}   ${perSecond(ROWS, run.done - run.dryRunDone)}`,
    );
  }
  console.log(
    `  whole command (parse, dry run, import)      ${seconds(run.done).padStart(9)}   ${perSecond(ROWS, run.done)}`,
  );
  console.log(`  system CPU time during the command          ${seconds(cpu).padStart(9)}`);
  if (!target) console.log(`  GET /companies?q= does not find the last row (${last}): nothing to wait for`);
  else {
    console.log(`\n  caught up, from the command's end:`);
    printCatchUp(caughtUp, probes, '    ');
  }
  const memory = system.memory();
  console.log(
    `  system memory: RSS ${(memory.rssKiB / 1024).toFixed(0)} MiB, peak ${(memory.hwmKiB / 1024).toFixed(0)} MiB`,
  );
});
