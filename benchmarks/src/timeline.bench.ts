import { startSystem } from '@crm/all-in-one';
import { loadOptionsFromEnv, settleStores } from './load';
import { runBenchmark } from './benchmark-run';
import { plansOf } from './query-plans';
import {
  companyByDomain,
  importRows,
  measureScenarios,
  openWorkspace,
  perSecond,
  pick,
  reportCounts,
  printScenarios,
  listAll,
  sendEach,
  waitFor,
  waitForCatchUp,
} from './api-seed';

// The timeline at CRM scale on the embedded store: one workspace with many timeline entries (and
// tasks), read through the gateway as `npm start` serves it. The company under test has its own
// entries and contacts with many more, so a page with include_contacts reads one range of the
// company_id index. Each scenario prints the plan of the queries its request ran.
//
// Seeded as a customer fills the system: the companies, each with its contacts, through
// POST /import/companies (a row a contact, duplicates=update adding each to its company); then
// each entry with POST /activities (notes, and calls dated over time with occurred_at) and each
// task with POST /tasks (then PATCH /tasks/{id} for those done or cancelled): the contract has no
// bulk endpoint for them, so they go one request each over BENCH_SEED_CONNECTIONS concurrent
// connections. System entries ("Stage changed") come only from the system, so none are seeded.
// The run waits, asking through the API, until search, the reports, the audit log and the event
// feed show the companies, and after the rest until the reports count every entry and task.
//
// BENCH_ACTIVITIES (8000) and BENCH_TASKS (1000): one request each costs what a customer pays,
// 18 to 31 a second over 8 connections on a 2-core machine shared with other work (load average
// 8 to 15), so 300,000 entries and 20,000 tasks would take hours; these seed in five to eight
// minutes. They put 400 entries on the company under test and its contacts, so the deep page read
// is the last, the 16th; the 100th page of 25 needs BENCH_ACTIVITIES=50000 (half an hour or more of
// seeding at that rate). The size names what the figures are for.
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 8_000);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 2_000);
const CONTACTS_PER_COMPANY = 10;
const TASKS = Number(process.env.BENCH_TASKS ?? 1_000);
const SEED_CONNECTIONS = Number(process.env.BENCH_SEED_CONNECTIONS ?? 8);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
const LOAD = loadOptionsFromEnv({ seconds: 8, warmupSeconds: 2 });
// Share of all entries on the company under test and its contacts.
const FOCUS_SHARE = 0.05;

const at = (index: number) => new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();

runBenchmark('timeline', async ({ dataDir, stopAtEnd }) => {
  const system = stopAtEnd(
    await startSystem({
      port: 0,
      dataDir,
      logLevel: 'error',
      rateLimits: { perTokenPerMinute: 1e9, publicPerMinute: 1e9 },
      gatewayThread: true,
    }),
  );
  const connection = system.services['crm-core'].context.connection;
  const workspace = await openWorkspace(system.url, 'timeline');
  const { call, token, userId } = workspace;
  const domainOf = (index: number) => `company${index}.example`;
  const imported = await importRows(workspace, { to: COMPANIES * CONTACTS_PER_COMPANY }, (index) => ({
    name: `Company ${index % COMPANIES}`,
    domain: domainOf(index % COMPANIES),
    owner_id: userId,
    contact: { first_name: `First${Math.floor(index / COMPANIES)}`, last_name: `Last${index % COMPANIES}` },
  }));
  const last = await companyByDomain(workspace, domainOf(COMPANIES - 1));
  await waitForCatchUp(workspace, last, last.name, performance.now());
  const focus = (await companyByDomain(workspace, domainOf(0))).id;
  const contacts = await listAll<{ id: string; company_id: string }>(workspace, '/contacts');
  const focusContacts = contacts.filter((contact) => contact.company_id === focus).map((contact) => contact.id);
  const otherContacts = contacts.filter((contact) => contact.company_id !== focus).map((contact) => contact.id);
  const otherCompanies = (await listAll<{ id: string }>(workspace, '/companies'))
    .map((company) => company.id)
    .filter((id) => id !== focus);

  // Entries spread over time; FOCUS_SHARE of them on the company under test (a third on the
  // company itself, the rest on its contacts), the others over every other company and contact.
  let onFocus = 0;
  const entries = await sendEach(workspace, ACTIVITIES, SEED_CONNECTIONS, (index) => {
    const focused = index % Math.round(1 / FOCUS_SHARE) === 0;
    const onContact = index % 3 !== 0;
    if (focused) onFocus += 1;
    const target = focused
      ? { target_type: onContact ? 'contact' : 'company', target_id: onContact ? pick(focusContacts, index) : focus }
      : onContact
        ? { target_type: 'contact', target_id: pick(otherContacts, index * 7) }
        : { target_type: 'company', target_id: pick(otherCompanies, index * 13) };
    const body =
      index % 2 === 0
        ? { type: 'note', ...target, body: `Note ${index}` }
        : { type: 'call', ...target, outcome: 'connected', occurred_at: at(index) };
    return { path: '/activities', body };
  });
  const tasks = await sendEach(workspace, TASKS, SEED_CONNECTIONS, (index) => ({
    path: '/tasks',
    body: {
      title: `Task ${index}`,
      ...(index % 4 === 0 ? {} : { due_at: at(index * 10) }),
      target_type: 'company',
      target_id: pick(otherCompanies, index),
      ...(index % 2 === 0 ? { assignee_id: userId } : {}),
    },
  }));
  const closed = await sendEach(workspace, TASKS, SEED_CONNECTIONS, (index) => {
    const status = pick(['open', 'open', 'done', 'cancelled'], index);
    return status === 'open' ? null : { method: 'PATCH', path: `/tasks/${tasks.ids[index]}`, body: { status } };
  });
  const answered = performance.now();
  const caughtUp = await waitFor(
    'entries and tasks',
    [reportCounts(workspace, 'activity', 'type', ACTIVITIES), reportCounts(workspace, 'task', 'status', TASKS)],
    answered,
  );
  const settleSeconds = await settleStores(system);

  const focusQuery = `target_type=company&target_id=${focus}`;
  // The 100th page, or the last when there are fewer (BENCH_ACTIVITIES under 50,000).
  let deepPath = `/activities?${focusQuery}&limit=25`;
  let deepPage = 1;
  for (; deepPage < 100; deepPage += 1) {
    const answer = await call<{ next_cursor: string | null }>('GET', deepPath, undefined, token);
    if (answer.next_cursor === null) break;
    deepPath = `/activities?${focusQuery}&limit=25&cursor=${encodeURIComponent(answer.next_cursor)}`;
  }
  const scenarios = [
    {
      label: 'company timeline with include_contacts, first page of 25',
      path: `/activities?${focusQuery}`,
      target: 'p99 ≤ 20 ms',
    },
    {
      label: `company timeline with include_contacts, ${deepPage === 100 ? '100th cursor page' : `last cursor page (page ${deepPage})`}`,
      path: deepPath,
      target: 'p99 ≤ 20 ms',
    },
    {
      label: 'company timeline without contacts',
      path: `/activities?${focusQuery}&include_contacts=false`,
      target: '',
    },
    { label: 'contact timeline', path: `/activities?target_type=contact&target_id=${focusContacts[0]}`, target: '' },
    { label: 'GET /tasks (mine, open)', path: '/tasks?status=open', target: '' },
  ];
  const rows = await measureScenarios(system.url, token, scenarios, {
    load: LOAD,
    concurrency: CONCURRENCY,
    plans: (request) => plansOf(connection, request),
  });

  console.log(
    `${ACTIVITIES} timeline entries (${onFocus} on the company under test with its ${focusContacts.length} contacts), ${COMPANIES} companies, ${imported.contacts} contacts and ${TASKS} tasks in one workspace on the embedded store; ` +
      `companies and contacts imported through the API in ${imported.seconds.toFixed(1)} s, entries created in ${entries.seconds.toFixed(1)} s (${perSecond(ACTIVITIES, entries.seconds)}), ` +
      `tasks in ${(tasks.seconds + closed.seconds).toFixed(1)} s (${perSecond(TASKS, tasks.seconds)}, then those done or cancelled changed) over ${SEED_CONNECTIONS} connections, ` +
      `the reports caught up ${caughtUp === null ? 'not within the timeout' : `${caughtUp.toFixed(1)} s after the last answer`}, then its snapshot written in ${settleSeconds.toFixed(1)} s before measuring`,
  );
  printScenarios(rows, LOAD);
});
