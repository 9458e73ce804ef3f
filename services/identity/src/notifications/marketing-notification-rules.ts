import { webFormSubmitted } from '@crm/protos';
import { notifies, text } from './notification-rule';

// Notifications about marketing's web forms (protos/events/marketing-web-form-events.ts): the
// form's owner hears of each submission that became a lead (web_form_submission).

export const MARKETING_NOTIFICATION_RULES = [
  // data: the WebForm's public state (web_form_id, name, owner_id, ...) and the submission's
  // company_id, company_name, contact_id, contact_name, submitted_at
  notifies(webFormSubmitted, {
    kind: 'web_form_submission',
    recipients: (data) => {
      const owner = text(data, 'owner_id');
      return owner === null ? [] : [owner];
    },
    content: (data, _event, setting) => {
      const who = text(data, 'contact_name') ?? text(data, 'company_name') ?? 'Someone';
      const company = text(data, 'company_name');
      const contactId = text(data, 'contact_id');
      const companyId = text(data, 'company_id');
      return {
        title: `New lead from "${text(data, 'name') ?? 'a web form'}": ${who}`,
        body:
          company !== null && company !== who
            ? `${who} of ${company} filled in the form.`
            : `${who} filled in the form.`,
        link: contactId
          ? `${setting.publicUrl}/v1/contacts/${contactId}`
          : companyId
            ? `${setting.publicUrl}/v1/companies/${companyId}`
            : null,
      };
    },
  }),
];
