import { Type } from '@sinclair/typebox';
import { defineEvent, type ErasureRule, type PayloadOf } from './event-contract';
import { ERASED_TEXT, namesContact } from './erasure';

// crm-core's duplicate suggestions. A dismissal is a record of its own: the group it hides (its
// members at that moment), made once, never changed.

const duplicateGroupState = {
  duplicate_group_id: Type.String({ description: 'The dismissal record.' }),
  object: Type.String({ description: 'company or contact' }),
  reason: Type.String({ description: 'same_domain, same_name, same_email or same_name_at_company' }),
  // The group's `key` of GET /duplicates (a field named *key would be refused as a secret).
  group: Type.String({ description: 'The key of the dismissed group.' }),
  record_ids: Type.Array(Type.String(), { description: 'The members of the group when it was dismissed.' }),
  dismissed_at: Type.String(),
};

// A group's key is made of what its members share (an email, a name): once one of them is
// erased, the dismissal keeps its members and loses the key.
const erasesGroupKey: ErasureRule = (data, contactId) =>
  data.object === 'contact' &&
  Array.isArray(data.record_ids) &&
  data.record_ids.some((id) => namesContact(id, contactId))
    ? { ...data, group: ERASED_TEXT }
    : null;

export const duplicateGroupDismissed = defineEvent({
  type: 'crm.duplicate_group.dismissed',
  description: 'A group of likely duplicates was dismissed: it is not suggested again until its membership changes.',
  record: { entity: 'duplicate_group', idField: 'duplicate_group_id' },
  erasure: erasesGroupKey,
  payload: duplicateGroupState,
});

export const CRM_DUPLICATE_EVENT_CONTRACTS = [duplicateGroupDismissed] as const;

export type DuplicateGroupDismissedData = PayloadOf<typeof duplicateGroupDismissed>;

export const CRM_DUPLICATE_EVENTS_TYPES = { duplicateGroupDismissed: duplicateGroupDismissed.type } as const;
