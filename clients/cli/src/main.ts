import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { CrmError } from '@crm/sdk';
import { UsageError, type GlobalOptions } from './context';
import { client } from './context';
import { tailEvents } from './events';
import { exportWorkspace } from './export';
import { DEFAULT_BATCH, DUPLICATE_MODES, importCompanies, MAX_BATCH, type DuplicateMode } from './import';
import { login, logout, whoami } from './login';

const integer = (name: string) => (value: string) => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number.`);
  return Number(value);
};

const program = new Command('crm')
  .description(
    'The command line for the CRM API: sign in, import companies from a CSV file, export the workspace, follow events.',
  )
  .version('0.1.0')
  .addOption(new Option('--base-url <url>', 'API address, including /v1').env('CRM_BASE_URL'))
  .showHelpAfterError('(run `crm help` or `crm <command> --help` for usage)')
  // Usage errors exit with 2 (below), not commander's 1; inherited by every subcommand.
  .exitOverride()
  .addHelpText(
    'after',
    `
Authentication:
  crm login saves a token in your config folder (readable by you only). For scripts and CI, set
  CRM_TOKEN to an API key (POST /v1/api-keys, or Settings → API keys) and CRM_BASE_URL instead.

Exit codes:
  0  everything done (for an import: every row went in)
  1  something failed: rows refused, an import interrupted (run it again to resume), an API error
  2  a usage problem: a bad option, a missing or unreadable file, not signed in

Examples:
  $ crm login --base-url https://crm.example.com/v1
  $ crm import companies leads.csv
  $ CRM_TOKEN=crm_ak_… crm import companies leads.csv --yes --duplicates update
  $ crm export --output backup.zip
  $ crm events tail --types 'crm.company.*'`,
  );

const globals = (): GlobalOptions => program.opts<GlobalOptions>();

let exitCode = 0;
const run =
  <A extends unknown[]>(action: (...args: A) => Promise<number> | number) =>
  async (...args: A) => {
    exitCode = await action(...args);
  };

program
  .command('login')
  .description('Sign in and save the token for the next commands')
  .option('--email <email>', 'sign in with this email (the password is asked for, or read from standard input)')
  .option('--with-token', 'read an API key from standard input instead')
  .addHelpText(
    'after',
    '\nExamples:\n  $ crm login --base-url https://crm.example.com/v1\n  $ crm login --with-token < api-key.txt',
  )
  .action(run((options: { email?: string; withToken: boolean }) => login({ ...globals(), ...options })));

program
  .command('logout')
  .description('Forget the saved token')
  .action(run(() => logout()));

program
  .command('whoami')
  .description('Show who the token acts as, in which workspace, with which permissions')
  .action(run(() => whoami(globals())));

const importCommand = program.command('import').description('Import records from a file');
importCommand
  .command('companies')
  .description('Import companies, each with an optional contact, from a CSV file')
  .argument('<file.csv>', 'CSV file whose first line names the columns')
  .option(
    '--map <file.json>',
    'JSON mapping of CSV columns to fields for the columns not named after one, e.g. {"Organisation": "name", "Notes": null}',
  )
  .addOption(
    new Option('--duplicates <mode>', 'what a row whose company already exists (same domain or name) does')
      .choices([...DUPLICATE_MODES])
      .default('skip'),
  )
  .option(
    '--batch-size <rows>',
    `rows per request, 1 to ${MAX_BATCH.toLocaleString('en')}`,
    integer('--batch-size'),
    DEFAULT_BATCH,
  )
  .option('--dry-run', 'only check: show what would be refused, by row and column, and write nothing')
  .option('-y, --yes', 'do not ask before importing when some rows would be refused')
  .option('--failures <file.csv>', 'where to write the refused rows (default: FILE.failures.csv)')
  .addHelpText(
    'after',
    `
Columns:
  A column named after a field maps to it: name, website, domain, phone, address.line1,
  address.postcode, country_code, industry, employee_count, sic_codes (separated by ;), …,
  custom.<key> for custom fields, and contact.first_name, contact.last_name, contact.email,
  contact.job_title, … for the row's contact. Common labels map too: "Company name",
  "Website", "Postcode", "ZIP", "Email", "First name", "Surname", "Job title". Other columns are
  ignored (and listed) unless a --map file names their field.

What happens:
  1. A dry run checks every row and lists the refused ones by row, line and column.
  2. The rows are imported in batches, with a progress bar (rows/s, time left) on a terminal
     and a line per batch otherwise.
  3. A summary of created, updated, skipped and failed rows; the failed rows, with the reason,
     go to FILE.failures.csv.
  If the import stops (network, Ctrl-C), run the same command again: it resumes where it
  stopped, and no batch is imported twice (each has its own Idempotency-Key; progress is kept
  in FILE.csv.crm-import.json until the import completes).

Examples:
  $ crm import companies leads.csv --dry-run
  $ crm import companies leads.csv --map columns.json --duplicates update --yes`,
  )
  .action(
    run(
      (
        file: string,
        options: {
          map?: string;
          duplicates: DuplicateMode;
          batchSize: number;
          dryRun: boolean;
          yes: boolean;
          failures?: string;
        },
      ) => importCompanies(client(globals()), file, options),
    ),
  );

program
  .command('export')
  .description('Download the workspace as a ZIP of CSV files (admins only)')
  .option('-o, --output <file.zip>', 'where to save it (default: the name the API gives, <workspace>-<date>.zip)')
  .option('-y, --yes', 'replace the file if it exists')
  .action(run((options: { output?: string; yes: boolean }) => exportWorkspace(client(globals()), options)));

program
  .command('events')
  .description("Follow the workspace's events (admins only)")
  .command('tail')
  .description('Print events as they are recorded, from the oldest kept (30 days) or --after a cursor, until Ctrl-C')
  .option('--types <patterns>', 'comma-separated event types or patterns, e.g. crm.company.*,crm.deal.won')
  .option('--after <cursor>', 'carry on after this cursor (printed when the command stops)')
  .option('--json', 'one JSON object per line, with the payload')
  .option('--interval <ms>', 'how often to ask again once caught up', integer('--interval'), 2000)
  .action(
    run((options: { types?: string; after?: string; json: boolean; interval: number }) => {
      const controller = new AbortController();
      process.once('SIGINT', () => controller.abort());
      process.once('SIGTERM', () => controller.abort());
      return tailEvents(client(globals()), { ...options, intervalMs: options.interval, signal: controller.signal });
    }),
  );

function describe(error: unknown): string {
  if (error instanceof CrmError) {
    const hint =
      error.status === 401
        ? ' Run `crm login` again, or check CRM_TOKEN.'
        : error.status === 403
          ? ' Ask a workspace admin for the permission.'
          : '';
    return `Error: ${error.message} (${error.status || 'no answer'} ${error.code}${error.requestId ? `, request ${error.requestId}` : ''}).${hint}`;
  }
  return `Error: ${(error as Error).message}`;
}

program
  .parseAsync(process.argv)
  .then(() => {
    process.exitCode = exitCode;
  })
  .catch((error: unknown) => {
    // Commander printed it (help, version, a bad option) already.
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    process.stderr.write(`${describe(error)}\n`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  });
