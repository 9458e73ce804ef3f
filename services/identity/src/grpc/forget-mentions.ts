import { redactKeptEvents } from '@crm/bus';
import { contactErasureOf, type identityV1 } from '@crm/protos';
import { requestStorageCompaction, type ServiceContext } from '@crm/service-host';
import { checkAuditObject, forgetAuditMentions } from '../audit/audit-privacy';
import { forgetNotificationMentions } from '../notifications/notification-privacy';
import { mentionsOf } from '../shared/mentions';

// ForgetMentions: identity's part in a person's erasure (crm-core's POST /contacts/{id}/erase).
// The terms are used for this call only. The workspace's kept events naming a contact (dead
// letters of identity's consumers) lose the person's values by the events' contracts; once the
// records changed, the store's compaction is asked for so the overwritten names leave the disk too.
export async function forgetMentions(
  context: ServiceContext,
  request: identityV1.ForgetMentionsRequest,
): Promise<identityV1.ForgetMentionsResponse> {
  const { connection } = context;
  checkAuditObject(request);
  const mentions = mentionsOf(request.terms);
  const audit = await forgetAuditMentions(connection, request, mentions);
  const notifications = await forgetNotificationMentions(connection, request.workspace_id, mentions);
  const kept =
    request.object_type === 'contact'
      ? await redactKeptEvents(connection, request.workspace_id, contactErasureOf(request.object_id))
      : null;
  if (audit + notifications + (kept ? kept.outbox_rows + kept.dead_letters : 0) > 0)
    await requestStorageCompaction(context, ['audit_entries', 'notifications', 'dead_letters']);
  return { audit_entries_changed: audit, notifications_changed: notifications };
}
