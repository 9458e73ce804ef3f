import { declareOperation, ListOf, Named, Nullable, Strict, StringEnum, Type, Uuid, type Static } from '@crm/kit';
import { contactsAside, needs } from '@crm/protos';

export const RECENT_TYPES = ['company', 'contact'] as const;
export type RecentType = (typeof RECENT_TYPES)[number];

// How many records a member's recent list keeps; older visits are removed.
export const RECENT_LIMIT = 50;

// SearchHit (spec section 2): what search and recent lists show of a record.
export const SearchHit = Named(
  'SearchHit',
  Strict({
    type: StringEnum(RECENT_TYPES),
    id: Uuid(),
    title: Type.String(),
    subtitle: Nullable(Type.String()),
  }),
);
export type SearchHitView = Static<typeof SearchHit>;

export const listRecent = declareOperation({
  method: 'GET',
  path: '/recent',
  access: contactsAside(needs('companies:read'), 'contacts left out'),
  summary: 'List the records the caller visited lately',
  description: `Newest first, each record once, at most ${RECENT_LIMIT}. Per member (an API key's are its creator's). Records in the recycle bin or erased are left out.`,
  status: 200,
  response: Named('SearchHitList', ListOf(SearchHit)),
});

export const recordRecent = declareOperation({
  method: 'POST',
  path: '/recent',
  access: contactsAside(needs('companies:read'), 'refused for a contact'),
  summary: 'Note that the caller visited a record',
  description: `A record visited again moves to the top; the list keeps the newest ${RECENT_LIMIT}. The id must be a company or contact of the workspace that is not in the recycle bin.`,
  body: Named('RecentView', Strict({ type: StringEnum(RECENT_TYPES), id: Uuid() })),
  status: 204,
  response: null,
});
export type RecordRecentBody = Static<NonNullable<typeof recordRecent.body>>;
