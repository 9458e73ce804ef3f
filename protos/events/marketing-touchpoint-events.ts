import { Type } from '@sinclair/typebox';
import { defineEvent, type ErasureRule, type PayloadOf } from './event-contract';
import { namesContact } from './erasure';

// marketing's touchpoint facts: a contact's or company's contact with a campaign (Touchpoint in
// the contract) and its version. The timeline shows a touchpoint on its contact's and company's
// timeline from marketing.touchpoint.recorded, and follows marketing.touchpoint.moved when a merge
// moves it to the surviving record.

const nullableString = () => Type.Union([Type.String(), Type.Null()]);

const touchpointState = {
  touchpoint_id: Type.String(),
  campaign_id: Type.String(),
  campaign_name: Type.String(),
  contact_id: nullableString(),
  company_id: nullableString(),
  kind: Type.String({ description: 'form, ad_click, email_open, email_click, visit, event, call or other' }),
  occurred_at: Type.String(),
  note: nullableString(),
  external_ref: nullableString(),
  actor_label: Type.Union([Type.String(), Type.Null()], {
    description: "Who recorded it: the API key's name when a key sent it, the member's name, or the web form's name.",
  }),
  created_at: Type.String(),
};

const touchpoint = { entity: 'touchpoint', idField: 'touchpoint_id' };

// A touchpoint of the erased contact keeps counting for its campaign without what could identify
// the person (marketing's touchpoints do the same).
const erasesTouchpointText: ErasureRule = (data, contactId) =>
  namesContact(data.contact_id, contactId) ? { ...data, note: null, external_ref: null } : null;

export const touchpointRecorded = defineEvent({
  type: 'marketing.touchpoint.recorded',
  description:
    'A touchpoint was recorded for a contact or a company: by POST /touchpoints or by a web form submission (kind form).',
  record: touchpoint,
  erasure: erasesTouchpointText,
  payload: touchpointState,
});

export const touchpointMoved = defineEvent({
  type: 'marketing.touchpoint.moved',
  description:
    'A touchpoint moved to another contact or company because its own was merged into that one (crm.contact.merged, crm.company.merged).',
  record: touchpoint,
  erasure: erasesTouchpointText,
  payload: { ...touchpointState, fields: Type.Array(Type.String(), { description: 'contact_id and/or company_id' }) },
});

export const MARKETING_TOUCHPOINT_EVENT_CONTRACTS = [touchpointRecorded, touchpointMoved] as const;

export type TouchpointRecordedData = PayloadOf<typeof touchpointRecorded>;
export type TouchpointMovedData = PayloadOf<typeof touchpointMoved>;

export const MARKETING_TOUCHPOINT_EVENTS_TYPES = {
  touchpointRecorded: touchpointRecorded.type,
  touchpointMoved: touchpointMoved.type,
} as const;
