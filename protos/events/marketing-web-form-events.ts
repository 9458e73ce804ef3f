import { Type } from '@sinclair/typebox';
import { defineEvent, type ErasureRule, type PayloadOf } from './event-contract';
import { ERASED_CONTACT_NAME, namesContact } from './erasure';

// marketing's web-to-lead form facts. A payload is the form's public state (WebForm in the
// contract without public_key, action_url and embed_html: the key is what lets anyone post to the
// form, so it stays out of the bus like every other key) and its version.

const nullableString = () => Type.Union([Type.String(), Type.Null()]);

const webFormState = {
  web_form_id: Type.String(),
  name: Type.String(),
  fields: Type.Array(Type.String()),
  require_consent: Type.Boolean(),
  consent_text: nullableString(),
  owner_id: nullableString(),
  source_id: nullableString(),
  campaign_id: nullableString(),
  redirect_url: nullableString(),
  enabled: Type.Boolean(),
  submissions: Type.Integer({ minimum: 0 }),
  last_submission_at: nullableString(),
  created_at: Type.String(),
  updated_at: Type.String(),
};

const webForm = { entity: 'web_form', idField: 'web_form_id' };

export const webFormCreated = defineEvent({
  type: 'marketing.web_form.created',
  description: 'A web form was created.',
  record: webForm,
  payload: webFormState,
});

export const webFormUpdated = defineEvent({
  type: 'marketing.web_form.updated',
  description: 'A web form was changed by PATCH (enabled false disables it).',
  record: webForm,
  payload: {
    ...webFormState,
    fields_changed: Type.Array(Type.String(), { description: 'The fields this change set.' }),
  },
});

// The submission became the erased contact: its name reads as the contact now does.
const erasesSubmitter: ErasureRule = (data, contactId) =>
  namesContact(data.contact_id, contactId) && typeof data.contact_name === 'string'
    ? { ...data, contact_name: ERASED_CONTACT_NAME }
    : null;

export const webFormSubmitted = defineEvent({
  type: 'marketing.web_form.submitted',
  description:
    "A submission of the form was processed: the company and contact it created or matched, the campaign credited. Identity notifies the form's owner. The visitor's message is not carried (it is the touchpoint's note).",
  record: webForm,
  erasure: erasesSubmitter,
  payload: {
    ...webFormState,
    submission_id: Type.String(),
    company_id: nullableString(),
    company_name: nullableString(),
    contact_id: nullableString(),
    contact_name: nullableString(),
    credited_campaign_id: nullableString(),
    submitted_at: Type.String(),
  },
});

export const MARKETING_WEB_FORM_EVENT_CONTRACTS = [webFormCreated, webFormUpdated, webFormSubmitted] as const;

export type WebFormCreatedData = PayloadOf<typeof webFormCreated>;
export type WebFormUpdatedData = PayloadOf<typeof webFormUpdated>;
export type WebFormSubmittedData = PayloadOf<typeof webFormSubmitted>;

export const MARKETING_WEB_FORM_EVENTS_TYPES = {
  webFormCreated: webFormCreated.type,
  webFormUpdated: webFormUpdated.type,
  webFormSubmitted: webFormSubmitted.type,
} as const;
