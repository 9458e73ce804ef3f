import { implement, noteVersion, workspaceOf, type Implementation } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { createDeal, dealForecast as dealForecastOperation, deleteDeal, getDeal, listDeals, updateDeal } from './deal.operations';
import { dealForecast } from './deal-forecast';
import { listDealPage } from './deal-list';
import { dealViews } from './deal-view';
import { createDealRecord, deleteDealRecord, findDeal, updateDealRecord } from './deal-writes';

// The six deal operations of the contract; access comes from the permission matrix.
export function dealOperations(context: ServiceContext): Implementation[] {
  return [
    implement(listDeals, async ({ req, auth, query }) => listDealPage(context, workspaceOf(req), auth.user_id, query)),
    implement(createDeal, async ({ req, auth, body }) => createDealRecord(context, auth, workspaceOf(req), body)),
    implement(dealForecastOperation, async ({ req, auth, query }) => dealForecast(context, workspaceOf(req), auth.user_id, query)),
    implement(getDeal, async ({ req, params }) => {
      const workspaceId = workspaceOf(req);
      const deal = await findDeal(context, workspaceId, params.id);
      noteVersion(req, deal.version);
      const [view] = await dealViews(context, workspaceId, [deal]);
      return view!;
    }, { notesVersion: true }),
    implement(updateDeal, async ({ req, auth, params, body }) => updateDealRecord(context, auth, workspaceOf(req), params.id, body)),
    implement(deleteDeal, async ({ req, auth, params }) => deleteDealRecord(context, auth, workspaceOf(req), params.id)),
  ];
}
