import type { Connection } from 'mongoose';
import { acrossWorkspaces, newId } from '@crm/kit';
import { startSystem } from '@crm/all-in-one';
import { apiCaller, formatFigures, loadOptionsFromEnv, measure, settleStores, type Figures } from './load';
import { runBenchmark } from './benchmark-run';
import { plansOf } from './query-plans';

// The timeline at CRM scale on the embedded store: one workspace with 300,000 timeline entries
// (and 20,000 tasks), read through the gateway as `npm start` serves it. The company under test
// has its own entries and contacts with many more, so a page with include_contacts reads one
// range of the company_id index. Each scenario prints the plan of the queries its request ran.
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 300_000);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 2_000);
const CONTACTS_PER_COMPANY = 10;
const TASKS = Number(process.env.BENCH_TASKS ?? 20_000);
const BATCH = 5_000;
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
const LOAD = loadOptionsFromEnv({ seconds: 8, warmupSeconds: 2 });
// Share of all entries on the company under test and its contacts.
const FOCUS_SHARE = 0.05;

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length];

async function insertAll(
  connection: Connection,
  collection: string,
  documents: Array<Record<string, unknown>>,
): Promise<void> {
  for (let start = 0; start < documents.length; start += BATCH) {
    const batch = documents.slice(start, start + BATCH);
    await acrossWorkspaces('benchmark seeds one workspace', () => connection.collection(collection).insertMany(batch));
  }
}

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
  const seedStarted = Date.now();
  const at = (index: number) => new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();

  const companies: Array<Record<string, unknown>> = [];
  const contacts: Array<Record<string, unknown>> = [];
  const contactCompany = new Map<string, string>();
  for (let index = 0; index < COMPANIES; index += 1) {
    const companyId = newId();
    companies.push({
      _id: companyId,
      version: 1,
      workspace_id: workspaceId,
      name: `Company ${index}`,
      website: null,
      domain: null,
      phone: null,
      address: {},
      country_code: null,
      industry: null,
      turnover_band: null,
      employee_count: null,
      account_number: null,
      company_number: null,
      sic_codes: [],
      description: null,
      owner_id: user.id,
      stage_id: null,
      pipeline_id: null,
      is_account: false,
      source_id: null,
      campaign_id: null,
      primary_contact_id: null,
      custom: {},
      name_folded: `company ${index}`,
      search_terms: [],
      deleted_at: null,
      created_at: at(index),
      updated_at: at(index),
    });
    for (let contact = 0; contact < CONTACTS_PER_COMPANY; contact += 1) {
      const contactId = newId();
      contactCompany.set(contactId, companyId);
      contacts.push({
        _id: contactId,
        version: 1,
        workspace_id: workspaceId,
        company_id: companyId,
        reports_to_id: null,
        owner_id: null,
        first_name: `First${contact}`,
        last_name: `Last${index}`,
        email: null,
        phone: null,
        mobile: null,
        job_title: null,
        lawful_basis: null,
        custom: {},
        deleted_at: null,
        created_at: at(index),
        updated_at: at(index),
      });
    }
  }
  await insertAll(connection, 'companies', companies);
  await insertAll(connection, 'contacts', contacts);
  const focus = companies[0]._id as string;
  const focusContacts = contacts
    .filter((contact) => contact.company_id === focus)
    .map((contact) => contact._id as string);
  const otherContacts = contacts
    .filter((contact) => contact.company_id !== focus)
    .map((contact) => contact._id as string);
  const otherCompanies = companies.slice(1).map((company) => company._id as string);

  // Entries spread over time; FOCUS_SHARE of them on the company under test (a third on the
  // company itself, the rest on its contacts), the others over every other company and contact.
  const activities: Array<Record<string, unknown>> = [];
  for (let index = 0; index < ACTIVITIES; index += 1) {
    const onFocus = index % Math.round(1 / FOCUS_SHARE) === 0;
    const onContact = index % 3 !== 0;
    const targetId = onFocus
      ? onContact
        ? pick(focusContacts, index)
        : focus
      : onContact
        ? pick(otherContacts, index * 7)
        : pick(otherCompanies, index * 13);
    const type = pick(['note', 'call', 'system'], index);
    activities.push({
      _id: newId(),
      version: 1,
      workspace_id: workspaceId,
      type,
      subject: type === 'system' ? 'Stage changed to Qualified' : null,
      body: type === 'note' ? `Note ${index}` : null,
      outcome: type === 'call' ? 'connected' : null,
      target_type: onContact ? 'contact' : 'company',
      target_id: targetId,
      company_id: onContact ? contactCompany.get(targetId)! : targetId,
      actor_type: 'user',
      actor_id: user.id,
      actor_label: 'Bench',
      occurred_at: at(index),
      created_at: at(index),
      source: null,
      source_version: null,
    });
  }
  await insertAll(connection, 'activities', activities);
  const tasks: Array<Record<string, unknown>> = [];
  for (let index = 0; index < TASKS; index += 1) {
    const due = index % 4 === 0 ? null : at(index * 10);
    tasks.push({
      _id: newId(),
      version: 1,
      workspace_id: workspaceId,
      title: `Task ${index}`,
      notes: null,
      due_at: due,
      due_key: due ?? '9999-12-31T23:59:59.999Z',
      remind_at: null,
      reminded_for: null,
      status: pick(['open', 'open', 'done', 'cancelled'], index),
      target_type: 'company',
      target_id: pick(otherCompanies, index),
      assignee_id: index % 2 === 0 ? user.id : newId(),
      created_by: user.id,
      completed_at: null,
      created_at: at(index),
      updated_at: at(index),
    });
  }
  await insertAll(connection, 'tasks', tasks);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const settleSeconds = await settleStores(system);

  const focusQuery = `target_type=company&target_id=${focus}`;
  let deepPath = `/activities?${focusQuery}&limit=25`;
  for (let page = 1; page < 100; page += 1) {
    const answer = await call<{ next_cursor: string | null }>('GET', deepPath, undefined, token);
    deepPath = `/activities?${focusQuery}&limit=25&cursor=${encodeURIComponent(answer.next_cursor!)}`;
  }
  const scenarios = [
    {
      label: 'company timeline with include_contacts, first page of 25',
      path: `/activities?${focusQuery}`,
      target: 'p99 ≤ 20 ms',
    },
    { label: 'company timeline with include_contacts, 100th cursor page', path: deepPath, target: 'p99 ≤ 20 ms' },
    {
      label: 'company timeline without contacts',
      path: `/activities?${focusQuery}&include_contacts=false`,
      target: '',
    },
    { label: 'contact timeline', path: `/activities?target_type=contact&target_id=${focusContacts[0]}`, target: '' },
    { label: 'GET /tasks (mine, open)', path: '/tasks?status=open', target: '' },
  ];
  const rows: Array<{ label: string; target: string; figures: Array<[number, Figures]>; plans: string[] }> = [];
  for (const scenario of scenarios) {
    const plans = await plansOf(connection, () => call('GET', scenario.path, undefined, token));
    const figures: Array<[number, Figures]> = [];
    for (const connections of CONCURRENCY)
      figures.push([
        connections,
        await measure(`${system.url}${scenario.path}`, { authorization: `Bearer ${token}` }, { ...LOAD, connections }),
      ]);
    rows.push({ ...scenario, figures, plans });
  }

  const onFocus = activities.filter((activity) => activity.company_id === focus).length;
  console.log(
    `${ACTIVITIES} timeline entries (${onFocus} on the company under test with its ${focusContacts.length} contacts), ${COMPANIES} companies, ${contacts.length} contacts and ${TASKS} tasks in one workspace, seeded in ${seedSeconds.toFixed(1)} s on the embedded store, then its snapshot written in ${settleSeconds.toFixed(1)} s before measuring`,
  );
  console.log(
    `${LOAD.seconds} s per figure after ${LOAD.warmupSeconds} s warm-up, through the gateway; load from autocannon in a separate process`,
  );
  for (const row of rows) {
    console.log(`${row.label}${row.target ? ` (target ${row.target})` : ''}`);
    for (const [connections, figures] of row.figures)
      console.log(`  ${String(connections).padStart(2)} connection(s) ${formatFigures(figures)}`);
    for (const plan of row.plans) console.log(`  plan: ${plan}`);
  }
});
