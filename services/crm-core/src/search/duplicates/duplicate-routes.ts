import {
  conflict,
  forbidden,
  implement,
  isDuplicateKey,
  isoNow,
  newId,
  notFound,
  validationFailed,
  workspaceOf,
  type Implementation,
  type InternalClaims,
} from '@crm/kit';
import { duplicateGroupDismissed } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { duplicateDismissalModel, type DuplicateDismissalRecord } from './duplicate-dismissal.model';
import { listDuplicateGroups, membersOf, membershipHash, parseGroupKey } from './duplicate-groups';
import { dismissDuplicates, listDuplicates, type DismissDuplicatesBody } from './duplicate.operations';

// The group is checked against the records as they are now: one that no longer exists is 404,
// one whose members changed since it was listed is 409 (list again: it has a new key).
async function dismiss(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  body: DismissDuplicatesBody,
): Promise<void> {
  const identity = parseGroupKey(body.key);
  if (identity.object !== body.object)
    throw validationFailed(`key is a group of ${identity.object} records, not of ${body.object} ones`);
  const members = await membersOf(context, workspaceId, identity);
  if (members.length < 2) throw notFound('duplicate group');
  if (membershipHash(members) !== identity.hash)
    throw conflict(
      'the group has other members now: list duplicates again and dismiss its new key',
      'duplicate_group_changed',
    );
  const dismissals = duplicateDismissalModel(context.connection);
  try {
    await commit(context, async ({ transaction, publish }) => {
      if (await dismissals.exists({ workspace_id: workspaceId, group: body.key }).session(transaction).exec()) return;
      const record: DuplicateDismissalRecord = {
        _id: newId(),
        version: 1,
        workspace_id: workspaceId,
        object: identity.object,
        reason: identity.reason,
        group: body.key,
        record_ids: members,
        dismissed_by: claims.user_id ?? null,
        dismissed_at: isoNow(),
      };
      await dismissals.create([record], { session: transaction });
      publish(duplicateGroupDismissed, {
        workspace_id: workspaceId,
        actor: claims.actor,
        data: {
          duplicate_group_id: record._id,
          object: record.object,
          reason: record.reason,
          group: record.group,
          record_ids: record.record_ids,
          dismissed_at: record.dismissed_at,
          version: record.version,
        },
      });
    });
  } catch (error) {
    // Two dismissals of one group at once: the unique index keeps one, the other is a repeat.
    if (!isDuplicateKey(error)) throw error;
  }
}

// The matrix asks companies:read to list and companies:write to dismiss; contact groups show and
// hide contacts, so they also need what reading or changing contacts needs.
function checkContactAccess(
  claims: InternalClaims,
  object: string,
  permission: 'contacts:read' | 'contacts:write',
): void {
  if (object === 'contact' && !claims.permissions.includes(permission))
    throw forbidden(`duplicate contacts need ${permission}`);
}

export function duplicateOperations(context: ServiceContext): Implementation[] {
  return [
    implement(listDuplicates, async ({ req, auth, query }) => {
      checkContactAccess(auth, query.object, 'contacts:read');
      return { data: await listDuplicateGroups(context, workspaceOf(req), query.object) };
    }),
    implement(dismissDuplicates, async ({ req, auth, body }) => {
      checkContactAccess(auth, body.object, 'contacts:write');
      return dismiss(context, auth, workspaceOf(req), body);
    }),
  ];
}
