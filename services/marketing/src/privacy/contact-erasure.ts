import type { Connection } from 'mongoose';
import { applyRecordState, on, redactKeptEvents, routeEvents, type EventEnvelope, type EventRoute } from '@crm/bus';
import { validationFailed } from '@crm/kit';
import { contactErased, contactErasureOf, EVENT_CONTRACTS, recordStateOf, type marketingV1 } from '@crm/protos';
import { contactCopyModel } from '../crm-records/crm-record.model';
import { commit, forgetAnswersNaming, requestStorageCompaction, type ServiceContext } from '@crm/service-host';
import { submissionModel } from '../submissions/submission.model';
import { campaignNamesOf } from '../touchpoints/touchpoint-view';
import { touchpointModel, type TouchpointRecord } from '../touchpoints/touchpoint.model';

// Marketing's part in a contact's subject access request (ListTouchpointsOf, over gRPC) and its
// erasure (crm.contact.erased). Touchpoints stay counted for their campaigns (a lead is still a
// lead) but lose what could identify the person: the free-text note and the external reference.
// Web-form submissions that became the contact are deleted: they are the person's own words.

export const CONTACT_ERASURE_CONSUMER = 'marketing.contact-erasure';
const LIST_LIMIT = 1000;

export async function listTouchpointsOf(
  context: ServiceContext,
  request: marketingV1.ListTouchpointsOfRequest,
): Promise<marketingV1.ListTouchpointsOfResponse> {
  if (!request.workspace_id) throw validationFailed('workspace_id is required');
  if (!request.contact_id) throw validationFailed('contact_id is required');
  const touchpoints = await touchpointModel(context.connection)
    .find({ workspace_id: request.workspace_id, contact_id: request.contact_id.toLowerCase() })
    .sort({ occurred_at: -1, _id: -1 })
    .limit(LIST_LIMIT)
    .lean<TouchpointRecord[]>()
    .exec();
  const names = await campaignNamesOf(
    context,
    request.workspace_id,
    touchpoints.map((touchpoint) => touchpoint.campaign_id),
  );
  return {
    touchpoints: touchpoints.map((touchpoint) => ({
      id: touchpoint._id,
      campaign_id: touchpoint.campaign_id,
      campaign_name: names.get(touchpoint.campaign_id) ?? '',
      kind: touchpoint.kind,
      occurred_at: touchpoint.occurred_at,
      note: touchpoint.note ?? undefined,
      external_ref: touchpoint.external_ref ?? undefined,
      company_id: touchpoint.company_id ?? undefined,
    })),
  };
}

async function eraseContact(
  context: ServiceContext,
  connection: Connection,
  event: EventEnvelope,
  workspaceId: string,
  contactId: string,
): Promise<void> {
  // The copy of the contact's name goes now (the projection would do the same on its own
  // delivery, which may come after the compaction below).
  const record = recordStateOf(EVENT_CONTRACTS, event);
  if (record)
    await applyRecordState(contactCopyModel(connection), { ...record, workspace_id: workspaceId, state: null });
  await commit(context, async ({ transaction }) => {
    await touchpointModel(connection).updateMany(
      {
        workspace_id: workspaceId,
        contact_id: contactId,
        $or: [{ note: { $ne: null } }, { external_ref: { $ne: null } }],
      },
      { $set: { note: null, external_ref: null } },
      { session: transaction },
    );
    await submissionModel(connection).deleteMany(
      { workspace_id: workspaceId, contact_id: contactId },
      { session: transaction },
    );
    // Answers kept for Idempotency-Key retries naming the contact (a touchpoint with its note).
    await forgetAnswersNaming(connection, workspaceId, [contactId], transaction);
  });
  // Kept copies of the workspace's events naming the contact (touchpoints, submissions) lose the
  // person's values by their contracts' rules; the bytes leave the disk at the next compaction.
  await redactKeptEvents(connection, workspaceId, contactErasureOf(contactId));
  await requestStorageCompaction(context, [
    'touchpoints',
    'form_submissions',
    'outbox',
    'dead_letters',
    'idempotency_keys',
  ]);
}

// Idempotent by construction: a redelivery finds nothing left to clear.
export function contactErasureHandler(context: ServiceContext): EventRoute {
  return on(contactErased, async (event) => {
    const contactId = event.data.contact_id;
    if (!event.workspace_id) return;
    await eraseContact(context, context.connection, event, event.workspace_id, contactId);
  });
}

export async function subscribeContactErasure(context: ServiceContext): Promise<void> {
  const { patterns, handler } = routeEvents(contactErasureHandler(context));
  await context.bus.subscribe(CONTACT_ERASURE_CONSUMER, patterns, handler);
}
