import {
  implement,
  implementCreate,
  noteVersion,
  workspaceOf,
  type Implementation,
  type InternalClaims,
} from '@crm/kit';
import {
  createDeal,
  dealForecast as dealForecastOperation,
  deleteDeal,
  getDeal,
  listDeals,
  updateDeal,
} from './deal.operations';
import { dealForecast } from './deal-forecast';
import { listDealPage } from './deal-list';
import type { DealView } from './deal.operations';
import { dealViews } from './deal-view';
import { createDealRecord, deleteDealRecord, findDeal, updateDealRecord } from './deal-writes';
import type { CrmCoreRuntime } from '../../crm-core-runtime';

// A deal names its contact only to a caller who may read contacts.
function shownTo(auth: InternalClaims, view: DealView): DealView {
  return auth.permissions.includes('contacts:read') ? view : { ...view, contact_name: null };
}

// The six deal operations of the contract; access comes from the permission matrix.
export function dealOperations(runtime: CrmCoreRuntime): Implementation[] {
  const { context } = runtime;
  return [
    implement(listDeals, async ({ req, auth, query }) => {
      const page = await listDealPage(context, workspaceOf(req), auth.user_id, query);
      return { ...page, data: page.data.map((view) => shownTo(auth, view)) };
    }),
    implementCreate(createDeal, async ({ req, auth, body }) =>
      shownTo(auth, await createDealRecord(runtime, auth, workspaceOf(req), body)),
    ),
    implement(dealForecastOperation, async ({ req, auth, query }) =>
      dealForecast(context, workspaceOf(req), auth.user_id, query),
    ),
    implement(
      getDeal,
      async ({ req, auth, params }) => {
        const workspaceId = workspaceOf(req);
        const deal = await findDeal(context, workspaceId, params.id);
        noteVersion(req, deal.version);
        const [view] = await dealViews(context, workspaceId, [deal]);
        return shownTo(auth, view);
      },
      { notesVersion: true },
    ),
    implement(updateDeal, async ({ req, auth, params, body }) =>
      shownTo(auth, await updateDealRecord(context, auth, workspaceOf(req), params.id, body)),
    ),
    implement(deleteDeal, async ({ req, auth, params }) =>
      deleteDealRecord(context, auth, workspaceOf(req), params.id),
    ),
  ];
}
