import { startSystem } from '@crm/all-in-one';
import { apiCaller, autocannon } from './load';
import { runBenchmark } from './benchmark-run';

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
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value: number) => `${value.toFixed(0)} ms`;
const summary = (values: number[]) =>
  `median ${ms(percentile(values, 50))}  p90 ${ms(percentile(values, 90))}  max ${ms(Math.max(...values))}`;

interface SteadyFigures {
  requests: number;
  accepted: number;
  p50: number;
  p99: number;
}

// autocannon at an overall rate, form-encoded POSTs; 2xx answers are the accepted ones.
async function steadyPosts(url: string, body: string, perSecond: number, seconds: number): Promise<SteadyFigures> {
  // Enough connections that a slow answer never holds the rate back (one request at a time each).
  const args = [
    '-c',
    String(Math.max(8, perSecond)),
    '-d',
    String(seconds),
    '-R',
    String(perSecond),
    '-m',
    'POST',
    '-I',
  ];
  args.push('-H', 'content-type=application/x-www-form-urlencoded', '-b', body, url);
  const result = await autocannon(args);
  return {
    requests: result.requests.total + result.errors + result.timeouts,
    accepted: result['2xx'],
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = process.hrtime.bigint();
  const result = await work();
  return [result, Number(process.hrtime.bigint() - started) / 1e6];
}

runBenchmark('marketing', async ({ dataDir, stopAtEnd }) => {
  const system = stopAtEnd(
    await startSystem({
      port: 0,
      dataDir,
      logLevel: 'error',
      rateLimits: { perTokenPerMinute: 1e9, publicPerMinute: 1e9 },
      env: { ...process.env, FORM_SUBMISSIONS_PER_ADDRESS: '1000' },
    }),
  );
  const call = apiCaller(system.url);
  const signUp = await call<{ token: string }>('POST', '/auth/sign-up', {
    email: `bench.${Date.now()}@example.com`,
    password: 'correct horse battery staple',
    name: 'Bench',
  });
  const token = signUp.token;
  await call('POST', '/onboarding', { workspace_name: 'Bench' }, token);
  const campaign = await call<{ id: string }>(
    'POST',
    '/campaigns',
    { name: 'Bench campaign', utm_campaign: 'bench' },
    token,
  );
  for (let index = 0; index < CONTACTS; index += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, offset) =>
        call(
          'POST',
          '/contacts',
          { first_name: `P${index + offset}`, email: `person${index + offset}@bench.example` },
          token,
        ),
      ),
    );
  }

  // Spend: new lines each run, then the same refs again (each line replaces its earlier one).
  const spendTimes: number[] = [];
  const replaceTimes: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const lines = Array.from({ length: 1000 }, (_, i) => ({
      spent_on: '2027-01-01',
      amount: (i % 500) + 0.25,
      note: 'Ads',
      external_ref: `run${run}-line${i}`,
    }));
    const [created, took] = await timed(() =>
      call<{ created: number }>('POST', `/campaigns/${campaign.id}/spend`, { lines }, token),
    );
    if (created.created !== 1000) throw new Error(`spend run ${run} created ${created.created}`);
    spendTimes.push(took);
    const [replaced, tookAgain] = await timed(() =>
      call<{ updated: number }>('POST', `/campaigns/${campaign.id}/spend`, { lines }, token),
    );
    if (replaced.updated !== 1000) throw new Error(`spend run ${run} replaced ${replaced.updated}`);
    replaceTimes.push(tookAgain);
  }

  const touchTimes: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const touchpoints = Array.from({ length: 500 }, (_, i) => ({
      campaign_id: campaign.id,
      email: `PERSON${i}@bench.example`,
      kind: 'ad_click',
      external_ref: `run${run}-touch${i}`,
    }));
    const [answer, took] = await timed(() =>
      call<{ created: number; unmatched: number[] }>('POST', '/touchpoints', { touchpoints }, token),
    );
    if (answer.created !== 500)
      throw new Error(`touchpoint run ${run} created ${answer.created} (unmatched ${answer.unmatched.length})`);
    touchTimes.push(took);
  }

  // Submissions at a steady rate from autocannon in a separate process (its overall rate), each
  // with an address of its own ([<id>] is replaced per request), as a site's visitors would.
  const form = await call<{ id: string; public_key: string }>(
    'POST',
    '/web-forms',
    { name: 'Bench form', campaign_id: campaign.id, fields: ['first_name', 'email', 'company', 'message'] },
    token,
  );
  const started = Date.now();
  const sent = await steadyPosts(
    `${system.url}/public/forms/${form.public_key}`,
    'first_name=Visitor&email=visitor[<id>]%40lead[<id>].example&company=Lead+[<id>]+Ltd&message=Hello',
    SUBMISSIONS_PER_SECOND,
    SUBMISSION_SECONDS,
  );
  const sendSeconds = (Date.now() - started) / 1000;
  let processed = 0;
  while (processed < sent.accepted) {
    const forms = await call<{ data: Array<{ id: string; submissions: number }> }>(
      'GET',
      '/web-forms',
      undefined,
      token,
    );
    processed = forms.data.find((item) => item.id === form.id)!.submissions;
    if (processed < sent.accepted) await new Promise((resolve) => setTimeout(resolve, 250));
    if (Date.now() - started > 600_000) break;
  }
  const drainSeconds = (Date.now() - started) / 1000;

  console.log('marketing through the gateway, embedded store');
  console.log(`  POST /campaigns/{id}/spend, 1,000 new lines      ${summary(spendTimes)}  (${RUNS} runs)`);
  console.log(`  POST /campaigns/{id}/spend, 1,000 replaced lines ${summary(replaceTimes)}  (${RUNS} runs)`);
  console.log(`  POST /touchpoints, 500 matched by email          ${summary(touchTimes)}  (${RUNS} runs)`);
  console.log(
    `  form submissions: ${sent.requests} sent at ${SUBMISSIONS_PER_SECOND}/s for ${SUBMISSION_SECONDS} s (${(sent.requests / sendSeconds).toFixed(0)}/s achieved), ` +
      `accepted ${sent.accepted}, not accepted ${sent.requests - sent.accepted}, answer p50 ${ms(sent.p50)} p99 ${ms(sent.p99)}`,
  );
  console.log(
    `  every accepted submission a lead after ${drainSeconds.toFixed(1)} s: ${processed} of ${sent.accepted} (${processed >= sent.accepted ? 'none lost' : `${sent.accepted - processed} not yet`}; autocannon may count an answer it timed out as not accepted)`,
  );
});
