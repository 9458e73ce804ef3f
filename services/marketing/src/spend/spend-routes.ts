import { implement, workspaceOf, type Implementation } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { deleteSpend, listSpend, recordSpend } from './spend.operations';
import { deleteSpendLine, listSpendLines, recordSpendLines } from './spend-writes';

// A campaign's spend (Standard plan; access from the permission matrix).
export function spendOperations(context: ServiceContext): Implementation[] {
  return [
    implement(listSpend, async ({ req, params }) => listSpendLines(context, workspaceOf(req), params.id)),
    implement(recordSpend, async ({ req, auth, params, body }) =>
      recordSpendLines(context, auth, workspaceOf(req), params.id, body),
    ),
    implement(deleteSpend, async ({ req, auth, params }) =>
      deleteSpendLine(context, auth, workspaceOf(req), params.id, params.spend_id),
    ),
  ];
}
