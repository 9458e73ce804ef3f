import { declareOperation, ListOf, Named, Strict, StringEnum, Type, type Static } from '@crm/kit';
import { contactsAside, needs } from '@crm/protos';
import { Company } from '../../records/companies/company.operations';
import { Contact } from '../../records/contacts/contact.operations';

export const DUPLICATE_OBJECTS = ['company', 'contact'] as const;
export type DuplicateObject = (typeof DUPLICATE_OBJECTS)[number];
export const DUPLICATE_REASONS = ['same_domain', 'same_name', 'same_email', 'same_name_at_company'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];
// The reasons of each object, strongest first: the order groups are listed in.
export const REASONS_OF: Record<DuplicateObject, readonly DuplicateReason[]> = {
  company: ['same_domain', 'same_name'],
  contact: ['same_email', 'same_name_at_company'],
};

// A page of suggestions, not an export: the biggest workspaces see the first groups, dismiss or
// merge them, and the next ones come up.
export const DUPLICATE_GROUPS_MAX = 100;
export const DUPLICATE_GROUP_RECORDS_MAX = 50;
export const DUPLICATE_KEY_MAX_LENGTH = 4000;

export const DuplicateGroup = Named(
  'DuplicateGroup',
  Strict({
    key: Type.String({
      maxLength: DUPLICATE_KEY_MAX_LENGTH,
      description:
        'Stable while the group has the same members; POST /duplicates/dismiss takes it. A member joining or leaving gives the group a new key.',
    }),
    object: StringEnum(DUPLICATE_OBJECTS),
    reason: StringEnum(DUPLICATE_REASONS, {
      description:
        'same_domain (companies, domain without www.), same_name (companies: name ignoring case, punctuation, accents and legal suffixes such as Ltd, PLC, Inc, GmbH), same_email (contacts, any case), same_name_at_company (contacts: first and last name, compared the same way, at one company).',
    }),
    value: Type.String({
      description:
        'What the members share, as compared: the domain, the normalised name, the email, or the company id and the normalised name joined by "/".',
    }),
    size: Type.Integer({
      minimum: 2,
      description: `How many records the group has; records lists the oldest ${DUPLICATE_GROUP_RECORDS_MAX}.`,
    }),
    records: Type.Array(Type.Union([Company, Contact]), {
      description: 'Companies or contacts (as object says), oldest first: the first is the natural one to merge into.',
    }),
  }),
);
export type DuplicateGroupView = Static<typeof DuplicateGroup>;

export const listDuplicates = declareOperation({
  method: 'GET',
  path: '/duplicates',
  access: contactsAside(needs('companies:read'), 'refused for `object=contact`'),
  cost: 5,
  summary: 'List groups of likely duplicates',
  description: `Companies with the same domain or the same name; contacts with the same email, or the same name at one company. Records in the recycle bin never appear; dismissed groups do not either, until their members change. At most ${DUPLICATE_GROUPS_MAX} groups, strongest reason first, then by value.`,
  query: Type.Object({ object: StringEnum(DUPLICATE_OBJECTS) }),
  status: 200,
  response: Named('DuplicateGroupList', ListOf(DuplicateGroup)),
});

export const dismissDuplicates = declareOperation({
  method: 'POST',
  path: '/duplicates/dismiss',
  access: needs('companies:write'),
  summary: 'Stop suggesting a group of likely duplicates',
  description:
    'The group, with the members it has now, is no longer listed; when a record joins or leaves it, it is suggested again under a new key. 404 when no such group exists (any more); 409 duplicate_group_changed when its members changed since it was listed. Dismissing a dismissed group again changes nothing.',
  body: Named(
    'DuplicateDismissal',
    Strict({
      object: StringEnum(DUPLICATE_OBJECTS),
      key: Type.String({
        minLength: 1,
        maxLength: DUPLICATE_KEY_MAX_LENGTH,
        description: 'The key of a group of GET /duplicates.',
      }),
    }),
  ),
  status: 204,
  response: null,
  errors: [404, 409],
});
export type DismissDuplicatesBody = Static<NonNullable<typeof dismissDuplicates.body>>;
