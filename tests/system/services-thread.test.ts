import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { getPriority, tmpdir } from 'node:os';
import { DEFAULT_SERVICES_THREAD_NICE } from '@crm/all-in-one';
import { join } from 'node:path';
import {
  callerFor,
  companiesInPipeline,
  request,
  signUpWithWorkspace,
  startTestSystem,
  waitFor,
  type Caller,
} from '../support/system';

// As `SERVICES_THREAD=true npm start` runs: the gateway on a thread of its own, marketing, reports
// and webhooks on the services thread (their build), identity, crm-core and the rest on the main
// thread, the two threads' brokers linked.
const threaded = { gatewayThread: true, servicesThread: true } as const;

// The nice value of each thread of this process (Linux: field 19 of /proc/self/task/<id>/stat).
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((task) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

async function companyEverywhere(call: Caller, name: string) {
  const created = await call('POST', '/companies', { name });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  // Consumed on the main thread (crm-core's search) and on the services thread (reports, the audit
  // log, the event feed, marketing's copy).
  await waitFor(async () => (await call('GET', `/search?q=${encodeURIComponent(name)}`)).body.data?.length === 1);
  await waitFor(async () => companiesInPipeline(await call('GET', '/reports/pipeline')) >= 1);
  await waitFor(async () =>
    (await call('GET', '/audit-log?source=record')).body.data?.some(
      (entry: { object_id?: string }) => entry.object_id === id,
    ),
  );
  await waitFor(async () =>
    (await call('GET', '/events?types=crm.company.created&limit=200')).body.data?.some(
      (event: { data: { company_id?: string } }) => event.data.company_id === id,
    ),
  );
  return id;
}

describe('the parts on two threads (SERVICES_THREAD=true npm start)', () => {
  // Two starts of the whole system and a stop: on a machine slower by half, more than jest's 30 s.
  it('every part gets the events of the other thread, and data and events survive a stop at once', async () => {
    const lines: string[] = [];
    const first = await startTestSystem({
      ...threaded,
      logLevel: 'warn',
      logDestination: { write: (line: string) => void lines.push(line) },
    });
    // The services thread's background work runs behind the threads that answer requests.
    if (process.platform === 'linux') {
      const own = getPriority();
      const niceValues = threadNiceValues();
      expect(niceValues.filter((nice) => nice === Math.min(19, own + DEFAULT_SERVICES_THREAD_NICE))).toHaveLength(1);
      expect(niceValues.filter((nice) => nice !== own)).toHaveLength(1);
    }
    const person = await signUpWithWorkspace(first.url, 'Thread');
    const call = callerFor(first.url, person);
    const companyId = await companyEverywhere(call, 'Threaded Holdings');

    // From the services thread to the main one: marketing's rename reaches crm-core's copy of names.
    const campaign = await call('POST', '/campaigns', { name: 'Spring Push' });
    expect(campaign.status).toBe(201);
    const credited = await call('PATCH', `/companies/${companyId}`, { campaign_id: campaign.body.id });
    expect(credited.status).toBe(200);
    expect((await call('PATCH', `/campaigns/${campaign.body.id}`, { name: 'Summer Push' })).status).toBe(200);
    const renamed = await waitFor(async () => {
      const company = await call('GET', `/companies/${companyId}`);
      return company.body.campaign_name === 'Summer Push' ? company : undefined;
    });
    expect(renamed.status).toBe(200);

    // Stopped while twelve creations' events are on their way to both threads' consumers.
    const names = Array.from({ length: 12 }, (_, index) => `Busy Thread ${index}`);
    const made = await Promise.all(names.map((name) => call('POST', '/companies', { name })));
    expect(made.map((answer) => answer.status)).toEqual(names.map(() => 201));
    await first.stop();
    const failedPublishes = lines.filter((line) => line.includes('outbox events failed'));

    const second = await startTestSystem({ ...threaded, dataDir: first.dataDir });
    try {
      expect(failedPublishes).toEqual([]);
      const signIn = await request(second.url, 'POST', '/auth/sign-in', {
        body: { email: person.email, password: person.password },
      });
      expect(signIn.status).toBe(200);
      const again = callerFor(second.url, { token: signIn.body.token as string });
      const found = await waitFor(async () => {
        const search = await again('GET', '/search?q=Busy%20Thread');
        return search.body.data?.length === names.length ? search : undefined;
      });
      expect(found.status).toBe(200);
      const counted = await waitFor(async () => {
        const pipeline = await again('GET', '/reports/pipeline');
        return companiesInPipeline(pipeline) === names.length + 1 ? pipeline : undefined;
      });
      expect(counted.status).toBe(200);
      await companyEverywhere(again, 'After The Restart');
    } finally {
      await second.destroy();
    }
  }, 90_000);

  it("a thread that cannot start says why, the parts started before it stop, and a part on the services thread is not reachable from the main thread's handles", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const dataDir = mkdtempSync(join(tmpdir(), 'crm-system-'));
    try {
      await expect(startTestSystem({ ...threaded, port, dataDir })).rejects.toThrow(
        /^gateway failed to start: listen EADDRINUSE/,
      );
      // Every part let go of its store: a system starts on the same folder.
      const again = await startTestSystem({ ...threaded, dataDir });
      try {
        expect(() => again.services.reports).toThrow('reports runs on the services thread');
        expect(again.services['crm-core'].name).toBe('crm-core');
      } finally {
        await again.stop();
      }
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
