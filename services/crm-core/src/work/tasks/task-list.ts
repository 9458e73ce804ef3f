import { forbidden, keysetPage, type InternalClaims, type KeysetOrder } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import type { FilterQuery } from 'mongoose';
import { fromCursor } from '../../records/list-paging';
import { taskModel, type TaskRecord } from './task.model';
import type { ListTasksQuery, TaskView } from './task.operations';
import { taskView } from './task-view';

// Due soonest first, undated last (due_key), then by id: a cursor no insert moves.
const DUE_FIRST: KeysetOrder = { name: 'due_asc', field: 'due_key', direction: 1 };

export async function listTaskPage(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  query: ListTasksQuery,
): Promise<{ data: TaskView[]; next_cursor: string | null }> {
  const filter: FilterQuery<TaskRecord> = { workspace_id: workspaceId };
  if (query.assignee === 'me') filter.assignee_id = claims.user_id;
  else if (query.assignee !== 'any') filter.assignee_id = query.assignee.toLowerCase();
  if (query.status) filter.status = query.status;
  if (query.target_id) filter.target_id = query.target_id.toLowerCase();
  if (query.target_type) filter.target_type = query.target_type;
  // A task about a contact names them in its title: without contacts:read it is not shown.
  if (!claims.permissions.includes('contacts:read')) {
    if (query.target_type === 'contact') throw forbidden("a contact's tasks need the contacts:read permission");
    filter.target_type ??= { $ne: 'contact' };
  }
  const page = await keysetPage(taskModel(context.connection), fromCursor(filter, DUE_FIRST, query.cursor), {
    order: DUE_FIRST,
    limit: query.limit,
    cursor: query.cursor,
  });
  return { data: page.data.map(taskView), next_cursor: page.next_cursor };
}
