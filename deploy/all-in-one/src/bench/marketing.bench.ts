import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSystem } from '../system';
import { apiCaller } from './load';

// marketing through the gateway as `npm start` serves it: a request of 1,000 spend lines, a
// request of 500 touchpoints (each matched to a contact by email in crm-core over gRPC), and web
// form submissions at a steady 100 a second, each kept at once and turned into a lead (company,
// contact, touchpoint) by the durable job behind it; none may be lost. Figures only: the machine
// may be shared with other work, so the load average is printed beside them.
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const SUBMISSIONS_PER_SECOND = Number(process.env.BENCH_SUBMISSIONS_PER_SECOND ?? 100);
const SUBMISSION_SECONDS = Number(process.env.BENCH_SUBMISSION_SECONDS ?? 20);
const CONTACTS = 500;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;
const summary = (values: number[]) => `median ${ms(percentile(values, 50))}  p90 ${ms(percentile(values, 90))}  max ${ms(Math.max(...values))}`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = process.hrtime.bigint();
  const result = await work();
  return [result, Number(process.hrtime.bigint() - started) / 1e6];
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const dataDir = mkdtempSync(join(tmpdir(), 'marketing-bench-'));
  const system = await startSystem({
    port: 0,
    dataDir,
    logLevel: 'error',
    rateLimits: { perTokenPerMinute: 1e9, publicPerMinute: 1e9 },
    env: { ...process.env, FORM_SUBMISSIONS_PER_ADDRESS: '1000' },
  });
  const call = apiCaller(system.url);
  try {
    const signUp = await call<{ token: string }>('POST', '/auth/sign-up', { email: `bench.${Date.now()}@example.com`, password: 'correct horse battery staple', name: 'Bench' });
    const token = signUp.token;
    await call('POST', '/onboarding', { workspace_name: 'Bench' }, token);
    const campaign = await call<{ id: string }>('POST', '/campaigns', { name: 'Bench campaign', utm_campaign: 'bench' }, token);
    for (let index = 0; index < CONTACTS; index += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, offset) => call('POST', '/contacts', { first_name: `P${index + offset}`, email: `person${index + offset}@bench.example` }, token)));
    }

    // Spend: new lines each run, then the same refs again (each line replaces its earlier one).
    const spendTimes: number[] = [];
    const replaceTimes: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const lines = Array.from({ length: 1000 }, (_, i) => ({ spent_on: '2027-01-01', amount: (i % 500) + 0.25, note: 'Ads', external_ref: `run${run}-line${i}` }));
      const [created, took] = await timed(() => call<{ created: number }>('POST', `/campaigns/${campaign.id}/spend`, { lines }, token));
      if (created.created !== 1000) throw new Error(`spend run ${run} created ${created.created}`);
      spendTimes.push(took);
      const [replaced, tookAgain] = await timed(() => call<{ updated: number }>('POST', `/campaigns/${campaign.id}/spend`, { lines }, token));
      if (replaced.updated !== 1000) throw new Error(`spend run ${run} replaced ${replaced.updated}`);
      replaceTimes.push(tookAgain);
    }

    const touchTimes: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const touchpoints = Array.from({ length: 500 }, (_, i) => ({ campaign_id: campaign.id, email: `PERSON${i}@bench.example`, kind: 'ad_click', external_ref: `run${run}-touch${i}` }));
      const [answer, took] = await timed(() => call<{ created: number; unmatched: number[] }>('POST', '/touchpoints', { touchpoints }, token));
      if (answer.created !== 500) throw new Error(`touchpoint run ${run} created ${answer.created} (unmatched ${answer.unmatched.length})`);
      touchTimes.push(took);
    }

    // Submissions at a steady rate from a separate timer: each is sent on time whatever the
    // answers before it, so a slow answer shows as latency, not as a lower rate.
    const form = await call<{ id: string; public_key: string }>('POST', '/web-forms', { name: 'Bench form', campaign_id: campaign.id, fields: ['first_name', 'email', 'company', 'message'] }, token);
    const total = SUBMISSIONS_PER_SECOND * SUBMISSION_SECONDS;
    const latencies: number[] = [];
    let refused = 0;
    const sends: Array<Promise<void>> = [];
    const started = Date.now();
    await new Promise<void>((resolve) => {
      let sent = 0;
      const timer = setInterval(() => {
        const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * SUBMISSIONS_PER_SECOND) + 1);
        for (; sent < due; sent += 1) {
          const index = sent;
          sends.push(
            (async () => {
              const [response, took] = await timed(() =>
                fetch(`${system.url}/public/forms/${form.public_key}`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                  body: new URLSearchParams({ first_name: `Visitor ${index}`, email: `visitor${index}@lead${index % 50}.example`, company: `Lead ${index % 50} Ltd`, message: 'Hello' }).toString(),
                  redirect: 'manual',
                }),
              );
              await response.arrayBuffer();
              if (response.status === 200) latencies.push(took);
              else refused += 1;
            })(),
          );
        }
        if (sent >= total) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });
    await Promise.all(sends);
    const sendSeconds = (Date.now() - started) / 1000;
    let processed = 0;
    while (processed < latencies.length) {
      const forms = await call<{ data: Array<{ id: string; submissions: number }> }>('GET', '/web-forms', undefined, token);
      processed = forms.data.find((item) => item.id === form.id)!.submissions;
      if (processed < latencies.length) await new Promise((resolve) => setTimeout(resolve, 250));
      if (Date.now() - started > 600_000) break;
    }
    const drainSeconds = (Date.now() - started) / 1000;

    const loadAfter = loadavg();
    console.log(`marketing through the gateway, embedded store, ${cpus().length} CPUs (shared machine: load average ${loadBefore[0]!.toFixed(2)} before, ${loadAfter[0]!.toFixed(2)} after)`);
    console.log(`  POST /campaigns/{id}/spend, 1,000 new lines      ${summary(spendTimes)}  (${RUNS} runs)`);
    console.log(`  POST /campaigns/{id}/spend, 1,000 replaced lines ${summary(replaceTimes)}  (${RUNS} runs)`);
    console.log(`  POST /touchpoints, 500 matched by email          ${summary(touchTimes)}  (${RUNS} runs)`);
    console.log(
      `  form submissions: ${total} sent at ${SUBMISSIONS_PER_SECOND}/s over ${sendSeconds.toFixed(1)} s (${(total / sendSeconds).toFixed(0)}/s achieved), ` +
        `accepted ${latencies.length}, refused ${refused}, answer p50 ${ms(percentile(latencies, 50))} p99 ${ms(percentile(latencies, 99))}`,
    );
    console.log(`  all accepted submissions turned into leads after ${drainSeconds.toFixed(1)} s: ${processed} of ${latencies.length} (lost ${latencies.length - processed})`);
  } finally {
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
