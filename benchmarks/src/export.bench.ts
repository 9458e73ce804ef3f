import { startSystem } from '@crm/all-in-one';
import { runBenchmark } from './benchmark-run';
import {
  catalogueOf,
  companyByDomain,
  companyRow,
  importRows,
  openWorkspace,
  perSecond,
  waitForCatchUp,
} from './api-seed';

// POST /export on a workspace of 100,000 companies (the companies of crm-core.bench.ts, imported
// through the API as a customer does, 10,000 rows a request, then waited for until search, the
// reports, the audit log and the event feed show the last one), through the gateway as `npm start`
// serves it: the time to the answer (the ZIP built, streamed to documents and joined), the
// download, and the process's peak resident memory, sampled every 20 ms during the export.
// Everything runs in this one process, so the memory figure includes the embedded store holding
// the whole workspace: the figure to watch is the growth over the export.
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 100_000);
const MB = 1024 * 1024;

// Documents the embedded store examined for this collection's queries so far.
function examined(collection: unknown): number {
  const driver = (collection as { collection?: { executionCounters?: () => { docsExamined: number } } }).collection;
  return driver?.executionCounters?.().docsExamined ?? Number.NaN;
}

runBenchmark('export', async ({ dataDir, stopAtEnd }) => {
  const unlimited = { perTokenPerMinute: 1e9, publicPerMinute: 1e9 };
  const system = stopAtEnd(await startSystem({ port: 0, dataDir, logLevel: 'error', rateLimits: unlimited }));
  const connection = system.services['crm-core'].context.connection;
  const companies = connection.collection('companies');
  const workspace = await openWorkspace(system.url, 'export');
  const { call, token } = workspace;
  const catalogue = await catalogueOf(workspace);
  const imported = await importRows(workspace, { to: COMPANIES }, (index) => ({
    ...companyRow(index, catalogue, workspace.userId),
    // Some text a spreadsheet must see quoted.
    description: index % 10 === 0 ? `Key account, "priority"\nReview quarterly` : null,
  }));
  const answered = performance.now();
  const last = await companyByDomain(
    workspace,
    companyRow(COMPANIES - 1, catalogue, workspace.userId).domain as string,
  );
  const caughtUp = await waitForCatchUp(workspace, last, last.name, answered);

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const examinedBefore = examined(companies);
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const answer = await call<{ url: string; size: number; file_name: string }>('POST', '/export', {}, token);
  const exportSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  const examinedDuring = examined(companies) - examinedBefore;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  // What the export left behind once the collector has run: nothing of it should stay.
  global.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;

  const downloadStarted = process.hrtime.bigint();
  const link = new URL(answer.url);
  const download = await fetch(`${new URL(system.url).origin}${link.pathname}${link.search}`);
  let downloaded = 0;
  for await (const chunk of download.body!) downloaded += (chunk as Uint8Array).length;
  const downloadSeconds = Number(process.hrtime.bigint() - downloadStarted) / 1e9;

  console.log(
    `${imported.companies} companies in one workspace, imported through the API in ${imported.seconds.toFixed(1)} s (${perSecond(COMPANIES, imported.seconds)} rows) on the embedded store, ` +
      `every projection caught up ${caughtUp === null ? 'not within the timeout' : `${caughtUp.toFixed(1)} s after the last answer`}`,
  );
  console.log(
    `POST /export through the gateway: ${exportSeconds.toFixed(2)} s (target <= 20 s), ${answer.file_name}, ${(answer.size / MB).toFixed(1)} MB`,
  );
  console.log(
    `CPU time of the process during the export: ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s (the wall time above includes waiting for a busy machine's cores)`,
  );
  console.log(`companies examined by the export's queries: ${examinedDuring} (keyset batches read each company once)`);
  console.log(
    `download: ${downloaded} bytes (${downloaded === answer.size ? 'exactly the answered size' : `answered ${answer.size}`}) in ${downloadSeconds.toFixed(2)} s`,
  );
  console.log(
    `resident memory of the whole system (one process): ${(rssBefore / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB during the export (+${((peak - rssBefore) / MB).toFixed(0)} MB)`,
  );
  console.log(
    `heap in use after a full collection: ${(heapBefore / MB).toFixed(0)} MB before the export, ${(heapAfter / MB).toFixed(0)} MB after (the rest of the peak was garbage)`,
  );
});
