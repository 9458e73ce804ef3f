import { apiCaller } from './load';

// How long until every part of the product shows a company, asked through the API as a customer
// would: search, the pipeline report, the audit log, the event feed and marketing (its match over
// gRPC and its own copy). Shared by the benchmarks that seed through the API (scale, cli-import).
//
// BENCH_CATCHUP_TIMEOUT_S (1800): how long a catch-up is waited for before the probes still
//   behind are named and the run goes on.
export const CATCHUP_TIMEOUT_S = Number(process.env.BENCH_CATCHUP_TIMEOUT_S ?? 1_800);
export const POLL_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
const secondsSince = (start: number) => (now() - start) / 1000;

export interface Company {
  id: string;
  name: string;
  domain: string | null;
  created_at: string;
}

// Probes, each asked every POLL_MS until it is true.

export interface Probe {
  name: string;
  // True once this part of the system shows what the probe looks for; a thrown error (a non-2xx
  // answer) counts as not yet.
  check(): Promise<boolean>;
  // What it saw last, when it is still behind.
  behind?(): string;
}

export interface CatchUp {
  // Seconds from the start until each probe was first true; null when the timeout came first.
  seconds: Map<string, number | null>;
  overall: number | null;
  probeErrors: Map<string, { count: number; last: string }>;
  // Calls each probe made: their work is in the system's CPU time too.
  calls: Map<string, number>;
}

// Each probe polls on its own (a slow one does not hold back the others' clocks), every POLL_MS
// from the start of its previous call, until it is true or the timeout passes.
export async function catchUp(probes: Probe[], start: number, timeoutSeconds: number): Promise<CatchUp> {
  const seconds = new Map<string, number | null>(probes.map((probe) => [probe.name, null]));
  const probeErrors = new Map<string, { count: number; last: string }>();
  const calls = new Map<string, number>();
  const poll = async (probe: Probe) => {
    while (secondsSince(start) < timeoutSeconds) {
      const round = now();
      calls.set(probe.name, (calls.get(probe.name) ?? 0) + 1);
      try {
        if (await probe.check()) {
          seconds.set(probe.name, secondsSince(start));
          return;
        }
      } catch (error) {
        const entry = probeErrors.get(probe.name) ?? { count: 0, last: '' };
        entry.count += 1;
        entry.last = error instanceof Error ? error.message.slice(0, 200) : String(error);
        probeErrors.set(probe.name, entry);
      }
      await sleep(Math.max(0, POLL_MS - (now() - round)));
    }
  };
  await Promise.all(probes.map(poll));
  const times = [...seconds.values()];
  const overall = times.every((value) => value !== null) ? Math.max(0, ...times) : null;
  return { seconds, overall, probeErrors, calls };
}

export function printCatchUp(result: CatchUp, probes: Probe[], indent = '  '): void {
  for (const probe of probes) {
    const value = result.seconds.get(probe.name);
    const errors = result.probeErrors.get(probe.name);
    const calls = result.calls.get(probe.name) ?? 0;
    const note = `  (${calls} ${calls === 1 ? 'poll' : 'polls'}${errors ? `; ${errors.count} failed, last: ${errors.last}` : ''})`;
    if (value === null || value === undefined)
      console.log(
        `${indent}${probe.name.padEnd(66)} still behind after ${CATCHUP_TIMEOUT_S} s: ${probe.behind?.() ?? ''}${note}`,
      );
    else console.log(`${indent}${probe.name.padEnd(66)} ${value.toFixed(2).padStart(8)} s${note}`);
  }
  console.log(
    `${indent}${'all caught up'.padEnd(66)} ${result.overall === null ? `not within ${CATCHUP_TIMEOUT_S} s` : `${result.overall.toFixed(2).padStart(8)} s`}`,
  );
}

export type Call = ReturnType<typeof apiCaller>;

interface FeedEvent {
  id: string;
  type: string;
  data: { company_id?: string };
}

// The event feed read as an integration reads it: from its last cursor to the end at each
// read, the events of some types only. `onEvent` sees each event read.
export class FeedReader {
  private cursor: string | undefined;
  // Events read so far.
  read = 0;

  constructor(
    private readonly call: Call,
    private readonly token: string,
    private readonly types: string,
  ) {}

  async readToEnd(): Promise<number> {
    for (;;) {
      const query = new URLSearchParams({
        types: this.types,
        limit: '200',
        ...(this.cursor ? { after: this.cursor } : {}),
      });
      const page = await this.call<{ data: FeedEvent[]; next_cursor: string; has_more: boolean }>(
        'GET',
        `/events?${query.toString()}`,
        undefined,
        this.token,
      );
      this.cursor = page.next_cursor;
      this.read += page.data.length;
      for (const event of page.data) this.onEvent(event);
      if (!page.has_more) return this.read;
    }
  }

  protected onEvent(_event: FeedEvent): void {}
}

// crm.company.created in the feed (kept across both catch-ups, so the count is every company's).
export class CompanyFeed extends FeedReader {
  private readonly seen = new Set<string>();

  constructor(call: Call, token: string) {
    super(call, token, 'crm.company.created');
  }

  get created(): number {
    return this.read;
  }

  protected override onEvent(event: FeedEvent): void {
    if (event.data.company_id) this.seen.add(event.data.company_id);
  }

  has(companyId: string): boolean {
    return this.seen.has(companyId);
  }
}

export interface ProbeContext {
  call: Call;
  apiKey: string;
  ownerToken: string;
  campaignId: string;
  feed: CompanyFeed;
}

// Every part that learns of a company from its events, asked about `target` (the newest company)
// and about the count `companies` (every company of the workspace so far).
export function probesFor(
  context: ProbeContext,
  target: Company,
  search: { q: string; label: string },
  companies: number,
): Probe[] {
  const { call, apiKey, ownerToken, campaignId, feed } = context;
  let pipelineSum = -1;
  let auditNewest = '';
  let touchpointMatched = false;
  let touchpointName: string | null = null;
  return [
    {
      name: `search: GET /search?q=${search.label} finds it`,
      async check() {
        const result = await call<{ data: Array<{ id: string }> }>(
          'GET',
          `/search?q=${encodeURIComponent(search.q)}`,
          undefined,
          apiKey,
        );
        return result.data.some((hit) => hit.id === target.id);
      },
    },
    {
      name: `reports: GET /reports/pipeline counts ${companies} companies`,
      async check() {
        const report = await call<{ data: Array<{ companies: number }> }>(
          'GET',
          '/reports/pipeline',
          undefined,
          apiKey,
        );
        pipelineSum = report.data.reduce((sum, row) => sum + row.companies, 0);
        return pipelineSum === companies;
      },
      behind: () => `it counts ${pipelineSum}`,
    },
    {
      // The newest page only, as an integration tailing the log reads it: the company is the newest
      // of the run and nothing else changes records while the probes wait, so once its entry is
      // written it is among the 200 newest. (Walking back until an entry older than the company
      // cost the system more than the catch-up it measured: the entries of the last import request
      // are all newer than its companies' created_at.)
      name: 'audit log: GET /audit-log holds its creation',
      async check() {
        const query = new URLSearchParams({ source: 'record', limit: '200' });
        const result = await call<{ data: Array<{ at: string; object_id: string | null }> }>(
          'GET',
          `/audit-log?${query.toString()}`,
          undefined,
          ownerToken,
        );
        auditNewest = result.data[0]?.at ?? 'nothing';
        return result.data.some((entry) => entry.object_id === target.id);
      },
      behind: () => `its newest entry is of ${auditNewest}, the company was created at ${target.created_at}`,
    },
    {
      name: `event feed: GET /events holds its crm.company.created (${companies} in all)`,
      async check() {
        await feed.readToEnd();
        return feed.has(target.id) && feed.created >= companies;
      },
      behind: () =>
        `${feed.created} crm.company.created read, ${feed.has(target.id) ? 'its own among them' : 'not its own'}`,
    },
    {
      // marketing asks crm-core over gRPC whether the company exists, so this holds as soon as
      // crm-core has it: recorded for completeness, it does not wait for marketing's copy.
      name: 'marketing: POST /touchpoints matches it (asks crm-core)',
      async check() {
        const item = {
          campaign_id: campaignId,
          company_id: target.id,
          kind: 'visit',
          external_ref: `scale-bench-${target.id}`,
        };
        const result = await call<{ unmatched: number[] }>('POST', '/touchpoints', { touchpoints: [item] }, apiKey);
        touchpointMatched = result.unmatched.length === 0;
        return touchpointMatched;
      },
    },
    {
      // What marketing itself knows of the company: its copy, kept from crm.company.* events, names
      // the touchpoint; until the copy exists company_name is null.
      name: "marketing's copy: GET /touchpoints names the company",
      async check() {
        if (!touchpointMatched) return false;
        const result = await call<{ data: Array<{ company_name: string | null }> }>(
          'GET',
          `/touchpoints?company_id=${target.id}&limit=1`,
          undefined,
          apiKey,
        );
        touchpointName = result.data[0]?.company_name ?? null;
        return touchpointName !== null;
      },
      behind: () => (touchpointMatched ? 'the touchpoint names no company yet' : 'no touchpoint recorded yet'),
    },
  ];
}

// Polls `check` every POLL_MS until true; seconds since `start`, or null after the timeout.
export async function until(check: () => Promise<boolean>, start: number): Promise<number | null> {
  while (secondsSince(start) < CATCHUP_TIMEOUT_S) {
    if (await check().catch(() => false)) return secondsSince(start);
    await sleep(POLL_MS);
  }
  return null;
}
