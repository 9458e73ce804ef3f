import { startSystem } from '@crm/all-in-one';
import { apiCaller } from './load';
import { runBenchmark } from './benchmark-run';

// POST /import/companies on the embedded store, through the gateway as `npm start` serves it:
// 10,000 rows, each a company with a contact, as a dry run, then for real into an empty
// workspace, then again with duplicates=update (every row matches an existing company), and the
// time until every event of the import has left the outbox (audit log, search index). The
// machine may be shared with other work: the load average is printed with the figures.
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);

interface ImportResult {
  created: number;
  updated: number;
  skipped: number;
  contacts: number;
  errors: unknown[];
}

function rowsOf(count: number, variant: string) {
  return Array.from({ length: count }, (_, index) => ({
    name: `Import Bench ${index} Ltd`,
    domain: `import-bench-${index}.example`,
    phone: `+44 20 7946 ${String(index).padStart(4, '0')}`,
    address: { line1: `${index} High Street`, city: 'London', postcode: `EC${index % 9} ${index % 10}AB` },
    industry: variant,
    account_number: `IB-${index}`,
    contact: {
      first_name: 'Ada',
      last_name: `Lovelace ${index}`,
      email: `ada.${index}@import-bench-${index}.example`,
      job_title: variant,
    },
  }));
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = process.hrtime.bigint();
  const result = await work();
  return [result, Number(process.hrtime.bigint() - started) / 1e9];
}

runBenchmark('import', async ({ dataDir, stopAtEnd }) => {
  const unlimited = { perTokenPerMinute: 1e9, publicPerMinute: 1e9 };
  const system = stopAtEnd(await startSystem({ port: 0, dataDir, logLevel: 'error', rateLimits: unlimited }));
  const call = apiCaller(system.url);
  const connection = system.services['crm-core'].context.connection;
  const { token } = await call<{ token: string }>('POST', '/auth/sign-up', {
    email: 'import-bench@example.com',
    password: 'correct horse battery',
    name: 'Bench',
  });
  await call('POST', '/onboarding', { workspace_name: 'Import bench' }, token);
  const rows = rowsOf(ROWS, 'First');
  const bytes = Buffer.byteLength(JSON.stringify({ rows }));

  const [dry, drySeconds] = await timed(() =>
    call<ImportResult>('POST', '/import/companies', { rows, dry_run: true }, token),
  );
  const [created, createSeconds] = await timed(() => call<ImportResult>('POST', '/import/companies', { rows }, token));
  // Every event of the import published (the audit log and the search index consume them).
  const [, drainSeconds] = await timed(async () => {
    for (;;) {
      const pending = await connection.collection('outbox').countDocuments({ status: { $ne: 'sent' } });
      if (pending === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  const [updated, updateSeconds] = await timed(() =>
    call<ImportResult>('POST', '/import/companies', { rows: rowsOf(ROWS, 'Second'), duplicates: 'update' }, token),
  );

  console.log(
    `${ROWS} rows (a company and a contact each), ${(bytes / 1024 / 1024).toFixed(1)} MiB of JSON, one request each, on the embedded store through the gateway`,
  );
  console.log(
    `dry run:                 ${drySeconds.toFixed(2)} s  (created ${dry.created}, contacts ${dry.contacts}, errors ${dry.errors.length})`,
  );
  console.log(
    `import, all new:         ${createSeconds.toFixed(2)} s  (created ${created.created}, contacts ${created.contacts}, errors ${created.errors.length}) (target ≤ 10 s)`,
  );
  console.log(`its events published:    ${drainSeconds.toFixed(2)} s after the answer`);
  console.log(
    `import, duplicates=update: ${updateSeconds.toFixed(2)} s  (updated ${updated.updated}, contacts ${updated.contacts}, errors ${updated.errors.length})`,
  );
});
