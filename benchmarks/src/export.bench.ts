import { acrossWorkspaces, newId } from '@crm/kit';
import { startSystem } from '@crm/all-in-one';
import { apiCaller } from './load';
import { runBenchmark } from './benchmark-run';
import { companyRecord } from './seed-records';

// POST /export on a workspace of 100,000 companies (seeded as crm-core.bench.ts seeds them),
// through the gateway as `npm start` serves it: the time to the answer (the ZIP built, streamed
// to documents and joined), the download, and the process's peak resident memory, sampled every
// 20 ms during the export. Everything runs in this one process, so the memory figure includes the
// embedded store holding the whole workspace: the figure to watch is the growth over the export.
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 100_000);
const BATCH = 5_000;
const MB = 1024 * 1024;

const WORDS = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Stark',
  'Wayne',
  'Wonka',
  'Tyrell',
  'Cyberdyne',
  'Soylent',
  'Vandelay',
];
const KINDS = ['Ltd', 'plc', 'Group', 'Holdings', 'Partners', 'Services'];

// Documents the embedded store examined for this collection's queries so far.
function examined(collection: unknown): number {
  const driver = (collection as { collection?: { executionCounters?: () => { docsExamined: number } } }).collection;
  return driver?.executionCounters?.().docsExamined ?? Number.NaN;
}

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length];

runBenchmark('export', async ({ dataDir, stopAtEnd }) => {
  const unlimited = { perTokenPerMinute: 1e9, publicPerMinute: 1e9 };
  const system = stopAtEnd(await startSystem({ port: 0, dataDir, logLevel: 'error', rateLimits: unlimited }));
  const call = apiCaller(system.url);
  const connection = system.services['crm-core'].context.connection;
  const { token, user } = await call<{ token: string; user: { id: string } }>('POST', '/auth/sign-up', {
    email: 'bench@example.com',
    password: 'correct horse battery',
    name: 'Bench',
  });
  const { workspace_id: workspaceId } = await call<{ workspace_id: string }>(
    'POST',
    '/onboarding',
    { workspace_name: 'Bench' },
    token,
  );
  const stages = (
    await call<{ data: Array<{ id: string; pipeline_id: string; kind: string; object: string }> }>(
      'GET',
      '/pipeline-stages',
      undefined,
      token,
    )
  ).data.filter((stage) => stage.object === 'company');
  const sources = (await call<{ data: Array<{ id: string }> }>('GET', '/lead-sources', undefined, token)).data;

  const seedStarted = Date.now();
  const companies = connection.collection('companies');
  for (let start = 0; start < COMPANIES; start += BATCH) {
    const batch: Array<Record<string, unknown>> = [];
    for (let index = start; index < Math.min(COMPANIES, start + BATCH); index += 1) {
      const stage = pick(stages, index * 7);
      const name = `${pick(WORDS, index)} ${pick(KINDS, index * 3)} ${index}`;
      const domain = `${pick(WORDS, index).toLowerCase()}${index}.example`;
      const address = { city: 'London', postcode: `SW${index % 20} ${index % 9}AB` };
      const accountNumber = `AC${index}`;
      const at = new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();
      batch.push(
        companyRecord(workspaceId, at, {
          name,
          website: `https://${domain}`,
          domain,
          address,
          employee_count: index % 500,
          account_number: accountNumber,
          // Some text a spreadsheet must see quoted.
          description: index % 10 === 0 ? `Key account, "priority"\nReview quarterly` : null,
          owner_id: index % 3 === 0 ? user.id : index % 3 === 1 ? null : newId(),
          stage_id: stage.id,
          pipeline_id: stage.pipeline_id,
          is_account: stage.kind === 'account',
          source_id: pick(sources, index).id,
          custom: { tier: pick(['gold', 'silver', 'bronze'], index) },
        }),
      );
    }
    await acrossWorkspaces('benchmark seeds one workspace', () => companies.insertMany(batch));
  }
  const seedSeconds = (Date.now() - seedStarted) / 1000;

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

  console.log(`${COMPANIES} companies in one workspace, seeded in ${seedSeconds.toFixed(1)} s on the embedded store`);
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
