import { implement, workspaceOf, type Implementation } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { createTask, listTasks, updateTask } from './task.operations';
import { listTaskPage } from './task-list';
import { createTaskRecord, updateTaskRecord } from './task-writes';

// GET/POST /tasks, PATCH /tasks/{id}; access comes from the permission matrix.
export function taskOperations(context: ServiceContext): Implementation[] {
  return [
    implement(listTasks, async ({ req, auth, query }) => listTaskPage(context, auth, workspaceOf(req), query)),
    implement(createTask, async ({ req, auth, body }) => createTaskRecord(context, auth, workspaceOf(req), body)),
    implement(updateTask, async ({ req, auth, params, body }) =>
      updateTaskRecord(context, auth, workspaceOf(req), params.id, body),
    ),
  ];
}
