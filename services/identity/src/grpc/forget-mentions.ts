import type { Connection } from 'mongoose';
import { compactStorage, type Logger } from '@crm/kit';
import type { identityV1 } from '@crm/protos';
import { checkAuditObject, forgetAuditMentions } from '../audit/audit-privacy';
import { forgetNotificationMentions } from '../notifications/notification-privacy';
import { mentionsOf } from '../shared/mentions';

// ForgetMentions: identity's part in a person's erasure (crm-core's POST /contacts/{id}/erase).
// The terms are used for this call only; once the records changed, the store is compacted so the
// overwritten names leave the disk too.
export async function forgetMentions(connection: Connection, logger: Logger, request: identityV1.ForgetMentionsRequest): Promise<identityV1.ForgetMentionsResponse> {
  checkAuditObject(request);
  const mentions = mentionsOf(request.terms);
  const audit = await forgetAuditMentions(connection, request, mentions);
  const notifications = await forgetNotificationMentions(connection, request.workspace_id, mentions);
  if (audit + notifications > 0) await compactStorage(connection, ['audit_entries', 'notifications'], logger);
  return { audit_entries_changed: audit, notifications_changed: notifications };
}
