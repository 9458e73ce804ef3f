import { minorAmount } from '@crm/kit';
import { contactDisplayName, EVENT_CONTRACTS, recordStateOf } from '@crm/protos';
import { projectionBatchHandler, type EventEnvelope, type RecordState } from '@crm/bus';
import type { ServiceContext } from '@crm/service-host';
import {
  companyCopyModel,
  contactCopyModel,
  dealCopyModel,
  type CompanyCopyState,
  type ContactCopyState,
  type DealCopyState,
} from './crm-record.model';

type Data = Record<string, unknown>;
const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

// The record's state as the projection keeps it, or null for an event it cannot place.
function read<State extends object>(map: (data: Data, workspaceId: string) => State) {
  return (event: EventEnvelope): RecordState<State> | null => {
    const record = recordStateOf(EVENT_CONTRACTS, event);
    if (!record || !event.workspace_id) return null;
    return { ...record, state: record.state && map(record.state, event.workspace_id) };
  };
}

const companyState = (data: Data, workspaceId: string): CompanyCopyState => ({
  workspace_id: workspaceId,
  name: textOf(data.name),
  campaign_id: textOf(data.campaign_id),
  in_bin: textOf(data.deleted_at) !== null,
});

const contactState = (data: Data, workspaceId: string): ContactCopyState => ({
  workspace_id: workspaceId,
  name: contactDisplayName(data),
  company_id: textOf(data.company_id),
});

function dealState(data: Data, workspaceId: string): DealCopyState {
  // Events carry the value in major units, exact to the cent (docs/money.md).
  const value = typeof data.value === 'number' && data.value >= 0 ? data.value : 0;
  const { high, low } = minorAmount(Math.round(value * 100) / 100, 'value');
  return {
    workspace_id: workspaceId,
    campaign_id: textOf(data.campaign_id),
    status: String(data.status),
    currency: String(data.currency),
    value_high: high,
    value_low: low,
  };
}

export const CRM_COMPANIES_CONSUMER = 'marketing.crm-companies';
export const CRM_CONTACTS_CONSUMER = 'marketing.crm-contacts';
export const CRM_DEALS_CONSUMER = 'marketing.crm-deals';

export async function subscribeCrmRecords(context: ServiceContext): Promise<void> {
  const { connection, bus } = context;
  await bus.subscribeBatch(
    CRM_COMPANIES_CONSUMER,
    ['crm.company.*'],
    projectionBatchHandler({ model: companyCopyModel(connection), read: read(companyState) }),
  );
  await bus.subscribeBatch(
    CRM_CONTACTS_CONSUMER,
    ['crm.contact.*'],
    projectionBatchHandler({ model: contactCopyModel(connection), read: read(contactState) }),
  );
  await bus.subscribeBatch(
    CRM_DEALS_CONSUMER,
    ['crm.deal.*'],
    projectionBatchHandler({ model: dealCopyModel(connection), read: read(dealState) }),
  );
}

// Names of companies and contacts by id, from the projections (a rename shows once its event
// arrives; a purged record has no name).
export async function crmNames(
  context: ServiceContext,
  workspaceId: string,
  companyIds: Array<string | null>,
  contactIds: Array<string | null>,
) {
  const ids = (list: Array<string | null>) => [...new Set(list.filter((id): id is string => typeof id === 'string'))];
  const [companies, contacts] = await Promise.all([
    ids(companyIds).length === 0
      ? []
      : companyCopyModel(context.connection)
          .find({ workspace_id: workspaceId, _id: { $in: ids(companyIds) }, deleted: false }, { name: 1 })
          .lean<Array<{ _id: string; name: string | null }>>()
          .exec(),
    ids(contactIds).length === 0
      ? []
      : contactCopyModel(context.connection)
          .find({ workspace_id: workspaceId, _id: { $in: ids(contactIds) }, deleted: false }, { name: 1 })
          .lean<Array<{ _id: string; name: string | null }>>()
          .exec(),
  ]);
  const named = (rows: Array<{ _id: string; name: string | null }>) =>
    new Map(rows.flatMap((row) => (row.name === null ? [] : [[row._id, row.name] as const])));
  return { companies: named(companies), contacts: named(contacts) };
}
