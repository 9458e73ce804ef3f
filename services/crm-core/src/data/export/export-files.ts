import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { call, inBatches } from '@crm/kit';
import { identityV1 } from '@crm/protos';
import { peerClient, type ServiceContext } from '@crm/service-host';
import { companyModel, type CompanyRecord } from '../../records/companies/company.model';
import { companyViews } from '../../records/companies/company-view';
import { contactModel, type ContactRecord } from '../../records/contacts/contact.model';
import { contactView } from '../../records/contacts/contact-view';
import { dealModel, type DealRecord } from '../../sales/deals/deal.model';
import { dealViews } from '../../sales/deals/deal-view';
import { meetingModel, type MeetingRecord } from '../../work/meetings/meeting.model';
import { meetingViews } from '../../work/meetings/meeting-view';
import { taskModel, type TaskRecord } from '../../work/tasks/task.model';
import { taskView } from '../../work/tasks/task-view';
import { activityModel, type ActivityRecord } from '../../work/timeline/activity.model';
import { activityView } from '../../work/timeline/activity-view';
import {
  ACTIVITY_COLUMNS,
  COMPANY_COLUMNS,
  CONTACT_COLUMNS,
  DEAL_COLUMNS,
  headerOf,
  MEETING_COLUMNS,
  rowOf,
  TASK_COLUMNS,
  USER_COLUMNS,
  type Columns,
} from './export-columns';

// Records read per query: a few MB of memory at most, and few enough queries for 100,000 rows.
export const EXPORT_BATCH_SIZE = 1000;
// Members per ListMembers call (identity's maximum).
const MEMBERS_PAGE = 500;
// Members are listed by identity, which may take longer than a point lookup on a large workspace.
const LIST_MEMBERS_DEADLINE_MS = 10_000;

export const EXPORT_FILES = ['companies', 'contacts', 'deals', 'activities', 'tasks', 'meetings', 'users'] as const;
export type ExportFile = (typeof EXPORT_FILES)[number];

// One CSV file: its rows as the API shows the records, a batch of views at a time.
interface FileSource<View> {
  columns: Columns<View>;
  readonly views: () => AsyncGenerator<View[]>;
}

async function* viewsOf<Record, View>(
  batches: AsyncGenerator<Record[]>,
  toViews: (records: Record[]) => Promise<View[]> | View[],
): AsyncGenerator<View[]> {
  for await (const batch of batches) yield await toViews(batch);
}

async function* members(context: ServiceContext, workspaceId: string): AsyncGenerator<identityV1.MemberEntry[]> {
  const client = peerClient(context, 'identity', identityV1.IdentityServiceClient);
  let after = '';
  do {
    const page = await call(
      client.listMembers.bind(client),
      { workspace_id: workspaceId, after, limit: MEMBERS_PAGE },
      LIST_MEMBERS_DEADLINE_MS,
    );
    if (page.members.length > 0) yield page.members;
    after = page.next_after;
  } while (after);
}

// What each file holds (docs/export.md): the records a list of the API shows, so companies and
// contacts in the recycle bin are left out; everything else of the workspace is in.
function sources(context: ServiceContext, workspaceId: string): { [File in ExportFile]: FileSource<never> } {
  const { connection } = context;
  const size = EXPORT_BATCH_SIZE;
  const source = <View>(columns: Columns<View>, views: () => AsyncGenerator<View[]>) =>
    ({ columns, views }) as unknown as FileSource<never>;
  return {
    companies: source(COMPANY_COLUMNS, () =>
      viewsOf(
        inBatches<CompanyRecord>(
          companyModel(connection),
          { workspace_id: workspaceId, deleted_at: null },
          'created_at',
          size,
        ),
        (records) => companyViews(context, workspaceId, records),
      ),
    ),
    contacts: source(CONTACT_COLUMNS, () =>
      viewsOf(
        inBatches<ContactRecord>(
          contactModel(connection),
          { workspace_id: workspaceId, deleted_at: null },
          'created_at',
          size,
        ),
        (records) => records.map(contactView),
      ),
    ),
    deals: source(DEAL_COLUMNS, () =>
      viewsOf(
        inBatches<DealRecord>(dealModel(connection), { workspace_id: workspaceId }, 'created_at', size),
        (records) => dealViews(context, workspaceId, records),
      ),
    ),
    activities: source(ACTIVITY_COLUMNS, () =>
      viewsOf(
        inBatches<ActivityRecord>(activityModel(connection), { workspace_id: workspaceId }, null, size),
        (records) => records.map(activityView),
      ),
    ),
    tasks: source(TASK_COLUMNS, () =>
      viewsOf(inBatches<TaskRecord>(taskModel(connection), { workspace_id: workspaceId }, 'due_key', size), (records) =>
        records.map(taskView),
      ),
    ),
    meetings: source(MEETING_COLUMNS, () =>
      viewsOf(
        inBatches<MeetingRecord>(meetingModel(connection), { workspace_id: workspaceId }, 'starts_at', size),
        (records) => meetingViews(context, workspaceId, records),
      ),
    ),
    users: source(USER_COLUMNS, () => members(context, workspaceId)),
  };
}

// A file's CSV as a stream that reads its records only as the ZIP pulls bytes (a Readable's
// back-pressure): RFC 4180 (CRLF line ends, fields quoted when they hold a comma, quote or line
// break, quotes doubled), UTF-8 with a byte order mark so spreadsheets read accents correctly.
export function csvStream(
  context: ServiceContext,
  workspaceId: string,
  file: ExportFile,
  counted: (rows: number) => void,
): Readable {
  const { columns, views } = sources(context, workspaceId)[file];
  const csv = stringify({ bom: true, record_delimiter: 'windows', quoted_match: /^\s|\s$/ });
  async function* rows(): AsyncGenerator<string[]> {
    yield headerOf(columns);
    let count = 0;
    for await (const batch of views()) {
      for (const view of batch) yield rowOf(columns, view);
      count += batch.length;
    }
    counted(count);
  }
  const source = Readable.from(rows());
  source.once('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
